// Satisfactory's Lightweight Query through both engines (tests/fixtures/satisfactory.json:
// gamedig's poll, a real server's reply as a peer decoded it), our query against our
// responder on 127.0.0.1 and ::1 and by game id; gamedig 5 and gamequery/gamedig reading
// one responder alike; opengsq (PyPI) reading it; hostile replies ending typed. No
// Satisfactory server runs here (not in Debian).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fixtures, hex, toHex, fakeServer, failure, opengsq } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = addon.sampleState('satisfactory');

async function served(s = state, host = '127.0.0.1') {
  const server = await addon.serve('satisfactory', s, { host, port: 0 });
  closers.push(() => server.close());
  return server;
}

test('golden vectors through both packages, written back byte for byte', () => {
  for (const v of fixtures('satisfactory')) {
    const kind = v.direction === 'request' ? 'Request' : 'Response';
    if (v.expect.error) {
      for (const pkg of [addon, wasm]) assert.throws(() => pkg[`decode${kind}`]('satisfactory', hex(v.hex)), { code: v.expect.error, field: 'terminator' }, v.name);
      continue;
    }
    const [a, b] = [addon, wasm].map((pkg) => pkg[`decode${kind}`]('satisfactory', hex(v.hex)));
    assert.deepStrictEqual(b, a, v.name);
    for (const [k, want] of Object.entries(v.expect)) assert.deepEqual(a[k], want, `${v.name}: ${k}`);
    for (const pkg of [addon, wasm]) assert.equal(toHex(pkg[`encode${kind}`]('satisfactory', a)), v.hex, v.name);
  }
});

test('our query reads our responder on 127.0.0.1 and ::1; a saved raw serves again', async () => {
  for (const host of ['127.0.0.1', '::1']) {
    const server = await served({ ...state, flags: '1' }, host);
    const target = host.includes(':') ? `[${host}]:${server.port}` : `${host}:${server.port}`;
    const s = await addon.query('satisfactory', target, { timeout: 2000 });
    assert.deepEqual([s.protocol, s.name, s.version, s.players.online, s.players.max, s.map], ['satisfactory', 'gamequery demo — FICSIT ✓', '416835', 0, 0, null]);
    assert.deepEqual([s.raw.state, s.raw.stateName, s.raw.changelist, s.raw.flags, s.raw.modded, s.raw.protocolVersion], [3, 'playing', 416835, '1', true, 1]);
    assert.deepEqual(s.raw.subStates, [{ id: 0, version: 17 }, { id: 1, version: 1 }, { id: 3, version: 5 }, { id: 2, version: 1 }]);
    assert.ok(s.pingMs >= 0 && s.pingMs < 1000);
    const d = addon.describeStatus(s);
    assert.deepEqual(['state', 'changelist', 'modded'].map((k) => d.fields.find(([f]) => f === k)[1]), ['playing', '416835', 'yes']);
  }
  // A saved query's raw serves again as it is (the name is the game's id too: the protocol runs).
  const first = await addon.query('satisfactory', `127.0.0.1:${(await served()).port}`, { timeout: 2000 });
  const again = await served({ ...first.raw, state: 1 });
  const byGame = await addon.query('satisfactory', `127.0.0.1:${again.port}`, { timeout: 2000, retries: 0 });
  assert.deepEqual([byGame.raw.stateName, byGame.name], ['idle', first.name]);
  assert.deepEqual([byGame.game, byGame.port], [undefined, again.port]);
});

test('gamedig 5 and gamequery/gamedig read one responder alike', async () => {
  const server = await served();
  const options = { type: 'satisfactory', host: '127.0.0.1', port: server.port, socketTimeout: 1000, attemptTimeout: 3000 };
  // gamedig asks the HTTPS API at the same port after the datagram: nothing listens on
  // TCP there, which it logs and goes on.
  const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
  for (const key of ['name', 'map', 'password', 'version', 'numplayers', 'maxplayers', 'queryPort', 'connect']) {
    assert.deepEqual(ours[key], theirs[key], key);
  }
  // gamedig's lists are its Players class: compared as arrays.
  assert.deepEqual([ours.players, ours.bots], [[...theirs.players], [...theirs.bots]]);
  assert.deepEqual(ours.raw, theirs.raw);
  assert.deepEqual(ours.raw, { serverState: 3, serverFlags: 0 });
});

test('opengsq (PyPI) reads our responder: state and name', async () => {
  // opengsq asks the HTTPS API for the counts when the server is playing: idle here.
  const server = await served({ ...state, state: 1 });
  const out = JSON.parse(await opengsq('opengsq_satisfactory_probe.py', ['127.0.0.1', String(server.port)]));
  assert.deepEqual(out, { state: 1, name: 'gamequery demo — FICSIT ✓', online: 0, max: 0 });
});

test('hostile replies end typed, naming the field', async () => {
  const reply = (poll, patch) => {
    const good = Buffer.from(addon.encodeResponse('satisfactory', { ...state, cookie: addon.decodeRequest('satisfactory', poll).cookie }));
    return patch(good);
  };
  const cases = [
    // 255 sub-states declared, two there.
    [(b) => { b[25] = 255; return b; }, 'GQ_TRUNCATED', 'sub-states'],
    // A name longer than what remains.
    [(b) => { b.writeUInt16LE(60_000, 26 + 4 * 3); return b; }, 'GQ_TRUNCATED', 'name'],
    // No terminator.
    [(b) => { b[b.length - 1] = 0; return b; }, 'GQ_MALFORMED', 'terminator'],
    // Another magic: anything's datagram, not the server's (the deadline says what came).
    [(b) => { b[0] = 0; return b; }, 'GQ_WRONG_PROTOCOL', undefined],
  ];
  for (const [patch, code, field] of cases) {
    const fake = await fakeServer((msg, rinfo, socket) => socket.send(reply(msg, patch), rinfo.port, rinfo.address));
    closers.push(fake.close);
    const { e } = await failure(() => addon.query('satisfactory', `127.0.0.1:${fake.port}`, { timeout: 1000, retries: 0 }));
    assert.deepEqual([e.code, e.field], [code, field], e.message);
  }
  // A reply to another cookie is not ours: the query waits for its own, then times out.
  const other = await fakeServer((msg, rinfo, socket) => socket.send(addon.encodeResponse('satisfactory', { ...state, cookie: '1' }), rinfo.port, rinfo.address));
  closers.push(other.close);
  const { e } = await failure(() => addon.query('satisfactory', `127.0.0.1:${other.port}`, { timeout: 600, retries: 1 }));
  assert.equal(e.code, 'GQ_TIMEOUT');
});
