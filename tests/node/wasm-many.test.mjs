// queryMany on the WASM engine runs on the core's scheduler (bindings-wasm/src/many.rs,
// drive.mjs's runMany), as the addon's does: a connected socket of the host's per pair of
// scheduler socket and server, closed when the pair is free; names looked up by the host;
// Node's transport keeping IPv4 sockets to connect again.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { createRequire } from 'node:module';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { openMpState } from './helpers.mjs';

const nodeTransport = createRequire(import.meta.url)('../../npm/gamequery/transport.js');
const closers = [];
after(() => Promise.all(closers.map((c) => c())));

/** Node's transport, counting the sockets open to each server and the lookups. */
function counted() {
  const seen = { open: new Map(), most: 0, opened: 0, lookups: [] };
  return {
    seen,
    lookup(host, family) {
      seen.lookups.push(host);
      return nodeTransport.lookup(host, family);
    },
    async open(kind, host, port, local, on) {
      const key = `${host}:${port}`;
      const conn = await nodeTransport.open(kind, host, port, local, on);
      seen.opened++;
      seen.open.set(key, (seen.open.get(key) ?? 0) + 1);
      seen.most = Math.max(seen.most, seen.open.get(key));
      let closed = false;
      return {
        send: conn.send,
        close() {
          if (!closed) seen.open.set(key, seen.open.get(key) - 1);
          closed = true;
          conn.close();
        },
      };
    },
  };
}

test('200 items to one server: eight sockets at most, each closed, every item answered once', async () => {
  const samp = await addon.serve('samp', openMpState(4), { host: '127.0.0.1', port: 0, rateLimit: { burst: 100000, perSecond: 100000 } });
  closers.push(() => samp.close());
  const transport = counted();
  const engine = wasm.createEngine(transport);
  const targets = Array.from({ length: 200 }, () => `127.0.0.1:${samp.port}`);
  const results = [];
  for await (const r of engine.queryMany(targets, { protocol: 'samp', concurrency: 100, timeout: 3000 })) results.push(r);
  assert.equal(results.length, 200);
  assert.ok(results.every((r) => r.status?.players.online === 4), JSON.stringify(results.find((r) => r.error)));
  // The scheduler's eight sockets per family, each carrying one query to a server at a time
  // (each call with a socket of its own would have opened up to 100 at once).
  assert.ok(transport.seen.most <= 8, `${transport.seen.most} open at once`);
  assert.equal(transport.seen.open.get(`127.0.0.1:${samp.port}`), 0, 'every socket closed');
});

test("names are looked up by the host; a failed lookup is that item's GQ_DNS", async () => {
  const samp = await addon.serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  closers.push(() => samp.close());
  const transport = counted();
  const lookup = transport.lookup;
  transport.lookup = (host, family) => {
    if (host !== 'nowhere.invalid') return lookup(host, family);
    transport.seen.lookups.push(host);
    return Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' }));
  };
  const engine = wasm.createEngine(transport);
  const targets = [`localhost:${samp.port}`, `nowhere.invalid:${samp.port}`];
  const results = [];
  for await (const r of engine.queryMany(targets, { protocol: 'samp', timeout: 2000, family: 4 })) results.push(r);
  const byTarget = Object.fromEntries(results.map((r) => [r.target, r]));
  assert.equal(byTarget[targets[0]].status?.players.online, 2);
  assert.equal(byTarget[targets[1]].error?.code, 'GQ_DNS');
  assert.deepEqual(transport.seen.lookups.sort(), ['localhost', 'nowhere.invalid']);
});

test("Node's transport: a UDP socket closed and opened to another server hears only that one", async () => {
  const servers = await Promise.all(
    [0, 1].map(async () => {
      const s = dgram.createSocket('udp4');
      await new Promise((r) => s.bind(0, '127.0.0.1', r));
      closers.push(() => new Promise((r) => s.close(r)));
      return s;
    }),
  );
  const [a, b] = servers;
  const heard = (s) => new Promise((r) => s.once('message', (m, from) => r(from)));
  const got = [];
  const on = { data: (bytes) => got.push(Buffer.from(bytes).toString()), closed() {}, refused() {}, failed() {} };
  const toA = await nodeTransport.open('udp', '127.0.0.1', a.address().port, {}, on);
  const fromA = heard(a);
  toA.send(new Uint8Array([1]));
  const first = await fromA;
  toA.close();
  const toB = await nodeTransport.open('udp', '127.0.0.1', b.address().port, {}, on);
  closers.push(() => toB.close());
  const fromB = heard(b);
  toB.send(new Uint8Array([2]));
  const second = await fromB;
  a.send('stale', first.port, '127.0.0.1');
  b.send('fresh', second.port, '127.0.0.1');
  await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(got, ['fresh']);
});

test('concurrency Infinity: 512 queries at most hold a socket of the host at once', async () => {
  let opened = 0;
  // Connections that never open: each query holds its socket until its deadline.
  const engine = wasm.createEngine({ lookup: async () => ['127.0.0.1'], open: () => (opened++, new Promise(() => {})) });
  const targets = Array.from({ length: 600 }, () => '127.0.0.1:25565');
  const run = (async () => {
    const codes = [];
    for await (const r of engine.queryMany(targets, { protocol: 'minecraft-java', srv: false, concurrency: Infinity, timeout: 800, retries: 0 })) codes.push(r.error?.code);
    return codes;
  })();
  await new Promise((r) => setTimeout(r, 400));
  assert.equal(opened, 512, 'before the first deadline');
  const codes = await run;
  assert.equal(codes.length, 600);
  assert.ok(codes.every((c) => c === 'GQ_TIMEOUT'), JSON.stringify([...new Set(codes)]));
});
