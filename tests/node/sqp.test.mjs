// SQP through both packages (Unity's reference vectors, deep-equal results), and our
// client against our responder over real UDP on 127.0.0.1 and ::1.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fixtures, hex, sqpState, toHex } from './helpers.mjs';

const { query, serve } = addon;
const both = [['addon', addon], ['wasm', wasm]];
const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const CHUNKS = ['info', 'rules', 'players', 'teams', 'metrics'];

test('reference vectors through both packages', () => {
  const options = { 'ServerInfo reply': { chunks: ['info'] }, 'ServerRules reply': { chunks: ['rules'] } };
  for (const v of fixtures('sqp')) {
    const bytes = hex(v.hex);
    const decode = (pkg) => (v.direction === 'request' ? pkg.decodeRequest('sqp', bytes) : pkg.decodeResponse('sqp', bytes, options[v.name] ?? { chunks: ['info'] }));
    if (v.expect.error) {
      const codes = both.map(([, pkg]) => { try { decode(pkg); } catch (e) { return e.code; } return 'none'; });
      assert.deepEqual(codes[0], codes[1]);
      assert.ok(codes[0].startsWith('GQ_'), v.name);
      if (v.expect.error === 'malformed') assert.equal(codes[0], 'GQ_MALFORMED');
      continue;
    }
    const a = decode(addon);
    assert.deepStrictEqual(decode(wasm), a, v.name);
    if (v.name === 'ServerInfo reply') assert.deepEqual(a.info, { currentPlayers: 5, maxPlayers: 10, serverName: 'my server', gameType: 'ctf', buildId: '1', map: 'map', port: 1025 });
    if (v.name === 'ServerRules reply') assert.deepEqual(Object.fromEntries(Object.entries(a.rules).map(([k, r]) => [k, r.value])), v.expect.rules);
    if (v.name.startsWith('query request')) assert.deepEqual(a, { type: 'query', challenge: 1, version: 1, chunks: ['info'] });
    const encode = v.direction === 'request' ? 'encodeRequest' : 'encodeResponse';
    for (const [, pkg] of both) assert.equal(toHex(pkg[encode]('sqp', a)), v.hex, v.name);
  }
});

test('chunks by name or mask; missing chunks named; same in both packages', () => {
  const state = sqpState();
  for (const [, pkg] of both) {
    const bytes = pkg.encodeResponse('sqp', { type: 'query', challenge: 7, info: state.info, metrics: state.metrics });
    const byNames = pkg.decodeResponse('sqp', bytes);
    assert.deepEqual(byNames.missing, ['rules', 'players', 'teams']);
    assert.deepEqual(byNames.info, state.info);
    assert.deepEqual(byNames.metrics, [0.25, 60]);
    assert.deepEqual(pkg.decodeResponse('sqp', bytes, { chunks: 0x1f }), byNames);
    assert.equal(toHex(pkg.encodeRequest('sqp', { type: 'query', challenge: 1, chunks: 0x05 })), toHex(pkg.encodeRequest('sqp', { type: 'query', challenge: 1, chunks: ['info', 'players'] })));
  }
});

for (const host of ['127.0.0.1', '::1']) {
  test(`every chunk combination over ${host}`, async () => {
    const state = sqpState();
    const server = await serve('sqp', state, { host, port: 0 });
    closers.push(() => server.close());
    const target = host.includes(':') ? `[${host}]:${server.port}` : `${host}:${server.port}`;
    for (let mask = 1; mask <= 0x1f; mask++) {
      const s = await query('sqp', target, { chunks: mask, timeout: 1000 });
      for (const [bit, name] of CHUNKS.entries()) assert.equal(name in s.raw, (mask & (1 << bit)) !== 0, `${mask} ${name}`);
      if (mask & 1) assert.deepEqual([s.name, s.map, s.mode, s.version, s.players.online, s.players.max], ['Arena #1', 'dust', 'tdm', '1.4.2', 3, 16]);
      if (mask & 2) assert.deepEqual(s.raw.rules, { ...state.rules, gravity: { type: 'f32', value: 9.5 } });
      if (mask & 4) {
        assert.deepEqual(s.raw.players, state.players);
        assert.deepEqual(s.players.list, [{ name: 'alice', score: 10, ping: 30 }, { name: 'bob', score: 3, ping: 45 }, { name: 'carol', score: 0, ping: 12 }]);
      }
      if (mask & 8) assert.deepEqual(s.raw.teams, state.teams);
      if (mask & 16) assert.deepEqual(s.raw.metrics, state.metrics);
    }
  });
}

