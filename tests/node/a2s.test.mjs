// Valve A2S: real replies captured from game servers (tests/fixtures/a2s.json, from
// xPaw/PHP-Source-Query's and Austinb/GameQ's test suites, each vector citing its file)
// decoded by both packages; split captures (Source, bzip2, GoldSrc, out of order) played
// back over UDP to our client; our client against our responder. Both engines run this.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fakeServer } from './helpers.mjs';

const { vectors } = JSON.parse((await import('node:fs')).readFileSync(new URL('../fixtures/a2s.json', import.meta.url), 'utf8'));
const { query, serve } = addon;
const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const bytes = (hex) => new Uint8Array(Buffer.from(hex, 'hex'));

/** The fields `expect` names, from a decoded reply. */
function summary(got, expect) {
  if (expect.type === 'players') {
    return { type: got.type, count: got.players.length, ...(expect.first ? { first: pick(got.players[0], expect.first) } : {}) };
  }
  if (expect.type === 'rules') {
    return { type: got.type, count: Object.keys(got.rules).length, some: Object.fromEntries(Object.keys(expect.some).map((k) => [k, got.rules[k]])) };
  }
  return pick(got, expect);
}
const pick = (value, like) => (value === undefined || like === undefined ? value : Object.fromEntries(Object.keys(like).map((k) =>
  [k, like[k] !== null && typeof like[k] === 'object' ? pick(value[k], like[k]) : value[k]])));

const replies = vectors.filter((v) => v.hex && v.direction !== 'request');

test('requests from peers decode to what they ask, and encode back to the same bytes', () => {
  for (const v of vectors.filter((x) => x.direction === 'request')) {
    for (const pkg of [addon, wasm]) {
      assert.deepEqual(pkg.decodeRequest('a2s', bytes(v.hex)), v.expect, v.name);
      assert.deepEqual(Buffer.from(pkg.encodeRequest('a2s', v.expect)).toString('hex'), v.hex, v.name);
    }
  }
});

test(`${replies.length} real single-packet replies: the fields the peers' suites assert, the same in both packages`, () => {
  for (const v of replies) {
    const options = v.theShip ? { theShip: true } : undefined;
    const got = addon.decodeResponse('a2s', bytes(v.hex), options);
    assert.deepEqual(wasm.decodeResponse('a2s', bytes(v.hex), options), got, v.name);
    // The suites record the wire's short app id; ours is the real one when that is 0.
    const expect = v.expect.appId === 0 && v.expect.gameId ? { ...v.expect, appId: Number(BigInt(v.expect.gameId) & 0xffffffn) } : v.expect;
    assert.deepEqual(summary(got, expect), expect, v.name);
    // What we decode, we encode back to a reply that decodes the same.
    const again = addon.decodeResponse('a2s', addon.encodeResponse('a2s', got), options);
    if (got.type !== 'rules' || !got.truncated) assert.deepEqual(again, got, v.name);
  }
});

test('The Ship: deaths and money per player; app ids above 65535 come from the game id', () => {
  const ship = vectors.find((v) => v.theShip && v.expect.count > 0);
  const got = addon.decodeResponse('a2s', bytes(ship.hex), { theShip: true });
  assert.ok(got.players.every((p) => Number.isInteger(p.deaths) && Number.isInteger(p.money)), ship.name);
  // Short id 0 on the wire, the real id in the game id's low 24 bits (V Rising, Rust …).
  const big = vectors.filter((v) => v.kind === 'info' && v.expect.appId === 0 && v.expect.gameId && BigInt(v.expect.gameId) > 0xffffn);
  assert.ok(big.length > 10, `${big.length}`);
  for (const v of big) assert.equal(addon.decodeResponse('a2s', bytes(v.hex)).appId, Number(BigInt(v.expect.gameId) & 0xffffffn), v.name);
});

/**
 * A server that answers INFO with `info` and PLAYER/RULES with the captured packets, in
 * captured order; with `challenge`, an INFO without it gets that captured challenge first.
 */
async function playback({ info, players = [], rules = [], challenge }) {
  const server = await fakeServer((msg, rinfo, socket) => {
    const send = (b) => socket.send(b, rinfo.port, rinfo.address);
    if (msg[4] === 0x54 && challenge && !msg.subarray(-4).equals(Buffer.from(challenge.subarray(5)))) send(challenge);
    else if (msg[4] === 0x54) send(info);
    else if (msg[4] === 0x55) players.forEach(send);
    else if (msg[4] === 0x56) rules.forEach(send);
  });
  closers.push(server.close);
  return `127.0.0.1:${server.port}`;
}

