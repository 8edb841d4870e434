// `npm run soak [minutes]`'s workload (default 30): `queryMany` over 1000 local servers of
// ten protocols, round after round, and beside it one RCON session running a command
// every few milliseconds — both from this process, the servers in another
// (serve-many.mjs). Once a minute: this process's RSS, its open descriptors, and its
// active handles and timers (`process.getActiveResourcesInfo()`). Every round must yield
// each item once, answered by its own server; every command's output must be its own.
// Prints one JSON line: the totals, the samples, and the slope of each after the first
// minute (warm-up) by least squares, per minute; and a sample after both ended.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { queryMany, rconSession } from 'gamequery';

const minutes = Number(process.argv[2] ?? 30);
const child = spawn(process.execPath, [new URL('./serve-many.mjs', import.meta.url).pathname, '1000'], { stdio: ['pipe', 'pipe', 'inherit'] });
let line = '';
const { servers, rconPort } = await new Promise((resolve) => child.stdout.on('data', (d) => {
  line += d;
  if (line.endsWith('\n')) resolve(JSON.parse(line));
}));

const until = performance.now() + minutes * 60_000;
const totals = { rounds: 0, queries: 0, answered: 0, wrong: 0, missing: 0, twice: 0, codes: {}, commands: 0, commandsRight: 0, commandErrors: 0 };
const samples = [];
const t0 = performance.now();
const sample = (during = true) => {
  const resources = process.getActiveResourcesInfo();
  const count = (kind) => resources.filter((r) => r === kind).length;
  samples.push({
    minute: Number(((performance.now() - t0) / 60_000).toFixed(2)),
    during,
    rssMb: Number((process.memoryUsage().rss / 2 ** 20).toFixed(1)),
    heapMb: Number((process.memoryUsage().heapUsed / 2 ** 20).toFixed(1)),
    fds: readdirSync('/proc/self/fd').length,
    handles: resources.length,
    timers: count('Timeout'),
    queries: totals.queries,
    commands: totals.commands,
  });
};
sample();
const sampler = setInterval(sample, 60_000);

const items = servers.map((s) => ({ protocol: s.protocol, target: `127.0.0.1:${s.port}`, name: s.name }));
const querying = (async () => {
  while (performance.now() < until) {
    const seen = new Set();
    for await (const { target: item, status, error } of queryMany(items, { concurrency: 250 })) {
      totals.queries++;
      if (seen.has(item)) totals.twice++;
      seen.add(item);
      if (status) {
        totals.answered++;
        if (item.protocol !== 'mumble' && status.name !== item.name) totals.wrong++;
      } else {
        totals.codes[error.code] = (totals.codes[error.code] ?? 0) + 1;
      }
    }
    totals.missing += items.length - seen.size;
    totals.rounds++;
  }
})();
const commanding = (async () => {
  const session = await rconSession('minecraft-java', `127.0.0.1:${rconPort}`, { password: 'soak' });
  while (performance.now() < until) {
    const command = `say ${totals.commands}`;
    totals.commands++;
    try {
      const lines = await session.run(command);
      if (lines.length === 1 && lines[0] === `ran ${command}`) totals.commandsRight++;
    } catch {
      totals.commandErrors++;
    }
    // ~100 commands a second: 180,000 in half an hour, without starving the queries.
    if (totals.commands % 10 === 0) await new Promise((r) => setTimeout(r, 90));
  }
  await session.close();
})();
await Promise.all([querying, commanding]);
clearInterval(sampler);
sample(false);
child.stdin.end();
await new Promise((r) => child.on('exit', r));

/** Least-squares slope of `key` per minute, over the samples taken while both ran, after the first minute. */
const slope = (key) => {
  const points = samples.filter((p) => p.during && p.minute >= 0.99);
  if (points.length < 2) return null;
  const mx = points.reduce((a, p) => a + p.minute, 0) / points.length;
  const my = points.reduce((a, p) => a + p[key], 0) / points.length;
  const num = points.reduce((a, p) => a + (p.minute - mx) * (p[key] - my), 0);
  const den = points.reduce((a, p) => a + (p.minute - mx) ** 2, 0);
  return Number((num / den).toFixed(3));
};
console.log(JSON.stringify({
  minutes,
  totals,
  slopes: { rssMb: slope('rssMb'), heapMb: slope('heapMb'), fds: slope('fds'), handles: slope('handles'), timers: slope('timers') },
  samples,
}));
process.exit(0);
