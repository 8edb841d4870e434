// `npm run check:memory`: the addon's `unsafe` (raw Node-API strings, typed arrays, the
// tape) under valgrind's memcheck — tests/memory/workload.mjs, which crosses every such
// path with real bytes and garbage. Passes with no invalid read or write, no use of an
// uninitialised value and no definite leak (Node runs `--jitless`, which valgrind follows
// without suppressions: tests/memory/node.supp is for any Node needs later, never ours).
// Outside `npm test`: it takes minutes. Installs valgrind through apt when missing; builds the addon with its
// symbols (Cargo profile `memcheck`).
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureSystem, VALGRIND } from './ensure-system.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureSystem([[VALGRIND, 'valgrind']]);

const run = (cmd, args, env = process.env) => {
  console.log(`[memory] $ ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
};
if (run('node', ['scripts/build.mjs', '--quiet']).status !== 0) process.exit(1);
if (run('cargo', ['build', '-q', '--profile', 'memcheck', '-p', 'gamequery-node']).status !== 0) process.exit(1);

const targetDir = process.env.CARGO_TARGET_DIR ?? `${root}/target`;
// Node loads an addon by its `.node` name.
const addon = `${targetDir}/memcheck/gamequery.node`;
copyFileSync(`${targetDir}/memcheck/libgamequery_node.so`, addon);
const log = `${targetDir}/memcheck/valgrind.log`;
const r = run(VALGRIND, [
  '--tool=memcheck', '--error-exitcode=99', '--leak-check=full', '--show-leak-kinds=definite',
  '--errors-for-leak-kinds=definite', '--smc-check=all-non-file', '--num-callers=30',
  `--suppressions=${root}/tests/memory/node.supp`, `--log-file=${log}`,
  process.execPath, '--jitless', 'tests/memory/workload.mjs',
], { ...process.env, GAMEQUERY_ADDON: addon, GAMEQUERY_ENGINE: 'native' });
const summary = spawnSync('grep', ['-E', 'ERROR SUMMARY|definitely lost|Invalid|uninitialised', log], { encoding: 'utf8' }).stdout;
console.log(summary.trim());
console.log(`[memory] valgrind's report: ${log}`);
if (r.status !== 0) {
  console.log(`[memory] failed (exit ${r.status})`);
  process.exit(1);
}
console.log('[memory] clean');
