// Minecraft Bedrock (RakNet unconnected ping/pong) through both packages: the layouts of
// BDS, PocketMine 3 and 5 and PyPI rak-net (deep-equal in both packages, golden bytes on
// the way back), our client against our responder over real UDP on 127.0.0.1 and ::1,
// gamedig's client reading our responder, and the failures a bot sees.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { GameDig } from 'gamedig';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fakeServer, fixtures, hex, toHex } from './helpers.mjs';

const { query, queryMany, serve } = addon;
const both = [['addon', addon], ['wasm', wasm]];
const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const STATE = {
  serverGuid: '18446744073709551615',
  motd: '§bBedrock §lBoat',
  protocol: 766,
  version: '1.21.50',
  online: 4,
  max: 30,
  levelName: '§aSkyblock',
  gameMode: 'Survival',
  gameModeNumeric: 1,
  portV4: 19132,
  portV6: 19133,
};

test('vectors through both packages: fields, errors, and the same bytes back', () => {
  for (const v of fixtures('minecraft-bedrock')) {
    const bytes = hex(v.hex);
    const decode = (pkg) => (v.direction === 'request' ? pkg.decodeRequest : pkg.decodeResponse)('minecraft-bedrock', bytes);
    if (v.expect.error) {
      for (const [name, pkg] of both) {
        assert.throws(() => decode(pkg), (e) => e.code === `GQ_${v.expect.error.toUpperCase().replace(' ', '_')}` && typeof e.offset === 'number', `${v.name} (${name})`);
      }
      continue;
    }
    const a = decode(addon);
    assert.deepStrictEqual(decode(wasm), a, v.name);
    if (v.direction === 'request') {
      assert.deepEqual(a, { ...v.expect, openConnections: false });
      for (const [, pkg] of both) assert.equal(toHex(pkg.encodeRequest('minecraft-bedrock', a)), v.hex, v.name);
      continue;
    }
    const ad = a.advertisement;
    const got = { ...ad, motd: ad.motd.plain, levelName: ad.levelName?.plain ?? null };
    delete got.edition;
    assert.deepEqual(got, v.expect, v.name);
    assert.equal(ad.edition, 'MCPE');
    // Re-encoded: the true byte length, and the text as BDS would write it.
    const again = decode({ decodeResponse: (p, b) => addon.decodeResponse(p, addon.encodeResponse(p, a)) });
    assert.deepEqual(again.advertisement, a.advertisement, v.name);
  }
});

test('GUIDs stay exact 64-bit values', () => {
  assert.equal(toHex(addon.encodeRequest('minecraft-bedrock', { time: 300, clientGuid: '1' }).subarray(1, 9)), '000000000000012c', 'a number is read too');
  const bytes = addon.encodeResponse('minecraft-bedrock', { time: '5', serverGuid: '18446744073709551615', advertisement: { motd: 'x' } });
  assert.equal(toHex(bytes.subarray(9, 17)), 'ffffffffffffffff');
  assert.equal(addon.decodeResponse('minecraft-bedrock', bytes).serverGuid, '18446744073709551615');
  assert.throws(() => addon.encodeRequest('minecraft-bedrock', { time: 1, clientGuid: '2^64' }),
    (e) => e.code === 'GQ_INVALID_ARGUMENT' && /clientGuid must be a 64-bit integer/.test(e.message));
});

for (const host of ['127.0.0.1', '::1']) {
  test(`query ← serve over UDP on ${host}`, async () => {
    const server = await serve('minecraft-bedrock', STATE, { host, port: 0 });
    closers.push(() => server.close());
    const target = host.includes(':') ? `[${host}]:${server.port}` : `${host}:${server.port}`;
    const s = await query('minecraft-bedrock', target, { timeout: 2000 });
    assert.equal(s.protocol, 'minecraft-bedrock');
    assert.equal(s.name, 'Bedrock Boat');
    assert.equal(s.map, 'Skyblock');
    assert.equal(s.mode, 'Survival');
    assert.equal(s.version, '1.21.50');
    assert.deepEqual(s.players, { online: 4, max: 30, bots: null, list: [], partial: true });
    assert.equal(s.address, host);
    assert.equal(s.port, server.port);
    assert.ok(s.pingMs >= 0 && s.pingMs < 1000);
    assert.equal(s.raw.serverGuid, '18446744073709551615');
    assert.equal(s.raw.serverId, '18446744073709551615', 'the GUID advertised as the server id');
    assert.equal(s.raw.motd.minecraft, '§bBedrock §b§lBoat');
    assert.equal(s.raw.text, 'MCPE;§bBedrock §lBoat;766;1.21.50;4;30;18446744073709551615;§aSkyblock;Survival;1;19132;19133;');
    assert.equal(s.raw.latencyMs, s.pingMs);
    // The state is the result's raw: serve it back and get the same advertisement.
    const again = await serve('minecraft-bedrock', s.raw, { host, port: 0 });
    closers.push(() => again.close());
    const s2 = await query('minecraft-bedrock', { host, port: again.port });
    assert.deepEqual({ ...s2.raw, latencyMs: 0 }, { ...s.raw, latencyMs: 0 });
  });
}

