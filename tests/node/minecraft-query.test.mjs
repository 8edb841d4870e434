// Minecraft Query (GameSpy4) through both packages: packets laid out as vanilla, Geyser
// and PocketMine write them (deep-equal in both packages; the same bytes back), our
// client against our responder over UDP on 127.0.0.1 and ::1 (full and basic stat, the
// token guard), gamedig's gamespy3 client reading our responder, and the failures.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { GameDig } from 'gamedig';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fakeServer, toHex } from './helpers.mjs';

const { query, queryMany, serve } = addon;
const both = [['addon', addon], ['wasm', wasm]];
const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const latin1 = (s) => Buffer.from(s, 'latin1');
const STATE = {
  motd: '§aQuery §lTest',
  version: '1.21.4',
  plugins: 'Paper on Bukkit 1.21: Essentials 2.20; WorldEdit 7.3',
  map: 'world',
  online: 3,
  max: 20,
  hostPort: 25565,
  hostIp: '127.0.0.1',
  players: ['Steve', 'Zoë', 'Дима'],
};

test('requests: golden bytes through both packages, 15 bytes means full whatever the padding', () => {
  for (const [, pkg] of both) {
    assert.equal(toHex(pkg.encodeRequest('minecraft-query', { type: 'handshake', sessionId: 0x01020304 })), 'fefd0901020304');
    assert.equal(toHex(pkg.encodeRequest('minecraft-query', { type: 'fullStat', sessionId: 1, token: -2 })), 'fefd0000000001fffffffe00000000');
    assert.equal(toHex(pkg.encodeRequest('minecraft-query', { type: 'basicStat', sessionId: 1, token: 9513307 })), 'fefd00000000010091295b');
    const gamedig = Buffer.from('fefd0000000001fffffffeffffff01', 'hex');
    assert.deepEqual(pkg.decodeRequest('minecraft-query', gamedig), { type: 'fullStat', sessionId: 1, token: -2 });
  }
  assert.throws(() => addon.decodeRequest('minecraft-query', Buffer.from('fefe0901020304', 'hex')), (e) => e.code === 'GQ_BAD_MAGIC' && e.field === 'magic');
});