test('captured split replies played back over UDP: Source, older engines, bzip2, GoldSrc, out of order', async () => {
  const splits = vectors.filter((v) => v.kind === 'split');
  assert.ok(splits.some((v) => v.expect.compressed) && splits.some((v) => v.expect.layout === 'goldsrc'));
  const challenge = bytes(vectors.find((v) => v.kind === 'challenge').hex);
  for (const [n, v] of splits.entries()) {
    const kind = v.expect.joined.type;
    // GoldSrc splits follow a GoldSrc info (protocol 48), as such servers send it.
    const info = addon.encodeResponse('a2s', { type: 'info', name: 'playback', protocol: v.expect.layout === 'goldsrc' ? 48 : 17 });
    const packets = v.packets.map(bytes);
    const target = await playback({ info, [kind]: packets, challenge: n % 2 ? challenge : undefined });
    const status = await query('a2s', target, { timeout: 1500, players: kind === 'players', rules: kind === 'rules' });
    const got = kind === 'players' ? { type: 'players', players: status.raw.players } : { type: 'rules', rules: status.raw.rules };
    assert.deepEqual(summary(got, v.expect.joined), v.expect.joined, v.name);
    assert.equal(status.raw.warnings, undefined, v.name);
  }
});

test('query ← serve: challenge first, a split and a compressed reply, bots counted apart', async () => {
  const state = {
    info: { name: 'Test server', map: 'de_dust2', folder: 'csgo', game: 'Counter-Strike 2', appId: 730, players: 5, maxPlayers: 24, bots: 2, vac: true,
      version: '1.40.4.5', keywords: 'secure', gamePort: 27015, steamId: '90264374594460680' },
    players: Array.from({ length: 150 }, (_, i) => ({ index: 0, name: `player ${i} — ünïcödé`, score: i - 3, duration: i * 1.5 })),
    rules: Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`sv_rule_${i}`, String(i * 7)])),
  };
  for (const [host, compress] of [['127.0.0.1', false], ['::1', true]]) {
    const server = await serve('a2s', state, { host, port: 0, compress });
    closers.push(() => server.close());
    const target = host.includes(':') ? `[${host}]:${server.port}` : `${host}:${server.port}`;
    const s = await query('a2s', target, { timeout: 2000, rules: true });
    assert.equal(s.protocol, 'a2s');
    assert.deepEqual([s.name, s.map, s.mode, s.version, s.password], ['Test server', 'de_dust2', 'Counter-Strike 2', '1.40.4.5', false]);
    assert.deepEqual([s.players.online, s.players.max, s.players.bots, s.players.list.length], [5, 24, 2, 150], 'online as sent, bots included');
    assert.equal(s.raw.info.steamId, '90264374594460680');
    assert.deepEqual(s.raw.players, state.players.map((p) => ({ ...p, duration: Math.fround(p.duration) })));
    assert.deepEqual(s.raw.rules, state.rules);
    assert.ok(s.pingMs >= 0);
    // update() changes the next answer.
    server.update({ ...state, info: { ...state.info, map: 'de_inferno' } });
    assert.equal((await query('a2s', target, { timeout: 2000, players: false })).map, 'de_inferno');
  }
});

test('players: online, bots and the list agree — 18 humans and 2 bots are 20 online, 2 of them bots, all listed', async () => {
  const list = Array.from({ length: 20 }, (_, i) => ({ index: 0, name: i < 18 ? `human ${i}` : `BOT ${i}`, score: i, duration: i }));
  const server = await serve('a2s', { info: { name: 'Bots', maxPlayers: 32, players: 20, bots: 2 }, players: list }, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const s = await query('a2s', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.players.online, s.players.max, s.players.bots, s.players.list.length, s.players.partial], [20, 32, 2, 20, false]);
  // Protocols that do not say how many bots they have say null.
  const samp = await serve('samp', { info: { password: false, players: 1, maxPlayers: 2, hostname: 'h', gamemode: 'g', language: 'l' }, players: [{ id: 0, name: 'a', score: 1, ping: 2 }] }, { host: '127.0.0.1', port: 0 });
  closers.push(() => samp.close());
  assert.equal((await query('samp', `127.0.0.1:${samp.port}`, { timeout: 2000 })).players.bots, null);
});

test('codec: requests with and without the challenge; a split part is named as such', () => {
  for (const pkg of [addon, wasm]) {
    assert.deepEqual([...pkg.encodeRequest('a2s', { type: 'info' })], [...bytes('ffffffff54536f7572636520456e67696e6520517565727900')]);
    assert.deepEqual(pkg.decodeRequest('a2s', bytes('ffffffff55ffffffff')), { type: 'players', challenge: 'ffffffff' });
    assert.deepEqual(pkg.decodeRequest('a2s', bytes('ffffffff5601020304')), { type: 'rules', challenge: '01020304' });
    assert.throws(() => pkg.decodeResponse('a2s', bytes('feffffff010000000200')), (e) => e.code === 'GQ_UNEXPECTED_OPCODE' && /join the parts/.test(e.message));
  }
});

