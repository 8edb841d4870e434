// Satisfactory through both engines: the Lightweight Query (tests/fixtures/satisfactory.json:
// gamedig's poll, a real server's reply as a peer decoded it) and the HTTPS API beside it
// (PasswordlessLogin, QueryServerState; our responder's self-signed certificate), our query
// against our responder on 127.0.0.1 and ::1 and by game id; gamedig 5 and
// gamequery/gamedig reading one responder alike, API included; opengsq (PyPI) reading it
// with an API token; hostile replies ending typed. No Satisfactory server runs here (not
// in Debian).
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
const game = state.serverGameState;

async function served(s = state, host = '127.0.0.1', options = {}) {
  const server = await addon.serve('satisfactory', s, { host, port: 0, ...options });
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
    assert.deepEqual([s.protocol, s.name, s.version, s.players.online, s.players.max, s.map], ['satisfactory', 'gamequery demo — FICSIT ✓', '416835', 2, 4, null]);
    assert.deepEqual([s.raw.serverGameState, s.raw.warnings], [game, []], 'the API answered, over TLS');
    assert.deepEqual([s.raw.state, s.raw.stateName, s.raw.changelist, s.raw.flags, s.raw.modded, s.raw.protocolVersion], [3, 'playing', 416835, '1', true, 1]);
    assert.deepEqual(s.raw.subStates, [{ id: 0, version: 17 }, { id: 1, version: 1 }, { id: 3, version: 5 }, { id: 2, version: 1 }]);
    assert.ok(s.pingMs >= 0 && s.pingMs < 1000);
    const d = addon.describeStatus(s);
    assert.deepEqual(['state', 'changelist', 'modded', 'session', 'tick rate'].map((k) => d.fields.find(([f]) => f === k)[1]), ['playing', '416835', 'yes', game.activeSessionName, '29.8/s']);
  }
  // A saved query's raw serves again as it is (the name is the game's id too: the protocol runs).
  const first = await addon.query('satisfactory', `127.0.0.1:${(await served()).port}`, { timeout: 2000 });
  const again = await served({ ...first.raw, state: 1 });
  const byGame = await addon.query('satisfactory', `127.0.0.1:${again.port}`, { timeout: 2000, retries: 0 });
  assert.deepEqual([byGame.raw.stateName, byGame.name, byGame.raw.serverGameState], ['idle', first.name, game]);
  assert.deepEqual([byGame.game, byGame.port], [undefined, again.port]);
});

test('gamedig 5 and gamequery/gamedig read one responder alike, its HTTPS API too', async () => {
  const server = await served();
  const options = { type: 'satisfactory', host: '127.0.0.1', port: server.port, socketTimeout: 1000, attemptTimeout: 3000 };
  // gamedig asks the HTTPS API at the same port after the datagram (PasswordlessLogin,
  // then QueryServerState), not checking the certificate: both read the counts there.
  const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
  for (const key of ['name', 'map', 'password', 'version', 'numplayers', 'maxplayers', 'queryPort', 'connect']) {
    assert.deepEqual(ours[key], theirs[key], key);
  }
  // gamedig's lists are its Players class: compared as arrays.
  assert.deepEqual([ours.players, ours.bots], [[...theirs.players], [...theirs.bots]]);
  assert.deepEqual(ours.raw, theirs.raw);
  assert.deepEqual(ours.raw, { serverState: 3, serverFlags: 0, http: { serverGameState: game } });
  assert.deepEqual([ours.numplayers, ours.maxplayers], [2, 4]);
  // With an API token, where passwordless login is not possible.
  const closed = await served(state, '127.0.0.1', { passwordless: false, apiToken: 'api-token' });
  const withToken = { ...options, port: closed.port, token: 'api-token' };
  const [a, b] = [await GameDig.query(withToken), await Theirs.query(withToken)];
  assert.deepEqual([a.numplayers, a.raw], [b.numplayers, b.raw]);
  assert.equal(a.numplayers, 2);
});

