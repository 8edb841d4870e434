// `npm run bench` (bulk part): one in-process contender's run, in a fresh process so its
// CPU time and peak RSS are its own — what a long-lived bot pays per query, module loading
// left out. Prints one JSON line of measurements.
//   node bulk-client.mjs '<contender JSON>' <endpoints.json>
// A contender (see bulk.mjs): { via, protocol, options, type, list, shift, count,
// concurrency, players } — `via` is queryMany (the engine from GAMEQUERY_ENGINE), facade
// (gamequery/gamedig), gamedig or msu (minecraft-server-util); `list` names the endpoints,
// `shift` is added to their ports (a game port given for a query port), `players` the list
// length a complete answer has (null: not counted).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const [specArg, endpointsFile] = process.argv.slice(2);
const spec = JSON.parse(specArg);
const { count, players: expected = null } = spec;
const concurrency = spec.concurrency ?? Infinity;
const require = createRequire(import.meta.url);
const split = (t) => {
  const at = t.lastIndexOf(':');
  return { host: t.slice(0, at), port: Number(t.slice(at + 1)) + (spec.shift ?? 0) };
};
const listed = JSON.parse(readFileSync(endpointsFile, 'utf8'))[spec.list];
// Fewer servers than queries (Minecraft): the list goes round again.
const targets = Array.from({ length: count }, (_, i) => split(listed[i % listed.length]));

/** Runs `task(target)` for each of `list` with at most `limit` pending; `complete(result)` → true when whole. */
async function pool(list, limit, task, complete) {
  const count = list.length;
  let next = 0;
  let failures = 0;
  let incomplete = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        if (!complete(await task(list[i]))) incomplete++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return { failures, incomplete };
}

const whole = (n) => expected === null || n === expected;
// Each takes the targets to query; a run is timed after a one-query warm-up of the same
// path (gamedig's shared socket loses most of its first concurrent queries otherwise).
const runs = {
  async queryMany(list) {
    const { queryMany } = require('gamequery');
    let failures = 0;
    let incomplete = 0;
    const given = list.map(({ host, port }) => `${host}:${port}`);
    for await (const r of queryMany(given, { protocol: spec.protocol, concurrency, ...spec.options })) {
      if (r.error) failures++;
      else if (!whole(r.status.players.list.length)) incomplete++;
    }
    return { failures, incomplete };
  },
  async facade(list) {
    const { GameDig } = require('gamequery/gamedig');
    return pool(list, concurrency, (t) => GameDig.query({ type: spec.type, ...t, ...spec.options }), (s) => whole(s.players.length + s.bots.length));
  },
  async gamedig(list) {
    const { GameDig } = await import('gamedig');
    // Given a query port, gamedig is told so; given a game port (`shift`), it derives the query port.
    const given = spec.shift ? {} : { givenPortOnly: true };
    return pool(list, concurrency, (t) => GameDig.query({ type: spec.type, ...t, ...given, ...spec.options }), (s) => whole(s.players.length + s.bots.length));
  },
  async msu(list) {
    const util = require('minecraft-server-util');
    return pool(list, concurrency, (t) => util.status(t.host, t.port, { enableSRV: false }), () => true);
  },
};

// Load the contender's modules and warm its path up before the baseline, so only the run is measured.
await runs[spec.via](targets.slice(0, 1));
global.gc?.();
const baseRss = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const { failures, incomplete } = await runs[spec.via](targets);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const peakRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({
  seconds, qps: count / seconds, failures, incomplete,
  cpuUsPerQuery: (cpu.user + cpu.system) / count,
  peakRssGrowthMiB: Math.max(0, peakRss - baseRss) / 2 ** 20,
})}\n`);
process.exit(0);
