#!/usr/bin/env node
// Installs what is missing and builds what is stale, so `npm run demo` and `npm test`
// work alone from a fresh clone and cost seconds when nothing changed.
//   node scripts/build.mjs [--quiet] [--force]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');
const force = process.argv.includes('--force');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const env = { ...process.env, CARGO_BUILD_JOBS: process.env.CARGO_BUILD_JOBS ?? '2' };

function say(msg) {
  if (!quiet) console.log(`[build] ${msg}`);
}

function run(cmd, args, opts = {}) {
  if (quiet && cmd === 'cargo' && !args.includes('-q')) args = [args[0], '-q', ...args.slice(1)];
  say(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit', env, ...opts });
  if (r.status !== 0) {
    console.error(`[build] failed: ${cmd} ${args.join(' ')}`);
    process.exit(r.status ?? 1);
  }
}

function output(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', env });
  return r.status === 0 ? r.stdout : null;
}

function newest(paths) {
  let t = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'target' && e !== 'node_modules') walk(join(p, e));
    } else t = Math.max(t, s.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return t;
}

function stale(outputs, inputs) {
  if (force) return true;
  const outs = outputs.map((o) => join(root, o));
  if (!outs.every(existsSync)) return true;
  return Math.min(...outs.map((o) => statSync(o).mtimeMs)) < newest(inputs);
}

const rustInputs = ['Cargo.toml', 'Cargo.lock', 'core/Cargo.toml', 'core/src'];

// 1. npm dependencies (peers are installed without their install scripts).
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund']);
}

// 2. The wasm target and the wasm-bindgen CLI at exactly the crate's version.
if (!(output('rustup', ['target', 'list', '--installed']) ?? '').includes('wasm32-unknown-unknown')) {
  run('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
}
const cargoLock = readFileSync(join(root, 'Cargo.lock'), 'utf8');
const bindgenVersion = /name = "wasm-bindgen"\nversion = "([^"]+)"/.exec(cargoLock)?.[1];
if (!bindgenVersion) throw new Error('wasm-bindgen not found in Cargo.lock');
if (!(output('wasm-bindgen', ['--version']) ?? '').includes(` ${bindgenVersion}`)) {
  // Without --locked: with it, a pinned transitive version may be missing from the registry.
  run('cargo', ['install', 'wasm-bindgen-cli', '--version', bindgenVersion]);
}

// 3. TypeScript declarations and the JavaScript registry (protocols.mjs), generated from the
// Rust types and the core's registry, first: the CommonJS forms and the per-family builds
// below read them. Written once, into gamequery-wasm, which gamequery's declarations re-export.
const typeFiles = ['npm/gamequery-wasm/types.d.ts'];
if (stale(typeFiles, ['core/src', 'core/Cargo.toml'])) {
  run('cargo', ['test', '-q', '-p', 'gamequery-core', '--all-features', '--test', 'typescript'], { env: { ...env, GQ_WRITE_TYPES: '1' } });
} else say('type declarations are up to date');

// 4. protocols.cjs, games.cjs, glue.cjs, calls.cjs, responders.cjs, drive.cjs, session.cjs and engine.cjs: the CommonJS form of the JavaScript both packages share
//    (same code). Only `export function|class|const` and named imports of siblings.
for (const name of ['protocols', 'games', 'glue', 'calls', 'responders', 'drive', 'session', 'engine']) {
  const esm = `npm/gamequery-wasm/${name}.mjs`;
  const cjs = `npm/gamequery-wasm/${name}.cjs`;
  if (!stale([cjs], [esm])) continue;
  const src = readFileSync(join(root, esm), 'utf8');
  const names = [...src.matchAll(/^export (?:async )?(?:function\*?|class|const) (\w+)/gm)].map((m) => m[1]);
  const body = src
    .replace(/^import \{([^}]*)\} from '\.\/(\w+)\.mjs';$/gm, (_, list, from) => `const {${list}} = require('./${from}.cjs');`)
    .replace(/^export ((?:async )?(?:function\*?|class|const)) /gm, '$1 ');
  if (/^(export|import) /m.test(body)) throw new Error(`${esm}: only \`export function|class|const\` and named sibling imports can be turned into CommonJS`);
  writeFileSync(join(root, cjs), `'use strict';\n// Generated from ${name}.mjs by scripts/build.mjs.\n${body}\nmodule.exports = { ${names.join(', ')} };\n`);
  say(`wrote ${cjs}`);
}

// Where cargo writes: a target directory shared between checkouts (CARGO_TARGET_DIR) too.
const targetDir = resolve(root, process.env.CARGO_TARGET_DIR || 'target');

// 5. The Node addon: the cdylib, copied to the napi platform file name binding.js loads.
const { platform, arch } = process;
const abi = platform === 'linux' ? (process.report.getReport().header.glibcVersionRuntime ? '-gnu' : '-musl') : '';
const addon = `npm/gamequery/gamequery.${platform}-${arch}${abi}.node`;
if (stale([addon], [...rustInputs, 'bindings-node'])) {
  run('cargo', ['build', '--release', '-p', 'gamequery-node']);
  const lib = { linux: 'libgamequery_node.so', darwin: 'libgamequery_node.dylib', win32: 'gamequery_node.dll' }[platform];
  // Write beside it, then rename: a running process that loaded the old file keeps its
  // copy (overwriting a mapped library in place crashes that process).
  copyFileSync(join(targetDir, 'release', lib), join(root, `${addon}.tmp`));
  renameSync(join(root, `${addon}.tmp`), join(root, addon));
} else say('addon is up to date');

