// queryMany: mixed protocols, errors, bounded concurrency, and what the bulk engine promises
// (nothing lost at any concurrency, results as they finish, replies only from the server
// asked, a few shared sockets, bounded memory per TCP connection, a stop that stops).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { encodeResponse, encodeVarInt, engine, query, queryMany, serve } from 'gamequery';
import { fakeServer, fakeTcpServer, javaState, openMpState, peakGrowth, players, sqpState } from './helpers.mjs';

test('queryMany yields every server once, errors included, at most `concurrency` at a time', async () => {
  const samp = await serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  const mc = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  const sqp = await serve('sqp', sqpState(), { host: '127.0.0.1', port: 0 });
  const silent = dgram.createSocket('udp4');
  await new Promise((r) => silent.bind(0, '127.0.0.1', r));
  try {
    const items = [
      { protocol: 'samp', target: `127.0.0.1:${samp.port}` },
      { protocol: 'minecraft-java', target: `127.0.0.1:${mc.port}` },
      { protocol: 'sqp', target: `127.0.0.1:${sqp.port}`, options: { chunks: ['info'] } },
      { protocol: 'samp', target: `127.0.0.1:${silent.address().port}`, options: { retries: 0 } },
    ];
    const seen = new Map();
    for await (const r of queryMany(items, { concurrency: 2, timeout: 300 })) seen.set(r.target, r);
    assert.equal(seen.size, 4);
    assert.equal(seen.get(items[0]).status.name, 'open.mp test — ünïcödé ✓');
    assert.equal(seen.get(items[1]).status.version, '1.21.4');
    assert.equal(seen.get(items[2]).status.name, 'Arena #1');
    assert.equal(seen.get(items[3]).error.code, 'GQ_TIMEOUT');
    // Plain targets with a shared protocol.
    const names = [];
    for await (const r of queryMany([`127.0.0.1:${samp.port}`, `127.0.0.1:${samp.port}`], { protocol: 'samp', timeout: 300 })) names.push(r.status.players.online);
    assert.deepEqual(names, [2, 2]);
    // Four silent servers, 200 ms each, two at a time: two waves, never one.
    const dead = Array(4).fill(`127.0.0.1:${silent.address().port}`);
    const t0 = Date.now();
    let errors = 0;
    for await (const r of queryMany(dead, { protocol: 'samp', concurrency: 2, timeout: 200, retries: 0 })) errors += r.error ? 1 : 0;
    assert.equal(errors, 4);
    assert.ok(Date.now() - t0 >= 390, `took ${Date.now() - t0} ms`);
  } finally {
    silent.close();
    await Promise.all([samp.close(), mc.close(), sqp.close()]);
  }
});

