// Memory per query in flight (issue #49's "≤ 8 KiB"), outside `npm run bench` for now:
// N A2S queries at once to UDP sockets that read and never answer, so every one of them
// is in flight until its deadline; the peak RSS growth (and the JS heap's) over N.
//   node --expose-gc tests/bench/in-flight.mjs [N=5000] [queryMany|gamedig]
// GAMEQUERY_ENGINE=wasm for the WASM engine, which keeps at most 512 in flight (each holds
// a host socket): give it N=512 to read its figure per query in flight.
import dgram from 'node:dgram';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const N = Number(process.argv[2] ?? 5000);
const via = process.argv[3] ?? 'queryMany';
const sinks = [];
for (let i = 0; i < 8; i++) {
  const s = dgram.createSocket('udp4');
  await new Promise((resolve) => s.bind(0, '127.0.0.1', resolve));
  s.on('message', () => {});
  sinks.push(s.address().port);
}
const targets = Array.from({ length: N }, (_, i) => ({ host: '127.0.0.1', port: sinks[i % sinks.length] }));
const runs = {
  async queryMany(list) {
    const { queryMany } = require('gamequery');
    const given = list.map((t) => `${t.host}:${t.port}`);
    for await (const _ of queryMany(given, { protocol: 'a2s', concurrency: list.length, timeout: 3000, retries: 0 }));
  },
  async gamedig(list) {
    const { GameDig } = await import('gamedig');
    const options = { type: 'protocol-valve', givenPortOnly: true, socketTimeout: 3000, attemptTimeout: 3000, maxRetries: 1 };
    await Promise.allSettled(list.map((t) => GameDig.query({ ...options, ...t })));
  },
};
await runs[via](targets.slice(0, 2));
global.gc?.();
const js = (m) => m.heapUsed + m.external + m.arrayBuffers;
const base = process.memoryUsage();
let peakRss = base.rss;
let peakJs = js(base);
const sample = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakJs = Math.max(peakJs, js(m));
}, 50);
const t0 = performance.now();
await runs[via](targets);
clearInterval(sample);
const kib = (bytes) => +(bytes / N / 1024).toFixed(2);
console.log(JSON.stringify({
  via, engine: process.env.GAMEQUERY_ENGINE ?? 'native', queries: N, seconds: +((performance.now() - t0) / 1000).toFixed(1),
  rssKiBPerQuery: kib(peakRss - base.rss), jsKiBPerQuery: kib(peakJs - js(base)),
}));
process.exit(0);
