// `npm run soak [minutes]` (default 30): tests/stress/soak.mjs — queryMany over 1000 local
// servers round after round and an RCON session's commands beside it — then a table of what
// was asked, what was answered, and how this process's memory, descriptors and timers moved
// (slope per minute after the first). Outside `npm test`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const minutes = process.argv[2] ?? '30';
if (spawnSync('node', ['scripts/build.mjs', '--quiet'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
console.log(`[soak] ${minutes} minutes`);
const run = spawnSync(process.execPath, ['tests/stress/soak.mjs', minutes], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
if (run.status !== 0) process.exit(run.status ?? 1);
const { totals: t, slopes, samples } = JSON.parse(run.stdout.trim().split('\n').pop());
console.log(`queryMany: ${t.rounds} rounds, ${t.queries.toLocaleString('en')} results, ${t.answered.toLocaleString('en')} answered, ${t.wrong} from the wrong server, ${t.missing} missing, ${t.twice} twice; errors ${JSON.stringify(t.codes)}`);
console.log(`RCON: ${t.commands.toLocaleString('en')} commands, ${t.commandsRight.toLocaleString('en')} with their own output, ${t.commandErrors} failed`);
console.log('| minute | RSS MiB | heap MiB | descriptors | handles | timers | queries | commands |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const s of samples) console.log(`| ${s.minute} | ${s.rssMb} | ${s.heapMb} | ${s.fds} | ${s.handles} | ${s.timers} | ${s.queries.toLocaleString('en')} | ${s.commands.toLocaleString('en')} |`);
console.log(`slope per minute after the first: RSS ${slopes.rssMb} MiB, heap ${slopes.heapMb} MiB, descriptors ${slopes.fds}, handles ${slopes.handles}, timers ${slopes.timers}`);