test('multi-packet replies above maxPacketSize, and update()', async () => {
  const server = await serve('sqp', sqpState(), { host: '127.0.0.1', port: 0, maxPacketSize: 40 });
  closers.push(() => server.close());
  const s = await query('sqp', `127.0.0.1:${server.port}`);
  assert.deepEqual(s.raw.players, sqpState().players);
  server.update({ ...sqpState(), info: { ...sqpState().info, currentPlayers: 9 } });
  assert.equal((await query('sqp', `127.0.0.1:${server.port}`, { chunks: ['info'] })).players.online, 9);
});

/**
 * A UDP client socket that collects replies. `send(bytes, port, expect)` waits for
 * `expect` replies (up to 2 s), or — expecting none — a quiet 150 ms.
 */
async function client() {
  const socket = dgram.createSocket('udp4');
  const replies = [];
  socket.on('message', (m) => replies.push(m));
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  const send = async (bytes, port, expect = 1) => {
    const before = replies.length;
    socket.send(bytes, port, '127.0.0.1');
    const until = Date.now() + (expect ? 2000 : 150);
    while (Date.now() < until && replies.length - before < Math.max(expect, 1)) await new Promise((r) => setTimeout(r, 5));
    if (!expect) await new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())));
    return replies.slice(before);
  };
  return { send, close: () => socket.close() };
}

test('wrong, reused and expired challenges get no answer; short requests none either', async () => {
  const server = await serve('sqp', sqpState(), { host: '127.0.0.1', port: 0, challengeTtl: 200 });
  closers.push(() => server.close());
  const c = await client();
  const challengeOf = (reply) => addon.decodeResponse('sqp', reply[0]).challenge;
  const ask = () => c.send(addon.encodeRequest('sqp', { type: 'challenge' }), server.port);
  const q = (challenge, expect) => c.send(addon.encodeRequest('sqp', { type: 'query', challenge, chunks: ['info'] }), server.port, expect);
  const challenge = challengeOf(await ask());
  assert.deepEqual(await q((challenge + 1) >>> 0, 0), [], 'wrong challenge');
  assert.equal((await q(challenge, 1)).length, 1);
  assert.deepEqual(await q(challenge, 0), [], 'reused');
  const late = challengeOf(await ask());
  await new Promise((r) => setTimeout(r, 250));
  assert.deepEqual(await q(late, 0), [], 'expired');
  assert.deepEqual(await c.send(Buffer.from([0, 0, 0]), server.port, 0), [], 'short challenge request');
  c.close();
});

test('the outstanding-challenge table stays bounded under a flood from many source ports', async () => {
  const server = await serve('sqp', sqpState(), { host: '127.0.0.1', port: 0, maxChallenges: 10 });
  closers.push(() => server.close());
  const clients = await Promise.all(Array.from({ length: 40 }, client));
  const challenges = [];
  for (const c of clients) challenges.push(addon.decodeResponse('sqp', (await c.send(addon.encodeRequest('sqp', { type: 'challenge' }), server.port))[0]).challenge);
  const answered = [];
  for (const [i, c] of clients.entries()) {
    const replies = await c.send(addon.encodeRequest('sqp', { type: 'query', challenge: challenges[i], chunks: ['info'] }), server.port, i < 30 ? 0 : 1);
    answered.push(replies.length);
  }
  assert.deepEqual(answered, [...Array(30).fill(0), ...Array(10).fill(1)], 'only the 10 newest challenges survived');
  clients.forEach((c) => c.close());
});

test('timeouts, retries and bad targets', async () => {
  const silent = dgram.createSocket('udp4');
  let seen = 0;
  silent.on('message', () => seen++);
  await new Promise((r) => silent.bind(0, '127.0.0.1', r));
  const t0 = Date.now();
  await assert.rejects(query('sqp', `127.0.0.1:${silent.address().port}`, { timeout: 150, retries: 2 }), { code: 'GQ_TIMEOUT' });
  assert.equal(seen, 3, 'a fresh challenge request per attempt');
  assert.ok(Date.now() - t0 < 3000);
  silent.close();
  await assert.rejects(query('sqp', '127.0.0.1'), { code: 'GQ_INVALID_ARGUMENT' });
  await assert.rejects(query('sqp', '127.0.0.1:1', { chunks: ['everything'] }), { code: 'GQ_INVALID_ARGUMENT' });
});
