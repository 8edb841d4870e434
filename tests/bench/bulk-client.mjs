// `npm run bench` (bulk part): one contender's run, in a fresh process so its CPU time
// and peak RSS are its own. Prints one JSON line of measurements.
//   node bulk-client.mjs <contender> <count> <concurrency|Infinity> <endpoints.json>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const [contender, countArg, concurrencyArg, endpointsFile] = process.argv.slice(2);
const count = Number(countArg);
const concurrency = Number(concurrencyArg);
const endpoints = JSON.parse(readFileSync(endpointsFile, 'utf8'));
const require = createRequire(import.meta.url);
const split = (t) => {
  const at = t.lastIndexOf(':');
  return { host: t.slice(0, at), port: Number(t.slice(at + 1)) };
};
const sampTargets = endpoints.samp.slice(0, count);
const quakeTargets = endpoints.quake3.slice(0, count);
const mcTargets = Array.from({ length: count }, (_, i) => endpoints.minecraft[i % endpoints.minecraft.length]);
// Arma 3 by its game port: the query answers on the game port + 1, where the servers listen.
const arma = endpoints.a2s.slice(0, count).map((t) => ({ ...split(t), port: split(t).port - 1 }));

/** Runs `task(i)` for i < count with at most `limit` pending; `check(result)` → true when complete. */
async function pool(limit, task, check) {
  let next = 0;
  let failures = 0;
  let incomplete = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        if (!check(await task(i))) incomplete++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return { failures, incomplete };
}

const fullList = (n) => n === 20;
const contenders = {
  async gamequery() {
    const { queryMany } = require('gamequery');
    let failures = 0;
    let incomplete = 0;
    for await (const r of queryMany(sampTargets, { protocol: 'samp', concurrency })) {
      if (r.error) failures++;
      else if (!fullList(r.status.players.list.length)) incomplete++;
    }
    return { failures, incomplete };
  },
  async gamedig() {
    const { GameDig } = await import('gamedig');
    return pool(concurrency, (i) => GameDig.query({ type: 'gtasam', ...split(sampTargets[i]), givenPortOnly: true }), (s) => fullList(s.players.length));
  },
  async 'gamequery-minecraft'() {
    const { queryMany } = require('gamequery');
    let failures = 0;
    for await (const r of queryMany(mcTargets, { protocol: 'minecraft-java', concurrency })) failures += r.error ? 1 : 0;
    return { failures, incomplete: 0 };
  },
  async 'gamedig-minecraft'() {
    const { GameDig } = await import('gamedig');
    return pool(concurrency, (i) => GameDig.query({ type: 'protocol-minecraftvanilla', ...split(mcTargets[i]), givenPortOnly: true }), () => true);
  },
  async 'gamequery-a2s-game'() {
    const { queryMany } = require('gamequery');
    let failures = 0;
    const targets = arma.map(({ host, port }) => `${host}:${port}`);
    for await (const r of queryMany(targets, { protocol: 'arma3', concurrency })) failures += r.error ? 1 : 0;
    return { failures, incomplete: 0 };
  },
  async 'facade-a2s'() {
    const { GameDig } = require('gamequery/gamedig');
    return pool(concurrency, (i) => GameDig.query({ type: 'arma3', ...arma[i] }), (s) => s.players.length === 10);
  },
  async 'gamedig-a2s'() {
    const { GameDig } = await import('gamedig');
    return pool(concurrency, (i) => GameDig.query({ type: 'arma3', ...arma[i] }), (s) => s.players.length === 10);
  },
  async 'gamequery-quake3'() {
    const { queryMany } = require('gamequery');
    let failures = 0;
    let incomplete = 0;
    for await (const r of queryMany(quakeTargets, { protocol: 'quake3', concurrency })) {
      if (r.error) failures++;
      else if (!fullList(r.status.players.list.length)) incomplete++;
    }
    return { failures, incomplete };
  },
  async 'gamedig-quake3'() {
    const { GameDig } = await import('gamedig');
    return pool(concurrency, (i) => GameDig.query({ type: 'protocol-quake3', ...split(quakeTargets[i]), givenPortOnly: true }), (s) => fullList(s.players.length + s.bots.length));
  },
  async 'msu-minecraft'() {
    const util = require('minecraft-server-util');
    return pool(concurrency, (i) => {
      const { host, port } = split(mcTargets[i]);
      return util.status(host, port, { enableSRV: false });
    }, () => true);
  },
};

// Load the contender's modules before the baseline, so only the run is measured.
if (contender.startsWith('gamequery')) require('gamequery');
else if (contender.startsWith('facade')) require('gamequery/gamedig');
else if (contender.startsWith('gamedig')) await import('gamedig');
else require('minecraft-server-util');
global.gc?.();
const baseRss = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const { failures, incomplete } = await contenders[contender]();
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const peakRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({
  contender, count, concurrency: String(concurrency), seconds, qps: count / seconds, failures, incomplete,
  cpuUsPerQuery: (cpu.user + cpu.system) / count,
  peakRssGrowthKiB: Math.max(0, peakRss - baseRss) / 1024,
  inFlight: Math.min(count, concurrency),
})}\n`);
process.exit(0);