/** Minifies `file` in place; on failure `wasm` goes too, so the next build redoes this one. */
async function minify(file, wasm) {
  const { minifySync } = await import('rolldown/experimental');
  const result = minifySync(file, readFileSync(file, 'utf8'), { module: true, compress: {}, mangle: { toplevel: true } });
  const errors = (result.errors ?? []).filter((e) => e.severity === 'Error');
  if (errors.length) {
    rmSync(wasm, { force: true });
    throw new Error(`minifying ${file}: ${errors.map((e) => e.message).join('; ')}`);
  }
  writeFileSync(file, result.code);
}

// 6. The WASM package: nodejs (CommonJS) and web (ESM + init) outputs, shrunk by npm's
// wasm-opt. The web outputs are built for size (a download), the nodejs one for speed.
// The web has two: the codec alone (what `init()` loads) and the codec with the network
// engine (loaded by the first query; feature `engine`).
const WEB_OPT = ['-O2', '-Os', '--converge', '--strip-producers', '--strip-target-features'];
const wasmBuilds = [
  ['nodejs', 'wasm-node', ['-O3'], [], 'node'],
  // The web builds leave code pages to the host's TextDecoder (feature host-text).
  // wasm-opt for the download: -O2 then -Os, run until they stop shrinking, and without the
  // producers and target-features sections (no host reads them). Measured against -Oz
  // --converge, gzipped: the whole codec 230,078 -> 229,554 bytes, SA:MP's 63,994 -> 63,799,
  // Minecraft's 83,410 -> 82,997 (-Oz is smaller raw, larger gzipped; -O3 and cargo's
  // opt-level "s" larger both ways).
  ['web', 'wasm', WEB_OPT, ['--no-default-features', '--features', 'host-text,all-families'], 'web'],
  // The engine for browsers and Workers: no describeStatus (the CLI's, on Node only).
  ['web', 'wasm', WEB_OPT, ['--no-default-features', '--features', 'host-text,engine,share,all-families'], 'web-engine'],
];
// One codec module per protocol family that has packets (`gamequery-wasm/samp` …, issue
// #51): a page downloads the decoders of the family it imports, not every protocol's. The
// families are the core registry's (protocols.mjs, written above: imported only now).
const { REGISTRY } = await import(pathToFileURL(join(root, 'npm/gamequery-wasm/protocols.mjs')).href);
const { ENTRY_FAMILIES: families } = await import('./families.mjs');
for (const family of families) {
  wasmBuilds.push(['web', 'wasm', WEB_OPT, ['--no-default-features', '--features', `host-text,${family}`], `web-${family}`]);
}
const wasmOut = wasmBuilds.map((b) => `npm/gamequery-wasm/pkg/${b[4]}/gamequery_wasm_bg.wasm`);
if (stale(wasmOut, [...rustInputs, 'bindings-wasm'])) {
  for (const [target, profile, level, features, out] of wasmBuilds) {
    run('cargo', ['build', '-p', 'gamequery-wasm', '--target', 'wasm32-unknown-unknown', '--profile', profile, ...features]);
    const wasm = join(targetDir, 'wasm32-unknown-unknown', profile, 'gamequery_wasm.wasm');
    const dir = `npm/gamequery-wasm/pkg/${out}`;
    mkdirSync(join(root, dir), { recursive: true });
    run('wasm-bindgen', ['--target', target, '--out-dir', dir, wasm]);
    const bg = `${dir}/gamequery_wasm_bg.wasm`;
    run(bin('wasm-opt'), [...level, '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
      '--enable-reference-types', '--enable-multivalue', '--enable-mutable-globals', '--enable-simd', bg, '-o', bg]);
    // A browser downloads the web outputs' JS too, which wasm-bindgen writes readable:
    // oxc's minifier (through rolldown, as in Vite) takes the codec's from 3.8 to 2.6 KB
    // gzipped. Exported names are kept.
    if (target === 'web') await minify(join(root, dir, 'gamequery_wasm.js'), join(root, bg));
    // The nodejs output is CommonJS inside a package without "type": keep it that way.
    writeFileSync(join(root, dir, 'package.json'), `{ "type": "${target === 'nodejs' ? 'commonjs' : 'module'}" }\n`);
  }
} else say('wasm package is up to date');

// Each family's entry (`gamequery-wasm/<family>`): its codec module, imported statically so
// that a bundler emits that `.wasm` alone, behind the API every browser entry has (entry.mjs).
for (const family of families) {
  const file = `npm/gamequery-wasm/family/${family}.mjs`;
  const names = REGISTRY.filter((p) => p.family === family).map((p) => `'${p.name}'`).join(', ');
  const text = `// Generated by scripts/build.mjs. \`gamequery-wasm/${family}\`: the codec of ${names} alone,\n`
    + `// in a module of its own; queries load the engine as in \`gamequery-wasm\` (entry.mjs).\n`
    + `import load, * as wasm from '../pkg/web-${family}/gamequery_wasm.js';\n`
    + `import { webEntry } from '../entry.mjs';\n\n`
    + `export const {\n  PROTOCOLS, GameQueryError, isGameQueryError, encodeRequest, decodeRequest, encodeResponse, decodeResponse,\n`
    + `  encodeVarInt, decodeVarInt, FrameDecoder, query, rcon, rconSession, queryMany, createEngine, init, initSync,\n`
    + `} = webEntry(load, wasm, '${family}');\nexport default init;\n`;
  mkdirSync(join(root, 'npm/gamequery-wasm/family'), { recursive: true });
  if (!existsSync(join(root, file)) || readFileSync(join(root, file), 'utf8') !== text) writeFileSync(join(root, file), text);
}