test('replies as vanilla, Geyser and PocketMine write them', () => {
  // Vanilla full stat: Latin-1 (§ is A7), a NUL inside the MOTD, vanilla's key order.
  const vanilla = Buffer.concat([
    Buffer.from('0000000001', 'hex'), latin1('splitnum\0\x80\0'),
    latin1('hostname\0\xa7aCaf\xe9\0Line\0gametype\0SMP\0game_id\0MINECRAFT\0version\x001.21.4\0plugins\0\0map\0world\0'),
    latin1('numplayers\x002\0maxplayers\x0020\0hostport\x0025565\0hostip\x00127.0.0.1\0\0'),
    latin1('\x01player_\0\0Steve\0Alex\0\0'),
  ]);
  // Geyser: its own padding text, keys shuffled. PocketMine: UTF-8, extra keys, port last.
  const geyser = Buffer.concat([Buffer.from('0000000002', 'hex'), latin1('GeyserMC\0\x80\0'),
    latin1('gametype\0SMP\0hostname\0Geyser\0numplayers\x001\0maxplayers\x0010\0map\0Geyser\0\0\x01player_\0\0Bob\0\0')]);
  const pocketmine = Buffer.concat([Buffer.from('0000000003', 'hex'), latin1('splitnum\0\x80\0'),
    Buffer.from('hostname\0Сервер\0gametype\0SMP\0game_id\0MINECRAFTPE\0version\0v1.21.50\0server_engine\0PocketMine-MP 5.20\0plugins\0PocketMine-MP 5.20: EconomyAPI 5.7\0map\0world\0numplayers\x001\0maxplayers\x0020\0whitelist\0off\0hostip\x000.0.0.0\0hostport\x0019132\0\0\x01player_\0\0Игрок\0\0')]);
  const basic = Buffer.concat([Buffer.from('0000000004', 'hex'), latin1('A Minecraft Server\0SMP\0world\x002\x0020\0'), Buffer.from('dd63', 'hex'), latin1('127.0.0.1\0')]);
  const decoded = [vanilla, geyser, pocketmine, basic].map((b) => {
    const a = addon.decodeResponse('minecraft-query', b);
    assert.deepStrictEqual(wasm.decodeResponse('minecraft-query', b), a);
    return a;
  });
  const [v, g, p, b] = decoded.map((r) => r.stat);
  assert.equal(v.motd.raw, '§aCafé\0Line');
  assert.equal(v.motd.plain, 'Café\0Line');
  assert.deepEqual([v.players, v.online, v.max, v.hostPort, v.hostIp, v.plugins, v.serverMod], [['Steve', 'Alex'], 2, 20, 25565, '127.0.0.1', '', null]);
  assert.equal(v.full, true);
  assert.deepEqual([g.motd.plain, g.map, g.players, g.gameId], ['Geyser', 'Geyser', ['Bob'], null]);
  assert.deepEqual([p.motd.plain, p.gameId, p.serverMod, p.pluginList, p.players, p.hostPort], ['Сервер', 'MINECRAFTPE', 'PocketMine-MP 5.20', ['EconomyAPI 5.7'], ['Игрок'], 19132]);
  assert.deepEqual(p.extra, { server_engine: 'PocketMine-MP 5.20', whitelist: 'off' });
  assert.deepEqual([b.full, b.motd.plain, b.online, b.max, b.hostPort, b.hostIp, b.players], [false, 'A Minecraft Server', 2, 20, 25565, '127.0.0.1', []]);
  // Re-encoded (vanilla's layout), then decoded again: the same stat.
  for (const r of decoded) assert.deepEqual(addon.decodeResponse('minecraft-query', addon.encodeResponse('minecraft-query', r)).stat, r.stat);
  // Handshake tokens: negative, and beyond i32 (sent back as the i32 it wraps to).
  const hs = (t) => addon.decodeResponse('minecraft-query', Buffer.concat([Buffer.from('0900000001', 'hex'), latin1(`${t}\0`)])).token;
  assert.deepEqual([hs('9513307'), hs('-5'), hs('4294967295')], [9513307, -5, -1]);
  assert.throws(() => addon.decodeResponse('minecraft-query', vanilla.subarray(0, 60)), (e) => e.code === 'GQ_TRUNCATED' && typeof e.offset === 'number');
});

for (const host of ['127.0.0.1', '::1']) {
  test(`query ← serve over UDP on ${host}: full stat by default, basic on request`, async () => {
    const server = await serve('minecraft-query', STATE, { host, port: 0 });
    closers.push(() => server.close());
    const target = { host, port: server.port };
    const s = await query('minecraft-query', target, { timeout: 2000 });
    assert.equal(s.protocol, 'minecraft-query');
    assert.equal(s.name, 'Query Test');
    assert.equal(s.version, '1.21.4');
    assert.equal(s.map, 'world');
    assert.equal(s.mode, 'SMP');
    assert.deepEqual(s.players, { online: 3, max: 20, bots: null, list: [{ name: 'Steve' }, { name: 'Zoë' }, { name: 'Дима' }], partial: false });
    assert.equal(s.raw.serverMod, 'Paper on Bukkit 1.21');
    assert.deepEqual(s.raw.pluginList, ['Essentials 2.20', 'WorldEdit 7.3']);
    assert.equal(s.raw.full, true);
    assert.equal(s.raw.latencyMs, s.pingMs);
    const basic = await query('minecraft-query', target, { full: false });
    assert.deepEqual([basic.raw.full, basic.players.list, basic.players.partial, basic.raw.hostPort], [false, [], true, 25565]);
    // The state is the result's raw: serve it back.
    const again = await serve('minecraft-query', s.raw, { host, port: 0 });
    closers.push(() => again.close());
    const s2 = await query('minecraft-query', { host, port: again.port });
    assert.deepEqual({ ...s2.raw, latencyMs: 0 }, { ...s.raw, latencyMs: 0 });
  });
}

