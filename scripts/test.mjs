#!/usr/bin/env node
// `npm test`: builds what is stale, then every suite — Rust, TypeScript declarations and
// the example bot's types, Node (addon, WASM, peers, CLI, the example bot) and the real
// browser. Every suite runs even when one fails; the exit code and the closing tally say
// whether all passed.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystem } from './ensure-system.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, CARGO_BUILD_JOBS: process.env.CARGO_BUILD_JOBS ?? '2' };

const build = spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
ensureSystem();

const suites = [
  ['rust', 'cargo', ['test', '-p', 'gamequery-core', '--all-features']],
  ['types', join(root, 'node_modules/.bin/tsc'), ['-p', 'tests/types']],
  // The declarations compile for Node projects without the DOM's types too.
  ['types (Node, no DOM)', join(root, 'node_modules/.bin/tsc'), ['-p', 'tests/types/tsconfig.node.json']],
  ['example', join(root, 'node_modules/.bin/tsc'), ['-p', 'examples/discord-bot']],
  ['node', 'node', ['--test', '--test-reporter=spec', '--test-concurrency=1', 'tests/node/']],
  // The same suites with `require('gamequery')` on the WASM engine (what runs where no
  // prebuilt addon fits).
  ['node (WASM engine)', 'node', ['--test', '--test-reporter=spec', '--test-concurrency=1', 'tests/node/'], { GAMEQUERY_ENGINE: 'wasm' }],
  ['browser', 'node', ['--test', '--test-reporter=spec', 'tests/browser/']],
];

let passed = 0;
let failed = 0;
const failedSuites = [];

function tally(text) {
  for (const m of text.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  for (const m of text.matchAll(/^ℹ pass (\d+)$/gm)) passed += Number(m[1]);
  for (const m of text.matchAll(/^ℹ fail (\d+)$/gm)) failed += Number(m[1]);
}

for (const [name, cmd, args, extra] of suites) {
  console.log(`\n[test] ── ${name}: ${cmd.replace(root + '/', '')} ${args.join(' ')}`);
  const code = await new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('close', (c) => { tally(out); resolve(c); });
  });
  // A type check is one test: it passes or it does not.
  if (name.startsWith('types') || name === 'example') code === 0 ? passed++ : failed++;
  if (code !== 0) failedSuites.push(name);
}

console.log(`\n[test] suites failed: ${failedSuites.length ? failedSuites.join(', ') : 'none'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSuites.length || failed ? 1 : 0);
