// What a bot author meets on day one: one deadline, no idle waits, closed ports that fail
// fast, errors that say what failed, RCON that ends, one Status meaning, a packet trace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { createRequire } from 'node:module';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fakeServer, fakeTcpServer, javaState, legacyState, openMpState, players } from './helpers.mjs';

const { query, queryMany, rcon, serve, GameQueryError, isGameQueryError } = addon;
const since = (t0) => Date.now() - t0;

/** A UDP port nothing listens on (bound, then closed: the kernel answers ICMP unreachable). */
async function closedUdpPort() {
  const s = dgram.createSocket('udp4');
  await new Promise((r) => s.bind(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

test('one deadline: timeout is the whole call in every protocol, retries inside it', async () => {
  const silentUdp = await fakeServer(() => {});
  const silentTcp = await fakeTcpServer(() => {});
  try {
    const calls = [
      ['samp', () => query('samp', `127.0.0.1:${silentUdp.port}`, { timeout: 800 })],
      ['sqp', () => query('sqp', `127.0.0.1:${silentUdp.port}`, { timeout: 800 })],
      ['minecraft-java', () => query('minecraft-java', `127.0.0.1:${silentTcp.port}`, { timeout: 800 })],
      ['minecraft-legacy', () => query('minecraft-legacy', `127.0.0.1:${silentTcp.port}`, { timeout: 800 })],
      ['samp rcon', () => rcon('samp', `127.0.0.1:${silentUdp.port}`, { password: 'x', timeout: 800 }, 'players')],
    ];
    await Promise.all(calls.map(async ([name, run]) => {
      const t0 = Date.now();
      const e = await run().then(() => null, (err) => err);
      const ms = since(t0);
      assert.equal(e?.code, 'GQ_TIMEOUT', `${name}: ${e?.message}`);
      assert.ok(ms >= 790 && ms < 1100, `${name} ended after ${ms} ms`);
      assert.match(e.message, new RegExp(`127\\.0\\.0\\.1:${name.startsWith('minecraft') ? silentTcp.port : silentUdp.port}`), `${name}: the message names the target`);
    }));
    // The same validation everywhere.
    for (const [protocol, target, extra] of [['samp', '127.0.0.1:1'], ['sqp', '127.0.0.1:1'], ['minecraft-java', '127.0.0.1:1'], ['minecraft-legacy', '127.0.0.1:1']]) {
      for (const bad of [{ timeout: 0 }, { timeout: '1s' }, { retries: 11 }, { retries: 1.5 }]) {
        await assert.rejects(query(protocol, target, { ...extra, ...bad }), (e) => e.code === 'GQ_INVALID_ARGUMENT' && /option (timeout|retries)/.test(e.message), `${protocol} ${JSON.stringify(bad)}`);
      }
    }
    await assert.rejects(rcon('samp', '127.0.0.1:1', { password: 'x', retries: 11 }, 'x'), /option retries must be a whole number from 0 to 10/);
  } finally {
    await Promise.all([silentUdp.close(), silentTcp.close()]);
  }
});

test('closed ports fail fast with GQ_PORT_CLOSED, UDP and TCP alike', async () => {
  const udp = await closedUdpPort();
  for (const protocol of ['samp', 'sqp']) {
    const t0 = Date.now();
    const e = await query(protocol, `127.0.0.1:${udp}`, { timeout: 3000 }).catch((err) => err);
    assert.equal(e.code, 'GQ_PORT_CLOSED', `${protocol}: ${e.message}`);
    assert.ok(since(t0) < 500, `${protocol} took ${since(t0)} ms`);
    assert.deepEqual([e.protocol, e.address, e.port], [protocol, '127.0.0.1', udp]);
  }
  const tcp = await fakeTcpServer(() => {});
  const port = tcp.port;
  await tcp.close();
  const e = await query('minecraft-java', `127.0.0.1:${port}`, { timeout: 3000 }).catch((err) => err);
  assert.equal(e.code, 'GQ_PORT_CLOSED');
  assert.match(e.message, /refused the connection/);
});

test('no idle waits: a server answering only i, r and c is done in a few round trips', async () => {
  const state = legacyState(5);
  const server = await serve('samp', state, { host: '127.0.0.1', port: 0, legacy: true });
  // A filter in front of it passes only i, r and c.
  const filter = await fakeServer((msg, rinfo, socket) => {
    if (!'irc'.includes(String.fromCharCode(msg[10]))) return;
    const out = dgram.createSocket('udp4');
    out.on('message', (reply) => {
      socket.send(reply, rinfo.port, rinfo.address);
      out.close();
    });
    out.send(msg, server.port, '127.0.0.1');
  });
  try {
    const t0 = Date.now();
    const s = await query('samp', `127.0.0.1:${filter.port}`, { timeout: 2000 });
    assert.ok(since(t0) < 400, `took ${since(t0)} ms`);
    assert.equal(s.players.list.length, 5, 'the list came from c');
    assert.equal(s.raw.playersSource, 'c');
    assert.equal(s.raw.latencySource, 'info', 'latency from the i round trip when p goes unanswered');
    const d = await query('samp', `127.0.0.1:${filter.port}`, { timeout: 2000, players: 'd' });
    assert.equal(d.players.list.length, 5);
    assert.match(d.raw.warnings[0], /did not answer 'd'/);
  } finally {
    await Promise.all([filter.close(), server.close()]);
  }
  // serve() of a SA:MP 0.3.7 state answers `d` without being told `legacy`.
  const mirror = await serve('samp', legacyState(3), { host: '127.0.0.1', port: 0 });
  try {
    const t0 = Date.now();
    const s = await query('samp', `127.0.0.1:${mirror.port}`);
    assert.equal(s.raw.playersSource, 'd');
    assert.ok(since(t0) < 300, `took ${since(t0)} ms`);
  } finally {
    await mirror.close();
  }
});

test('one error class in both packages, with the call in its fields and message', async () => {
  const e = await query('samp', '127.0.0.1:1', { timeout: 500 }).catch((err) => err);
  assert.ok(e instanceof GameQueryError && e instanceof Error && isGameQueryError(e));
  assert.ok(e instanceof wasm.GameQueryError, 'instanceof holds across the packages');
  assert.equal(e.name, 'GameQueryError');
  assert.deepEqual([e.code, e.protocol, e.target, e.address, e.port], ['GQ_PORT_CLOSED', 'samp', '127.0.0.1:1', '127.0.0.1', 1]);
  assert.match(e.message, /^SA:MP query of 127\.0\.0\.1:1: /);
  const viaObject = await query('samp', { host: '127.0.0.1', port: 1 }).catch((err) => err);
  assert.deepEqual(viaObject.target, { host: '127.0.0.1', port: 1 }, 'the target as given');
  const decode = (() => { try { wasm.decodeResponse('samp', new Uint8Array(3)); } catch (err) { return err; } })();
  assert.ok(decode instanceof GameQueryError && decode.code === 'GQ_TRUNCATED' && decode.field && decode.offset === 0);

  const bad = [
    [() => query(undefined, 'x'), /^protocol must be a protocol's name or a game's id; got undefined$/],
    [() => query('tetris', 'x'), /^unknown protocol or game "tetris"; protocols: samp, minecraft-java, .*; games: see `games`/],
    [() => query('samp', '127.0.0.1:7777:1'), /more than one ':'/],
    [() => query('sqp', '127.0.0.1:1', { chunks: ['player'] }), /option chunks must be .*'players'.*got "player"/],
    [() => query('samp', '127.0.0.1:1', { player: 'c' }), /unknown option "player" \(did you mean players\?\) for the SA:MP query; its options are .*players/],
    // A member of serve's options (or a state's), a slip away from a known one (#48, 18).
    [async () => serve('a2s', addon.sampleState('a2s'), { ratelimit: false }), /^invalid serve options: ratelimit: unknown member \(did you mean rateLimit\?\); the known ones: host, port, /],
    [async () => serve('samp', addon.sampleState('samp'), { rateLimit: { burst: 1, perSecond: 1, bursts: 2 } }), /^invalid serve options: rateLimit\.bursts: unknown member \(did you mean burst\?\); the known ones: burst, perSecond$/],
    [() => query('samp', 42), /^target must be 'host:port' or \{ host, port \}; got number 42$/],
    [() => query('samp', 'x', { signal: 'soon' }), /signal must be an AbortSignal/],
    [async () => addon.decodeResponse('samp', [1, 2, 3]), /^bytes must be a Uint8Array \(a Buffer is one\); got an array$/],
    [async () => wasm.decodeResponse('samp', [1, 2, 3]), /^bytes must be a Uint8Array/],
  ];
  for (const [run, message] of bad) {
    await assert.rejects(run(), (err) => err instanceof GameQueryError && err.code === 'GQ_INVALID_ARGUMENT' && message.test(err.message) && !/napi|serde|rust|variant|TypedArray/i.test(err.message), String(message));
  }
});

test('aborts are AbortErrors carrying the signal reason', async () => {
  const silent = await fakeServer(() => {});
  try {
    const ac = new AbortController();
    const reason = new Error('cancelled by the user');
    setTimeout(() => ac.abort(reason), 50);
    const e = await query('samp', `127.0.0.1:${silent.port}`, { signal: ac.signal }).catch((err) => err);
    assert.equal(e.name, 'AbortError');
    assert.equal(e.code, 'GQ_ABORTED');
    assert.equal(e.cause, reason);
    assert.ok(e instanceof GameQueryError);
    const early = await query('samp', `127.0.0.1:${silent.port}`, { signal: AbortSignal.abort(reason) }).catch((err) => err);
    assert.equal(early.cause, reason);
  } finally {
    await silent.close();
  }
});

test('a peer speaking another protocol gets its own code and a plain message', async () => {
  const http = await fakeTcpServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n')));
  const closes = await fakeTcpServer((socket) => socket.destroy());
  const a2s = await fakeServer((msg, rinfo, socket) => socket.send(Buffer.from('ffffffff49116e616d6500', 'hex'), rinfo.port, rinfo.address));
  try {
    const e = await query('minecraft-java', `127.0.0.1:${http.port}`).catch((err) => err);
    assert.equal(e.code, 'GQ_WRONG_PROTOCOL');
    assert.match(e.message, /not a Minecraft server: it answered like HTTP$/);
    const c = await query('minecraft-java', `127.0.0.1:${closes.port}`, { timeout: 1000 }).catch((err) => err);
    assert.match(c.message, /closed the connection without answering/);
    assert.doesNotMatch(c.message, /complete legacy reply/);
    const s = await query('samp', `127.0.0.1:${a2s.port}`, { timeout: 400 }).catch((err) => err);
    assert.equal(s.code, 'GQ_WRONG_PROTOCOL');
    assert.match(s.message, /not a SA:MP server: it answered like a Source \(A2S\) query reply/);
  } finally {
    await Promise.all([http.close(), closes.close(), a2s.close()]);
  }
});

test('RCON to a port speaking another protocol is GQ_WRONG_PROTOCOL, as the status query says', async () => {
  const http = await fakeTcpServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n')));
  // An SSH server speaks first, before any request.
  const ssh = await fakeTcpServer((socket) => socket.write('SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n'));
  try {
    for (const [server, like] of [[http, 'HTTP'], [ssh, 'SSH']]) {
      for (const protocol of ['minecraft-java', 'a2s']) {
        const e = await rcon(protocol, `127.0.0.1:${server.port}`, { password: 'pw', timeout: 1000 }, 'list').catch((err) => err);
        assert.equal(e.code, 'GQ_WRONG_PROTOCOL', `${protocol} at ${like}: ${e.message}`);
        assert.match(e.message, new RegExp(`not an RCON server: it answered like ${like}$`));
        assert.equal(e.protocol, protocol);
      }
    }
    const q = await query('minecraft-java', `127.0.0.1:${http.port}`).catch((err) => err);
    assert.equal(q.code, 'GQ_WRONG_PROTOCOL');
  } finally {
    await Promise.all([http.close(), ssh.close()]);
  }
});

test('RCON: a command that prints nothing resolves [] once idle passes; idle is an option', async () => {
  const server = await serve('samp', openMpState(1), {
    host: '127.0.0.1', port: 0, rcon: { password: 'pw', handler: (cmd) => (cmd === 'quiet' ? [] : [`ran ${cmd}`]) },
  });
  try {
    const t0 = Date.now();
    assert.deepEqual(await rcon('samp', `127.0.0.1:${server.port}`, { password: 'pw', idle: 100 }, 'quiet'), []);
    assert.ok(since(t0) >= 100 && since(t0) < 600, `took ${since(t0)} ms`);
    assert.deepEqual(await rcon('samp', `127.0.0.1:${server.port}`, { password: 'pw' }, 'say hi'), ['ran say hi']);
  } finally {
    await server.close();
  }
});

test('one Status meaning: numbers as numbers, null for unknown, partial lists, real players only', async () => {
  const samp = await serve('samp', { ...legacyState(3), info: { ...legacyState(3).info, gamemode: '' } }, { host: '127.0.0.1', port: 0 });
  const big = await serve('samp', { ...openMpState(150) }, { host: '127.0.0.1', port: 0 });
  const state = javaState();
  state.players.sample.push({ name: '§aWelcome to §bMyNetwork', id: '00000000-0000-0000-0000-000000000000' });
  const mc = await serve('minecraft-java', state, { host: '127.0.0.1', port: 0 });
  try {
    const s = await query('samp', `127.0.0.1:${samp.port}`);
    assert.equal(typeof s.players.list[1].id, 'number');
    assert.equal(s.mode, null, 'an empty gamemode is unknown');
    assert.equal(s.players.partial, false);
    assert.ok(typeof s.pingMs === 'number' && s.pingMs >= 0 && s.pingMs < 50);
    const b = await query('samp', `127.0.0.1:${big.port}`);
    assert.deepEqual([b.players.list.length, b.players.partial], [0, true]);
    const m = await query('minecraft-java', `127.0.0.1:${mc.port}`);
    assert.deepEqual(m.players.list.map((p) => p.name), ['Steve', 'Alex']);
    assert.equal(m.raw.players.sample.length, 3, 'the MOTD line stays in raw');
    assert.equal(m.players.partial, true);
    assert.deepEqual([m.map, m.mode], [null, null]);
  } finally {
    await Promise.all([samp.close(), big.close(), mc.close()]);
  }
});

test('trace(event) sees every datagram both ways; localAddress/localPort bind the socket', async () => {
  let seenFrom;
  const server = await serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  const spy = await fakeServer((msg, rinfo) => { seenFrom = rinfo.port; });
  try {
    const events = [];
    await query('samp', `127.0.0.1:${server.port}`, { trace: (e) => events.push(e) });
    await new Promise((r) => setImmediate(r));
    const sends = events.filter((e) => e.direction === 'send');
    const receives = events.filter((e) => e.direction === 'receive');
    assert.ok(sends.length >= 4 && receives.length >= 4, `${sends.length} sent, ${receives.length} received`);
    for (const e of events) {
      assert.ok(e.bytes instanceof Uint8Array && e.bytes.length >= 11);
      assert.deepEqual([e.address, e.port], ['127.0.0.1', server.port]);
      assert.equal(typeof e.time, 'number');
    }
    assert.equal(Buffer.from(sends[0].bytes).subarray(0, 4).toString(), 'SAMP');

    const local = await closedUdpPort();
    await query('samp', `127.0.0.1:${spy.port}`, { localAddress: '127.0.0.1', localPort: local, timeout: 300, retries: 0 }).catch(() => {});
    assert.equal(seenFrom, local);
    await assert.rejects(query('samp', '127.0.0.1:1', { localAddress: 'not-an-ip' }), /option localAddress must be an IP address/);
  } finally {
    await Promise.all([server.close(), spy.close()]);
  }
});

test('queryMany: per-protocol options, errors with their target, a trace', async () => {
  const samp = await serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  const mc = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  try {
    const items = [
      { protocol: 'samp', target: `127.0.0.1:${samp.port}` },
      { protocol: 'minecraft-java', target: `127.0.0.1:${mc.port}` },
      { protocol: 'samp', target: '127.0.0.1:1' },
    ];
    const events = [];
    const results = [];
    const options = { samp: { players: 'c', timeout: 400 }, 'minecraft-java': { srv: false }, trace: (e) => events.push(e) };
    for await (const r of queryMany(items, options)) results.push(r);
    assert.equal(results.length, 3);
    assert.equal(results.find((r) => r.target === items[0]).status.raw.playersSource, 'c', 'samp options reached samp items');
    const closed = results.find((r) => r.target === items[2]);
    assert.deepEqual([closed.error.code, closed.error.target, closed.error.protocol], ['GQ_PORT_CLOSED', '127.0.0.1:1', 'samp']);
    assert.match(closed.error.message, /^SA:MP query of 127\.0\.0\.1:1: /);
    await new Promise((r) => setImmediate(r));
    assert.ok(events.some((e) => e.port === samp.port && e.direction === 'receive'));
  } finally {
    await Promise.all([samp.close(), mc.close()]);
  }
  assert.ok(players(1).length === 1);
});

test('the CommonJS require of the wasm glue and the addon share one error class', () => {
  const require = createRequire(import.meta.url);
  const glue = require('gamequery-wasm/glue');
  const err = new glue.GameQueryError({ code: 'GQ_TIMEOUT', message: 'x' });
  assert.ok(err instanceof addon.GameQueryError && wasm.isGameQueryError(err));
});

test('responders close by Symbol.asyncDispose (`await using`), as RCON sessions do', async () => {
  const server = await serve('samp', openMpState(1), { host: '127.0.0.1', port: 0 });
  assert.equal((await query('samp', `127.0.0.1:${server.port}`, { timeout: 1000 })).players.online, 1);
  // What `await using` calls at the block's end (Node 20 has the symbol, not the syntax).
  await server[Symbol.asyncDispose]();
  // Closed: the port is free again.
  const again = await serve('samp', openMpState(1), { host: '127.0.0.1', port: server.port });
  await again.close();
});