test('failures: silence, a closed port, another protocol', async () => {
  const silent = await fakeServer(() => {});
  closers.push(silent.close);
  const e = await query('a2s', `127.0.0.1:${silent.port}`, { timeout: 400 }).catch((err) => err);
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.match(e.message, /^A2S query of 127\.0\.0\.1:\d+: no answer to A2S_INFO/);
  const other = await fakeServer((msg, rinfo, socket) => socket.send(Buffer.from('SAMP\x7f\x00\x00\x01\x61\x1ei'), rinfo.port, rinfo.address));
  closers.push(other.close);
  const wrong = await query('a2s', `127.0.0.1:${other.port}`, { timeout: 400 }).catch((err) => err);
  assert.equal(wrong.code, 'GQ_WRONG_PROTOCOL');
  const bad = await query('a2s', '127.0.0.1:1', { timeout: 400, rules: 'yes' }).catch((err) => err);
  assert.equal(bad.code, 'GQ_INVALID_ARGUMENT');
});

test("rcon('a2s') and rconSession('a2s'): Source RCON as SRCDS speaks it (an empty value before the login's answer, a mirrored sentinel)", async () => {
  const { fakeTcpServer, rconPacket: packet } = await import('./helpers.mjs');
  const server = await fakeTcpServer((socket) => {
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 4 && buf.length >= buf.readInt32LE(0) + 4) {
        const size = buf.readInt32LE(0);
        const [id, type, body] = [buf.readInt32LE(4), buf.readInt32LE(8), buf.subarray(12, size + 2).toString()];
        buf = buf.subarray(size + 4);
        if (type === 3) socket.write(Buffer.concat([packet(id, 0), packet(body === 'rcon-pw' ? id : -1, 2)]));
        else if (type === 2) socket.write(packet(id, 0, `hostname: Test\nmap     : ${body === 'status' ? 'de_dust2' : body}\n`));
        else socket.write(Buffer.concat([packet(id, 0), packet(id, 0, '\u0000\u0001\u0000\u0000')]));
      }
    });
  });
  closers.push(server.close);
  const target = `127.0.0.1:${server.port}`;
  assert.deepEqual(await addon.rcon('a2s', target, { password: 'rcon-pw', timeout: 2000 }, 'status'), ['hostname: Test', 'map     : de_dust2']);
  const wrong = await addon.rcon('a2s', target, { password: 'nope', timeout: 2000 }, 'status').catch((e) => e);
  assert.equal(wrong.code, 'GQ_RCON_AUTH');
  assert.match(wrong.message, /^Source RCON of 127\.0\.0\.1:\d+: /);
  assert.equal(wrong.protocol, 'a2s');
  const session = await addon.rconSession('a2s', target, { password: 'rcon-pw', timeout: 2000 });
  assert.deepEqual(await session.run('changelevel de_nuke'), ['hostname: Test', 'map     : changelevel de_nuke']);
  assert.deepEqual(await session.run('status'), ['hostname: Test', 'map     : de_dust2']);
  await session.close();
});

test('queryMany over A2S servers: each its own status', async () => {
  const servers = await Promise.all([1, 2, 3].map((i) => serve('a2s', { info: { name: `server ${i}`, players: i, maxPlayers: 10 } }, { host: '127.0.0.1', port: 0 })));
  for (const s of servers) closers.push(() => s.close());
  const names = [];
  for await (const r of addon.queryMany(servers.map((s) => `127.0.0.1:${s.port}`), { protocol: 'a2s', timeout: 2000 })) names.push([r.status.name, r.status.players.online]);
  assert.deepEqual(names.sort(), [['server 1', 1], ['server 2', 2], ['server 3', 3]]);
});

test("FrameDecoder('a2s') joins captured split datagrams into the reply, in both packages", () => {
  for (const v of vectors.filter((x) => x.kind === 'split')) {
    for (const pkg of [addon, wasm]) {
      const frames = new pkg.FrameDecoder('a2s', { goldSrc: v.expect.layout === 'goldsrc' });
      const whole = v.packets.flatMap((p) => frames.push(bytes(p)));
      assert.equal(whole.length, 1, v.name);
      assert.deepEqual(summary(pkg.decodeResponse('a2s', whole[0]), v.expect.joined), v.expect.joined, v.name);
    }
  }
  const frames = new addon.FrameDecoder('a2s');
  const single = bytes('ffffffff4104fce20e');
  assert.deepEqual(frames.push(single), [single], 'a single-packet reply passes as it is');
  assert.throws(() => frames.push(bytes('0011223344')), (e) => e.code === 'GQ_BAD_MAGIC');
});