test('the bulk engine: 400 endpoints at unlimited concurrency, nothing lost, every list whole', async () => {
  const state = { ...openMpState(0), rules: { version: '0.3.7-R2' }, info: { ...openMpState(0).info, players: 5 }, players: players(5) };
  const unlimited = { burst: 1e6, perSecond: 1e6 };
  const servers = [];
  for (let h = 1; h <= 4; h++) for (let p = 0; p < 100; p++) servers.push(await serve('samp', state, { host: `127.0.2.${h}`, port: 0, legacy: true, rateLimit: unlimited }));
  try {
    const targets = servers.map((s) => `${s.address}:${s.port}`);
    const seen = new Set();
    // No retransmission: a request or reply the run lost would be a timeout here.
    for await (const r of queryMany(targets, { protocol: 'samp', concurrency: Infinity, retries: 0 })) {
      assert.equal(r.error, undefined, r.error?.message);
      assert.equal(r.status.players.list.length, 5);
      assert.equal(r.status.players.list[4].ping, 14);
      seen.add(r.target);
    }
    assert.equal(seen.size, 400);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
});

test('queryMany yields each result as it finishes, not in the order given', async () => {
  const slow = await silentServer();
  const fast = await serve('samp', openMpState(1), { host: '127.0.0.1', port: 0 });
  try {
    const order = [];
    for await (const r of queryMany([`127.0.0.1:${slow.port}`, `127.0.0.1:${fast.port}`], { protocol: 'samp', timeout: 1000, retries: 0 })) {
      order.push(r.status?.name ?? r.error.code);
    }
    assert.deepEqual(order, [openMpState(1).info.hostname, 'GQ_TIMEOUT']);
  } finally {
    slow.close();
    await fast.close();
  }
});

test('a bulk query takes its reply only from the address it asked, with its request echoed', async () => {
  const stranger = dgram.createSocket('udp4');
  await new Promise((r) => stranger.bind(0, '127.0.0.1', r));
  /** A reply to `request` echoing its 11-byte header, as a server's does. */
  const reply = (request, body) => {
    const out = Buffer.from(encodeResponse('samp', body));
    request.copy(out, 0, 0, 11);
    return out;
  };
  const info = (hostname) => ({ opcode: 'i', password: false, players: 0, maxPlayers: 10, hostname, gamemode: 'g', language: 'l' });
  const server = await fakeServer((msg, rinfo, socket) => {
    const send = (bytes, from = socket) => from.send(bytes, rinfo.port, rinfo.address);
    if (msg[10] === 0x69) {
      // First the right answer from another port, then a wrong echo from the server's own.
      send(reply(msg, info('a stranger')), stranger);
      const wrongEcho = reply(msg, info('a wrong echo'));
      wrongEcho[9] ^= 0x01;
      send(wrongEcho);
      setTimeout(() => send(reply(msg, info('the server'))), 50);
    } else if (msg[10] === 0x72) {
      send(reply(msg, { opcode: 'r', rules: { version: '0.3.7-R2' } }));
    }
  });
  try {
    const options = { protocol: 'samp', players: false, ping: false, openMp: false, retries: 0, timeout: 1000 };
    const results = [];
    for await (const r of queryMany([`127.0.0.1:${server.port}`], options)) results.push(r.status?.name ?? r.error.message);
    assert.deepEqual(results, ['the server']);
  } finally {
    stranger.close();
    await server.close();
  }
});

test('the native bulk engine runs every UDP query over a few shared sockets', { skip: engine !== 'native' && 'the WASM engine drives Node sockets' }, async () => {
  const sources = new Set();
  const silent = [];
  for (let i = 0; i < 100; i++) silent.push(await fakeServer((msg, rinfo) => sources.add(rinfo.port)));
  try {
    let timeouts = 0;
    for await (const r of queryMany(silent.map((s) => `127.0.0.1:${s.port}`), { protocol: 'samp', timeout: 200, retries: 0 })) {
      timeouts += r.error?.code === 'GQ_TIMEOUT' ? 1 : 0;
    }
    assert.equal(timeouts, 100);
    assert.ok(sources.size >= 1 && sources.size <= 8, `${sources.size} source ports for 100 servers`);
  } finally {
    await Promise.all(silent.map((s) => s.close()));
  }
});

test('Minecraft in bulk: servers streaming without end cost a frame each at most, and fail as query does', async () => {
  // Each declares a status, then streams bytes that are no JSON and never stops: half of
  // them ~200 KB (under the 256 KiB frame cap), half 10 MB (over it).
  const head = (declared) => Buffer.from([...encodeVarInt(declared), 0, ...encodeVarInt(declared - 8)]);
  const chunk = Buffer.alloc(64 * 1024, 0x78);
  const servers = [];
  for (let i = 0; i < 30; i++) {
    servers.push(await fakeTcpServer((socket) => socket.once('data', () => {
      const pump = () => {
        while (!socket.destroyed && socket.write(chunk));
      };
      socket.write(head(i % 2 ? 10_000_000 : 200_000));
      socket.on('drain', pump);
      pump();
    })));
  }
  try {
    const targets = servers.map((s) => `127.0.0.1:${s.port}`);
    const options = { timeout: 5000, legacyFallback: false };
    const { result: codes, growth } = await peakGrowth(async () => {
      const codes = [];
      for await (const r of queryMany(targets, { protocol: 'minecraft-java', ...options })) codes[targets.indexOf(r.target)] = r.error?.code;
      return codes;
    });
    const expected = targets.map((_, i) => (i % 2 ? 'GQ_FRAME_TOO_LARGE' : 'GQ_BAD_JSON'));
    assert.deepEqual(codes, expected);
    for (const i of [0, 1]) assert.equal((await query('minecraft-java', targets[i], options).catch((e) => e)).code, expected[i]);
    // Without the cap the 10 MB frames alone would take 150 MB; without an end, gigabytes.
    assert.ok(growth < 64 * 2 ** 20, `peak RSS grew ${(growth / 2 ** 20).toFixed(1)} MiB`);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
});

test('closed UDP ports fail at once in a bulk run, IPv4 and IPv6, with the errors `query` gives', async () => {
  const samp = await serve('samp', openMpState(1), { host: '127.0.0.1', port: 0 });
  try {
    // Ports 1 and 2 have no listener on loopback: the host answers ICMP port unreachable.
    const closed = ['127.0.0.1:1', '[::1]:1', '127.0.0.1:2', '[::1]:2'];
    const items = [...closed, `127.0.0.1:${samp.port}`].map((target) => ({ protocol: 'samp', target }));
    const t0 = Date.now();
    const seen = new Map();
    for await (const r of queryMany(items, { timeout: 5000 })) seen.set(r.target, r);
    assert.ok(Date.now() - t0 < 2500, `took ${Date.now() - t0} ms of a 5000 ms timeout`);
    assert.equal(seen.get(items[4]).status.players.online, 1);
    const fields = (e) => ({ code: e.code, message: e.message, protocol: e.protocol, target: e.target, address: e.address, port: e.port });
    for (const item of items.slice(0, 4)) {
      const single = await query('samp', item.target, { timeout: 5000 }).then(() => null, (e) => e);
      assert.deepEqual(fields(seen.get(item).error), fields(single), item.target);
      assert.equal(seen.get(item).error.code, 'GQ_PORT_CLOSED');
    }
  } finally {
    await samp.close();
  }
});

test('one server asked many times, host names, per-item options and bad items', async () => {
  const samp = await serve('samp', openMpState(3), { host: '127.0.0.1', port: 0, rateLimit: { burst: 1e6, perSecond: 1e6 } });
  try {
    const items = [
      ...Array.from({ length: 20 }, () => `127.0.0.1:${samp.port}`),
      { target: `localhost:${samp.port}`, options: { family: 4 } },
      { protocol: 'nope', target: '127.0.0.1:1' },
      { target: 'host:99999' },
      { protocol: 'samp', target: `127.0.0.1:${samp.port}`, options: { players: 'sometimes' } },
    ];
    const results = new Map();
    for await (const r of queryMany(items, { protocol: 'samp' })) results.set(r.target, r);
    assert.equal([...results.values()].filter((r) => r.status?.players.online === 3).length, 2, 'the 20 equal strings are one key; localhost answered');
    assert.equal(results.get(items[21]).error.code, 'GQ_INVALID_ARGUMENT');
    assert.match(results.get(items[21]).error.message, /unknown protocol/);
    assert.equal(results.get(items[22]).error.code, 'GQ_INVALID_ARGUMENT');
    assert.match(results.get(items[23]).error.message, /players/);
    let n = 0;
    for await (const r of queryMany(items.slice(0, 20), { protocol: 'samp' })) n += r.status ? 1 : 0;
    assert.equal(n, 20, 'twenty queries of one server, none confused with another');
  } finally {
    await samp.close();
  }
});

/** A UDP socket on loopback that never answers and counts what it receives. */
async function silentServer() {
  const socket = dgram.createSocket('udp4');
  const server = { requests: 0, port: 0, close: () => socket.close() };
  socket.on('message', () => server.requests++);
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  server.port = socket.address().port;
  return server;
}

/** At most a few more requests reach `server` in the next 700 ms (retries of earlier ones). */
async function assertNoMoreRequests(server, after) {
  const before = server.requests;
  await new Promise((r) => setTimeout(r, 700));
  assert.ok(server.requests <= before + 4, `requests kept coming after ${after}: ${before} → ${server.requests}`);
}

test('breaking out of the loop stops the run; an AbortSignal ends the rest as GQ_ABORTED', async () => {
  const slow = await silentServer();
  const port = slow.port;
  try {
    const fast = await serve('samp', openMpState(1), { host: '127.0.0.1', port: 0 });
    const items = [`127.0.0.1:${fast.port}`, ...Array(50).fill(`127.0.0.1:${port}`)];
    for await (const r of queryMany(items, { protocol: 'samp', concurrency: 4, timeout: 300, retries: 0 })) {
      assert.ok(r.status);
      break;
    }
    await assertNoMoreRequests(slow, 'break');
    await fast.close();

    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const codes = [];
    const t0 = Date.now();
    for await (const r of queryMany(Array(10).fill(`127.0.0.1:${port}`), { protocol: 'samp', timeout: 5000, signal: ac.signal })) codes.push(r.error?.code);
    assert.deepEqual(codes, Array(10).fill('GQ_ABORTED'));
    assert.ok(Date.now() - t0 < 1000);
    await assert.rejects(queryMany([`127.0.0.1:${port}`], { protocol: 'samp', signal: ac.signal }).next(), { code: 'GQ_ABORTED' });
  } finally {
    slow.close();
  }
});

test('queryMany validates its options', async () => {
  for (const concurrency of [0, -1, 1.5, NaN, '2']) {
    await assert.rejects(queryMany(['127.0.0.1:1'], { protocol: 'samp', concurrency }).next(), { code: 'GQ_INVALID_ARGUMENT' }, String(concurrency));
  }
});

test('queryMany as a plain async iterator: overlapping next() calls answer in order, return() ends it', async () => {
  const samp = await serve('samp', openMpState(3), { host: '127.0.0.1', port: 0 });
  try {
    const targets = Array.from({ length: 5 }, () => `127.0.0.1:${samp.port}`);
    const it = queryMany(targets, { protocol: 'samp', timeout: 1000 })[Symbol.asyncIterator]();
    // Seven calls at once, as Promise.all makes them: five results, each target once, then done.
    const all = await Promise.all(Array.from({ length: 7 }, () => it.next()));
    assert.deepEqual(all.map((r) => r.done), [false, false, false, false, false, true, true]);
    assert.deepEqual(all.slice(0, 5).map((r) => r.value.status.players.online), [3, 3, 3, 3, 3]);
    assert.equal(new Set(all.slice(0, 5).map((r) => r.value.target)).size, 1);

    // return() before the first next(): nothing runs, and the iterator stays done.
    const unused = queryMany(targets, { protocol: 'samp' })[Symbol.asyncIterator]();
    assert.deepEqual(await unused.return(), { value: undefined, done: true });
    assert.deepEqual(await unused.next(), { value: undefined, done: true });

    // A failed start rejects once; the iterator is done after it.
    const bad = queryMany(targets, { protocol: 'samp', concurrency: 0 })[Symbol.asyncIterator]();
    await assert.rejects(bad.next(), { code: 'GQ_INVALID_ARGUMENT' });
    assert.deepEqual(await bad.next(), { value: undefined, done: true });
  } finally {
    await samp.close();
  }
});

test('queryMany: return() while the run is starting cancels it', async () => {
  const slow = await silentServer();
  try {
    const it = queryMany(Array(20).fill(`127.0.0.1:${slow.port}`), { protocol: 'samp', timeout: 150, retries: 0, concurrency: 2 })[Symbol.asyncIterator]();
    const first = it.next();
    await it.return();
    await Promise.race([first, new Promise((r) => setTimeout(r, 300))]);
    // What was sent before may still arrive; no new query starts (one would every 75 ms).
    await assertNoMoreRequests(slow, 'return()');
  } finally {
    slow.close();
  }
});
