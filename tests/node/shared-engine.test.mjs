// Single queries of datagram protocols on the native engine run on one shared engine's
// sockets (core/src/net/bulk/shared.rs), not a socket each: seen here from the server's
// side, as the source ports the queries come from. What the shared sockets cannot take
// (more queries to one server than they have pairs for, a local port to bind, a trace)
// still answers, on sockets of its own.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { platform } from 'node:os';
import { engine, query, serve } from 'gamequery';
import { openMpState } from './helpers.mjs';

const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** Our SA:MP responder, behind a relay that notes each request's source port. */
async function relayed() {
  const server = await serve('samp', openMpState(3), { host: '127.0.0.1', port: 0, rateLimit: { burst: 1e6, perSecond: 1e6 } });
  const front = dgram.createSocket('udp4');
  const back = dgram.createSocket('udp4');
  const sources = [];
  let last;
  front.on('message', (msg, rinfo) => {
    sources.push(rinfo.port);
    last = rinfo;
    back.send(msg, server.port, '127.0.0.1');
  });
  back.on('message', (msg) => front.send(msg, last.port, last.address));
  await new Promise((resolve) => front.bind(0, '127.0.0.1', resolve));
  await new Promise((resolve) => back.bind(0, '127.0.0.1', resolve));
  servers.push({ close: async () => { front.close(); back.close(); await server.close(); } });
  return { port: front.address().port, sources };
}

// The relay answers whoever asked last: one query at a time.
test('queries one after another come from the shared sockets, not a port each', { skip: engine !== 'native' || platform() !== 'linux' }, async () => {
  const relay = await relayed();
  for (let i = 0; i < 12; i++) {
    const s = await query('samp', `127.0.0.1:${relay.port}`, { timeout: 2000 });
    assert.equal(s.players.online, 3);
  }
  // Each query sends several datagrams; a socket of its own would be a new port per query.
  const ports = new Set(relay.sources);
  assert.ok(relay.sources.length >= 12 * 2, `${relay.sources.length} requests`);
  assert.ok(ports.size <= 8, `12 queries came from ${ports.size} ports (the shared engine has 8 per family)`);
  // A local port to bind is a socket of its own, still answered.
  const s = await query('samp', `127.0.0.1:${relay.port}`, { timeout: 2000, localPort: 0, localAddress: '127.0.0.1' });
  assert.equal(s.players.online, 3);
});

test('more queries at once to one server than the shared sockets have pairs for all answer', async () => {
  // The responder's per-source limit off: every query here comes from 127.0.0.1.
  const server = await serve('samp', openMpState(5), { host: '127.0.0.1', port: 0, rateLimit: { burst: 1e6, perSecond: 1e6 } });
  servers.push(server);
  const all = await Promise.all(Array.from({ length: 24 }, () => query('samp', `127.0.0.1:${server.port}`, { timeout: 3000 })));
  assert.deepEqual(all.map((s) => s.players.online), Array(24).fill(5));
  // And through a game id, whose candidate ports run at once.
  const games = await Promise.all(Array.from({ length: 12 }, () => query('gtasam', `127.0.0.1:${server.port}`, { timeout: 3000 })));
  assert.deepEqual(games.map((s) => [s.game.id, s.queryPort ?? s.port]), Array(12).fill(['gtasam', server.port]));
});

test('an aborted single query ends as aborted and the engine goes on', async () => {
  const silent = dgram.createSocket('udp4');
  await new Promise((resolve) => silent.bind(0, '127.0.0.1', resolve));
  const server = await serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  servers.push(server, { close: async () => silent.close() });
  const controller = new AbortController();
  const pending = query('samp', `127.0.0.1:${silent.address().port}`, { timeout: 5000, signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  const started = Date.now();
  await assert.rejects(pending, { name: 'AbortError' });
  assert.ok(Date.now() - started < 2000, 'ended at the abort, not the timeout');
  const s = await query('samp', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.equal(s.players.online, 2);
});

test('each worker thread gets its own results, and a worker ended mid-query harms no one', async () => {
  const server = await serve('samp', openMpState(4), { host: '127.0.0.1', port: 0 });
  const silent = dgram.createSocket('udp4');
  await new Promise((resolve) => silent.bind(0, '127.0.0.1', resolve));
  servers.push(server, { close: async () => silent.close() });
  const code = `const { parentPort, workerData } = require('node:worker_threads');
    const { query } = require('gamequery');
    if (workerData.silent) query('samp', workerData.silent, { timeout: 1000 }).catch(() => {});
    Promise.all(Array.from({ length: 5 }, () => query('samp', workerData.target, { timeout: 3000 })))
      .then((r) => parentPort.postMessage(r.map((s) => s.players.online)));`;
  const { Worker } = await import('node:worker_threads');
  const target = `127.0.0.1:${server.port}`;
  const workers = [{ target }, { target, silent: `127.0.0.1:${silent.address().port}` }].map((workerData) => new Worker(code, { eval: true, workerData }));
  const results = workers.map((w) => new Promise((resolve, reject) => { w.once('message', resolve); w.once('error', reject); }));
  const main = await Promise.all(Array.from({ length: 5 }, () => query('samp', target, { timeout: 3000 })));
  assert.deepEqual(main.map((s) => s.players.online), Array(5).fill(4));
  assert.deepEqual(await Promise.all(results), [Array(5).fill(4), Array(5).fill(4)]);
  // The second still waits on the silent port: its results go nowhere once it ended.
  await Promise.all(workers.map((w) => w.terminate()));
  await new Promise((resolve) => setTimeout(resolve, 1200));
  assert.equal((await query('samp', target, { timeout: 3000 })).players.online, 4);
});

test('Node waits for a query in flight, not for the idle engine', async () => {
  const { spawnSync } = await import('node:child_process');
  const script = `const dgram = require('node:dgram'); const { query } = require('gamequery');
    const silent = dgram.createSocket('udp4');
    silent.bind(0, '127.0.0.1', () => {
      silent.unref();
      query('samp', '127.0.0.1:' + silent.address().port, { timeout: 300, retries: 0 }).catch((e) => console.log(e.code));
    });`;
  const started = Date.now();
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: new URL('.', import.meta.url), timeout: 20_000 });
  assert.equal(r.stdout.trim(), 'GQ_TIMEOUT', r.stderr);
  // The engine idles 30 s before it ends; its thread never keeps Node running.
  assert.ok(Date.now() - started < 15_000);
});
