// Independent peers. Server side: minecraft-protocol 1.68.0's createServer — our client
// reads its status (component MOTD, favicon), its pong and all three legacy replies.
// Client side: minecraft-server-util (status, statusLegacy) and gamedig (minecraft)
// against our responder; their decoded values must equal the state we served.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import mc from 'minecraft-protocol';
import util from 'minecraft-server-util';
import { GameDig } from 'gamedig';
import { query, serve } from 'gamequery';
import { javaState, FAVICON } from './helpers.mjs';

let nmp;
let nmpPort;
let ours;
before(async () => {
  nmp = mc.createServer({
    'online-mode': false, host: '127.0.0.1', port: 0, version: '1.20.4', maxPlayers: 42, favicon: FAVICON,
    motd: '§6Hello §lnmp', motdMsg: { text: 'Hello ', color: 'gold', extra: [{ text: 'nmp', bold: true }] },
  });
  await new Promise((r) => nmp.on('listening', r));
  nmpPort = nmp.socketServer.address().port;
  ours = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
});
after(async () => {
  nmp?.close();
  await ours?.close();
});

test('our client reads minecraft-protocol\'s status and pong', async () => {
  const s = await query('minecraft-java', `127.0.0.1:${nmpPort}`, { timeout: 3000 });
  assert.equal(s.name, 'Hello nmp');
  assert.equal(s.raw.motd.html, '<span style="color:#ffaa00">Hello </span><span style="color:#ffaa00;font-weight:bold">nmp</span>');
  assert.equal(s.version, '1.20.4');
  assert.deepEqual([s.players.online, s.players.max], [0, 42]);
  assert.equal(s.raw.favicon.dataUri, FAVICON);
  assert.equal(s.raw.latencySource, 'ping', 'nmp answered our ping with the same payload');
});

test('our client reads minecraft-protocol\'s three legacy replies', async () => {
  for (const variant of ['beta', '1.4', '1.6']) {
    const s = await query('minecraft-legacy', `127.0.0.1:${nmpPort}`, { variant, timeout: 3000 });
    assert.equal(s.raw.motd.raw, '§6Hello §lnmp', variant);
    assert.equal(s.name, 'Hello nmp');
    assert.deepEqual([s.players.online, s.players.max], [0, 42]);
    if (variant !== 'beta') assert.deepEqual([s.raw.protocol, s.version], [765, '1.20.4']);
  }
});

test('minecraft-server-util status() decodes what we serve', async () => {
  const state = javaState();
  const r = await util.status('127.0.0.1', ours.port, { timeout: 3000, enableSRV: false });
  assert.deepEqual(r.version, { name: state.version.name, protocol: state.version.protocol });
  assert.equal(r.players.online, state.players.online);
  assert.equal(r.players.max, state.players.max);
  assert.deepEqual(r.players.sample.map(({ name, id }) => ({ name, id })), state.players.sample);
  assert.equal(r.motd.clean, 'gamequery test\nsecond line');
  assert.equal(r.favicon, FAVICON);
  assert.equal(typeof r.roundTripLatency, 'number', 'it requires our pong');
});

test('minecraft-server-util statusLegacy() decodes what we serve', async () => {
  const r = await util.statusLegacy('127.0.0.1', ours.port, { timeout: 3000, enableSRV: false });
  assert.deepEqual([r.players.online, r.players.max], [5, 100]);
  assert.equal(r.version?.name, '1.21.4');
  assert.equal(r.motd.clean, 'gamequery test\nsecond line');
});

test('gamedig minecraft decodes what we serve', async () => {
  const r = await GameDig.query({ type: 'minecraft', host: '127.0.0.1', port: ours.port, givenPortOnly: true, maxRetries: 0, socketTimeout: 400 });
  assert.deepEqual([r.numplayers, r.maxplayers], [5, 100]);
  assert.equal(r.version, '1.21.4');
  assert.deepEqual(Array.from(r.players, (p) => p.name), ['Steve', 'Alex']);
  assert.match(r.name, /gamequery test/);
});

/** A responder on a port below 32768: statusFE01FA writes the port as a signed 16-bit number. */
async function lowPortResponder() {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 20000 + Math.floor(Math.random() * 12000) });
    } catch (e) {
      if (e.code !== 'GQ_NETWORK') throw e;
    }
  }
  throw new Error('no free low port');
}

test('minecraft-server-util statusFE / statusFE01 / statusFE01FA decode our legacy replies', async () => {
  const low = await lowPortResponder();
  try {
    for (const fn of ['statusFE', 'statusFE01', 'statusFE01FA']) {
      const r = await util[fn]('127.0.0.1', low.port, { timeout: 3000, enableSRV: false });
      assert.deepEqual([r.players.online, r.players.max], [5, 100], fn);
      // statusFE returns the MOTD as text; the others parse it.
      assert.equal(typeof r.motd === 'string' ? r.motd : r.motd.clean, 'gamequery test\nsecond line', fn);
      if (fn !== 'statusFE') assert.deepEqual([r.protocolVersion, r.version], [127, '1.21.4'], fn);
    }
  } finally {
    await low.close();
  }
});
