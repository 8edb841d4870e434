#!/usr/bin/env node
// `npm run build:platforms`: cross-compiles the addon for every platform package in
// npm/platforms/ on this Linux machine, then checks every artifact (tests/platforms/).
// Tools come from registries this machine reaches: Rust's std per target (rustup), zig
// (PyPI's `ziglang`) as the C compiler and linker, cargo-zigbuild (crates.io) to drive
// it. Linux gnu builds link against glibc 2.28 symbols, so they load on Debian 10+,
// Ubuntu 18.10+, RHEL 8+. Not part of `npm test`, which builds the host's addon only.
//   node scripts/build-platforms.mjs [--only linux-arm64-gnu,win32-x64] [--no-test]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORMS, addonName, libraryName, manifest } from './platforms.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ZIG = '0.15.2';
const ZIGBUILD = '0.24.1';
const env = { ...process.env, CARGO_BUILD_JOBS: process.env.CARGO_BUILD_JOBS ?? '2' };
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;

function run(cmd, args, opts = {}) {
  console.log(`[platforms] $ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...opts });
  if (r.status !== 0) {
    console.error(`[platforms] failed: ${cmd} ${args.join(' ')}`);
    process.exit(r.status ?? 1);
  }
}

const output = (cmd, args) => spawnSync(cmd, args, { cwd: root, encoding: 'utf8', env }).stdout ?? '';

// 1. The tools, each only when missing.
const platforms = PLATFORMS.filter((p) => !only || only.includes(p.tuple));
const installed = output('rustup', ['target', 'list', '--installed']);
const missing = platforms.map((p) => p.target).filter((t) => !installed.includes(t));
if (missing.length) run('rustup', ['target', 'add', ...missing]);
if (!output('python3', ['-m', 'ziglang', 'version']).startsWith(ZIG)) {
  run('python3', ['-m', 'pip', 'install', '--quiet', `ziglang==${ZIG}`]);
}
if (!output('cargo', ['install', '--list']).includes(`cargo-zigbuild v${ZIGBUILD}:`)) {
  run('cargo', ['install', 'cargo-zigbuild', '--version', ZIGBUILD]);
}

// napi's build script for windows-gnu insists on a libnode.dll to link against. With
// napi's `dyn-symbols` every Node-API function is looked up at load time, so nothing is
// imported from it: an empty import library (and a placeholder for the existence check) do.
const stub = join(root, 'target', 'libnode-stub');
mkdirSync(stub, { recursive: true });
writeFileSync(join(stub, 'libnode.dll'), '');
writeFileSync(join(stub, 'libnode.a'), '!<arch>\n');
env.LIBNODE_PATH = stub;

// 2. Each platform: its package.json (from scripts/platforms.mjs) and its addon.
for (const p of platforms) {
  const dir = join(root, 'npm/platforms', p.tuple);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest(p), null, 2)}\n`);
  const target = p.glibc ? `${p.target}.${p.glibc}` : p.target;
  // zig's clang makes mimalloc's __DATE__ an error when targeting Windows.
  const cflags = { [`CFLAGS_${p.target.replaceAll('-', '_')}`]: '-Wno-error=date-time' };
  run('cargo', ['zigbuild', '--release', '-p', 'gamequery-node', '--target', target], { env: { ...env, ...cflags } });
  const built = join(resolve(root, process.env.CARGO_TARGET_DIR || 'target'), p.target, 'release', libraryName(p));
  const out = join(dir, addonName(p));
  copyFileSync(built, `${out}.tmp`);
  renameSync(`${out}.tmp`, out);
  console.log(`[platforms] ${p.tuple}: ${out}`);
}

// 3. Proof: every artifact's format and entry point; the ones this machine can run, run.
if (!process.argv.includes('--no-test') && platforms.every((p) => existsSync(join(root, 'npm/platforms', p.tuple, addonName(p))))) {
  run('node', ['--test', '--test-reporter=spec', '--test-concurrency=1', 'tests/platforms/addons.test.mjs']);
}
