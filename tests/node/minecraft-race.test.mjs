// query('minecraft'): Java and Bedrock raced, the first answer plus a short grace, never
// the whole deadline; editions merged; fullPlayers adds the Query full stat. Both engines.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { createServer } from 'node:net';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { javaState } from './helpers.mjs';

const { query, serve } = addon;
const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const BEDROCK = { motd: '§bBedrock side', levelName: 'Skyblock', gameMode: 'Survival', version: '1.21.50', online: 3, max: 10 };

/** A UDP port that never answers. */
async function silentUdp() {
  const s = dgram.createSocket('udp4');
  await new Promise((r) => s.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => s.close(r)));
  return s.address().port;
}

/** A TCP port nothing listens on (refused at once). */
async function closedTcp() {
  const s = createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

test('both editions answer: one Status, Java first, Bedrock in raw', async () => {
  const java = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  const bedrock = await serve('minecraft-bedrock', BEDROCK, { host: '127.0.0.1', port: 0 });
  closers.push(() => java.close(), () => bedrock.close());
  const s = await query('minecraft', `127.0.0.1:${java.port}`, { bedrockPort: bedrock.port, timeout: 3000 });
  const j = await query('minecraft-java', `127.0.0.1:${java.port}`);
  assert.equal(s.protocol, 'minecraft');
  assert.deepEqual(s.raw.editions, ['java', 'bedrock']);
  assert.equal(s.name, j.name);
  assert.equal(s.version, j.version);
  assert.deepEqual(s.players, j.players);
  assert.equal(s.map, 'Skyblock', 'Bedrock names the world; Java does not');
  assert.equal(s.port, java.port);
  assert.equal(s.raw.bedrock.motd.plain, 'Bedrock side');
  assert.equal(s.raw.java.version.name, javaState().version.name);
  // Values held twice in one result are one object, also nested this deep; both MOTDs intact.
  assert.equal(s.raw.java.motd.raw, s.raw.java.document.description);
  assert.equal(s.raw.java.players.sample, s.players.list);
  assert.deepEqual(s.raw.java.motd, j.raw.motd);
  assert.deepEqual(s.raw.java.document, j.raw.document);
  assert.deepEqual(s.raw.errors, {});
  assert.equal(s.raw.query, null);
});

test('only Java answers: done a grace after it, not at the deadline', async () => {
  const java = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  closers.push(() => java.close());
  const t0 = performance.now();
  const s = await query('minecraft', `127.0.0.1:${java.port}`, { bedrockPort: await silentUdp(), timeout: 3000 });
  const took = performance.now() - t0;
  assert.deepEqual(s.raw.editions, ['java']);
  assert.equal(s.raw.bedrock, null);
  assert.equal(s.raw.errors.bedrock.code, 'GQ_TIMEOUT');
  assert.ok(took < 1000, `${took} ms with a 3000 ms deadline`);
});

test('only Bedrock answers (a Geyser-less Bedrock server): its Status', async () => {
  const bedrock = await serve('minecraft-bedrock', BEDROCK, { host: '127.0.0.1', port: 0 });
  closers.push(() => bedrock.close());
  const s = await query('minecraft', { host: '127.0.0.1', port: await closedTcp() }, { bedrockPort: bedrock.port, timeout: 3000 });
  assert.deepEqual(s.raw.editions, ['bedrock']);
  assert.equal(s.name, 'Bedrock side');
  assert.deepEqual(s.players, { online: 3, max: 10, bots: null, list: [], partial: true });
  assert.equal(s.raw.errors.java.code, 'GQ_PORT_CLOSED');
  assert.equal(s.raw.java, null);
});

test('neither answers: one error naming both, within the deadline', async () => {
  const t0 = performance.now();
  const e = await query('minecraft', { host: '127.0.0.1', port: await closedTcp() }, { bedrockPort: await silentUdp(), timeout: 800 }).catch((err) => err);
  const took = performance.now() - t0;
  assert.equal(e.code, 'GQ_PORT_CLOSED');
  assert.match(e.message, /^Minecraft server 127\.0\.0\.1:\d+: neither edition answered — Java: port \d+\/tcp is closed.*; Bedrock: .*no answer/);
  assert.equal(e.protocol, 'minecraft');
  assert.ok(took >= 790 && took < 1100, `${took} ms`);
});

test('fullPlayers: every name from the Query full stat', async () => {
  const java = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  closers.push(() => java.close());
  const gs4 = await serve('minecraft-query', { motd: 'x', online: 3, max: 20, players: ['Steve', 'Alex', 'Zoë'] }, { host: '127.0.0.1', port: java.port });
  closers.push(() => gs4.close());
  const s = await query('minecraft', `127.0.0.1:${java.port}`, { bedrockPort: await silentUdp(), fullPlayers: true, timeout: 3000 });
  assert.deepEqual(s.players.list.map((p) => p.name), ['Steve', 'Alex', 'Zoë']);
  assert.equal(s.players.online, 3, 'counted by the full stat');
  assert.equal(s.players.partial, false);
  assert.deepEqual(s.raw.query.players, ['Steve', 'Alex', 'Zoë']);
});

test("'minecraft' is a query only", async () => {
  for (const pkg of [addon, wasm]) {
    assert.throws(() => pkg.encodeRequest('minecraft', {}), (e) => e.code === 'GQ_INVALID_ARGUMENT' && /races/.test(e.message));
  }
  await assert.rejects(serve('minecraft', {}), (e) => e.code === 'GQ_INVALID_ARGUMENT');
  await assert.rejects(query('minecraft', '127.0.0.1:25565', { localPort: 5000 }), (e) => e.code === 'GQ_INVALID_ARGUMENT' && /localPort/.test(e.message));
});

test('a port given is tried for both editions: a Bedrock-only server at host:port answers', async () => {
  const bedrock = await serve('minecraft-bedrock', BEDROCK, { host: '127.0.0.1', port: 0 });
  closers.push(() => bedrock.close());
  const started = performance.now();
  const s = await query('minecraft', `127.0.0.1:${bedrock.port}`, { timeout: 3000 });
  assert.ok(performance.now() - started < 1500, 'answered long before the deadline');
  assert.deepEqual(s.raw.editions, ['bedrock']);
  assert.equal(s.port, bedrock.port);
  assert.equal(s.players.online, 3);
  // Java was asked on the same port, over TCP, where nothing listens.
  assert.equal(s.raw.errors.java.code, 'GQ_PORT_CLOSED');
  // bedrockPort still says where Bedrock is when it is not the given port.
  const java = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  closers.push(() => java.close());
  const both = await query('minecraft', `127.0.0.1:${java.port}`, { bedrockPort: bedrock.port, timeout: 3000 });
  assert.deepEqual(both.raw.editions, ['java', 'bedrock']);
});