test('gamedig (protocol-gamespy3) reads our responder; queryMany and update()', async () => {
  const server = await serve('minecraft-query', STATE, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const g = await GameDig.query({ type: 'protocol-gamespy3', host: '127.0.0.1', port: server.port, givenPortOnly: true, maxRetries: 0, socketTimeout: 1000 });
  assert.equal(g.name, '§aQuery §lTest');
  // gamedig reads single bytes (windows-1252), which fits vanilla's Latin-1; names beyond
  // Latin-1 we send as UTF-8 (as PocketMine does), which gamedig then shows as mojibake.
  const names = Array.from(g.players, (p) => p.name);
  assert.deepEqual(names.slice(0, 2), ['Steve', 'Zoë']);
  assert.equal(names[2], 'Ð”Ð¸Ð¼Ð°');
  assert.equal(g.raw.plugins, STATE.plugins);
  assert.equal(g.numplayers, 3);
  await server.update({ ...STATE, players: ['Solo'], online: 1 });
  for await (const r of queryMany([`127.0.0.1:${server.port}`], { protocol: 'minecraft-query' })) {
    assert.deepEqual(r.status.players.list, [{ name: 'Solo' }]);
  }
});

test('failures: closed port, silence (a stale token costs one handshake), another protocol', async () => {
  const closed = await query('minecraft-query', '127.0.0.1:1', { timeout: 800 }).catch((e) => e);
  assert.equal(closed.code, 'GQ_PORT_CLOSED');
  assert.match(closed.message, /^Minecraft Query of 127\.0\.0\.1:1: /);
  // Answers handshakes, never stats: the client re-handshakes once, then times out on time.
  let handshakes = 0;
  const stale = await fakeServer((msg, rinfo, socket) => {
    if (msg[2] !== 9) return;
    handshakes++;
    socket.send(Buffer.concat([Buffer.from([9]), msg.subarray(3, 7), latin1('12345\0')]), rinfo.port, rinfo.address);
  });
  closers.push(stale.close);
  const t0 = performance.now();
  const e = await query('minecraft-query', `127.0.0.1:${stale.port}`, { timeout: 800, retries: 0 }).catch((err) => err);
  const took = performance.now() - t0;
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.match(e.message, /the stat request/);
  assert.equal(handshakes, 2);
  assert.ok(took >= 790 && took < 1100, `${took} ms`);
  const samp = await fakeServer((msg, rinfo, socket) => socket.send(latin1('SAMP\x7f\x00\x00\x01\x61\x1ei\x00\x01\x00'), rinfo.port, rinfo.address));
  closers.push(samp.close);
  const wrong = await query('minecraft-query', `127.0.0.1:${samp.port}`, { timeout: 500 }).catch((err) => err);
  assert.equal(wrong.code, 'GQ_WRONG_PROTOCOL');
});

test('the responder: no stat without the token of this source, handshakes rate-limited', async () => {
  const server = await serve('minecraft-query', STATE, { host: '127.0.0.1', port: 0, rateLimit: { burst: 2, perSecond: 1 } });
  closers.push(() => server.close());
  const dgram = await import('node:dgram');
  const socket = dgram.createSocket('udp4');
  closers.push(() => new Promise((r) => socket.close(r)));
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  const replies = [];
  socket.on('message', (m) => replies.push(m));
  const send = (hex) => socket.send(Buffer.from(hex, 'hex'), server.port, '127.0.0.1');
  send('fefd0000000001000000010000000'.padEnd(30, '0')); // a stat with a guessed token
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(replies.length, 0, 'no reply without a token');
  for (let i = 0; i < 3; i++) send('fefd0900000001');
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(replies.length, 2, 'third handshake over the burst');
});