test('update() changes what the next pong says; queryMany reads many at once', async () => {
  const servers = await Promise.all([1, 2, 3].map((n) => serve('minecraft-bedrock', { ...STATE, online: n }, { host: '127.0.0.1', port: 0 })));
  closers.push(...servers.map((s) => () => s.close()));
  await servers[0].update({ ...STATE, online: 9, motd: 'updated' });
  const got = [];
  for await (const r of queryMany(servers.map((s) => `127.0.0.1:${s.port}`), { protocol: 'minecraft-bedrock', timeout: 2000 })) {
    assert.equal(r.error, undefined);
    got.push([r.status.name, r.status.players.online]);
  }
  assert.deepEqual(got.sort(), [['Bedrock Boat', 2], ['Bedrock Boat', 3], ['updated', 9]]);
});

test('gamedig (type mbe) reads our responder', async () => {
  const server = await serve('minecraft-bedrock', STATE, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const s = await GameDig.query({ type: 'mbe', host: '127.0.0.1', port: server.port, givenPortOnly: true, maxRetries: 0, socketTimeout: 1000, attemptTimeout: 3000 });
  assert.equal(s.name, 'Bedrock Boat', 'gamedig strips the § codes');
  assert.equal(s.numplayers, 4);
  assert.equal(s.maxplayers, 30);
  assert.equal(s.version, '1.21.50');
  assert.equal(s.map, '§aSkyblock');
});

test('failures a bot sees: closed port, silence, a server of another protocol', async () => {
  const closed = await query('minecraft-bedrock', '127.0.0.1:1', { timeout: 800 }).catch((e) => e);
  assert.equal(closed.code, 'GQ_PORT_CLOSED');
  assert.match(closed.message, /^Minecraft Bedrock ping of 127\.0\.0\.1:1: /);
  const silent = await fakeServer(() => {});
  closers.push(silent.close);
  const t0 = performance.now();
  const timeout = await query('minecraft-bedrock', `127.0.0.1:${silent.port}`, { timeout: 800, retries: 1 }).catch((e) => e);
  const took = performance.now() - t0;
  assert.equal(timeout.code, 'GQ_TIMEOUT');
  assert.equal(timeout.attempts, 2);
  assert.ok(took >= 790 && took < 1100, `${took} ms`);
  const samp = await fakeServer((msg, rinfo, socket) => socket.send(Buffer.from('SAMP\x7f\x00\x00\x01\x61\x1ei\x00\x01\x00', 'latin1'), rinfo.port, rinfo.address));
  closers.push(samp.close);
  const wrong = await query('minecraft-bedrock', `127.0.0.1:${samp.port}`, { timeout: 500 }).catch((e) => e);
  assert.equal(wrong.code, 'GQ_WRONG_PROTOCOL');
  assert.match(wrong.message, /not a Minecraft Bedrock server: it answered like a SA:MP query reply$/);
});

test('the responder answers only whole pings, within its rate limit', async () => {
  const server = await serve('minecraft-bedrock', STATE, { host: '127.0.0.1', port: 0, rateLimit: { burst: 2, perSecond: 1 } });
  closers.push(() => server.close());
  const ok = [];
  for (let i = 0; i < 3; i++) ok.push(await query('minecraft-bedrock', `127.0.0.1:${server.port}`, { timeout: 300, retries: 0 }).then(() => 'ok', (e) => e.code));
  assert.deepEqual(ok, ['ok', 'ok', 'GQ_TIMEOUT']);
  // What the limit dropped is counted, for the server's owner to see (#48, 12).
  assert.deepEqual(server.dropped(), { requests: 1, source: '127.0.0.1' });
});