test('the API: a token where passwordless login is refused, warnings saying what to do, api: false', async () => {
  const closed = await served(state, '127.0.0.1', { passwordless: false, apiToken: 'api-token' });
  const target = `127.0.0.1:${closed.port}`;
  const none = await addon.query('satisfactory', target, { timeout: 2000 });
  assert.deepEqual([none.name, none.players.online, none.players.max, none.raw.serverGameState], [state.name, 0, 0, undefined]);
  assert.equal(none.raw.warnings.length, 1);
  assert.match(none.raw.warnings[0], /^PasswordlessLogin: .*HTTP 401.*; give an API token \(the server console's server\.GenerateAPIToken\) as the option token$/);
  const traced = [];
  const given = await addon.query('satisfactory', target, { timeout: 2000, token: 'api-token', trace: (e) => traced.push(e) });
  assert.deepEqual([given.players.online, given.players.max, given.raw.warnings], [2, 4, []]);
  // The token is sent (one TCP request: QueryServerState), and never shown.
  const sent = traced.filter((e) => e.direction === 'send').map((e) => Buffer.from(e.bytes).toString('latin1'));
  assert.ok(sent.some((t) => t.includes('Authorization: [redacted]') && t.includes('QueryServerState')), sent.join('\n'));
  assert.ok(!sent.some((t) => t.includes('api-token')));
  const wrong = await addon.query('satisfactory', target, { timeout: 2000, token: 'nope' });
  assert.match(wrong.raw.warnings[0], /^QueryServerState: .*401.*; the option token was refused$/);
  // Checked against Mozilla's roots, the self-signed certificate is refused: said, not thrown.
  const checked = await addon.query('satisfactory', `127.0.0.1:${(await served()).port}`, { timeout: 2000, tls: true });
  assert.match(checked.raw.warnings[0], /^PasswordlessLogin: the server's certificate is not signed by a trusted authority/);
  // No API: the datagram alone.
  const lq = await addon.query('satisfactory', target, { timeout: 2000, api: false });
  assert.deepEqual([lq.players.max, lq.raw.warnings, lq.raw.serverGameState], [0, [], undefined]);
  const { e } = await failure(() => addon.query('satisfactory', target, { tls: false }));
  assert.match(e.message, /option tls cannot be false: Satisfactory's API speaks only HTTPS/);
});

test('opengsq (PyPI) reads our responder: state and name, and the API\'s counts with a token', async () => {
  // opengsq asks the HTTPS API for the counts when the server is playing, with its token.
  const idle = await served({ ...state, state: 1 });
  const out = JSON.parse(await opengsq('opengsq_satisfactory_probe.py', ['127.0.0.1', String(idle.port)]));
  assert.deepEqual(out, { state: 1, name: 'gamequery demo — FICSIT ✓', online: 0, max: 0 });
  const playing = await served(state, '127.0.0.1', { apiToken: 'api-token' });
  const counted = JSON.parse(await opengsq('opengsq_satisfactory_probe.py', ['127.0.0.1', String(playing.port), 'api-token']));
  assert.deepEqual(counted, { state: 3, name: 'gamequery demo — FICSIT ✓', online: 2, max: 4 });
});

test('hostile replies end typed, naming the field', async () => {
  const reply = (poll, patch) => {
    const { serverGameState: _, ...query } = state;
    const good = Buffer.from(addon.encodeResponse('satisfactory', { ...query, cookie: addon.decodeRequest('satisfactory', poll).cookie }));
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
  const { serverGameState: _, ...query } = state;
  const other = await fakeServer((msg, rinfo, socket) => socket.send(addon.encodeResponse('satisfactory', { ...query, cookie: '1' }), rinfo.port, rinfo.address));
  closers.push(other.close);
  const { e } = await failure(() => addon.query('satisfactory', `127.0.0.1:${other.port}`, { timeout: 600, retries: 1 }));
  assert.equal(e.code, 'GQ_TIMEOUT');
});
