// Terraria through TShock's REST API, both engines: our query against our responder
// (the status in the body, as TShock writes it), by game id at the game port + 101; the
// token kept out of traces and messages, GQ_AUTH naming the option; gamedig 5 and
// gamequery/gamedig reading one responder alike; Debian's qstat (`-terraria`) reading it;
// hostile servers ending typed. No
// Terraria server runs here (TShock is not in Debian).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure, quakestat } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const TOKEN = 'A1B2C3D4E5F6';
const state = { ...addon.sampleState('terraria'), token: TOKEN };

async function served(s = state) {
  const server = await addon.serve('terraria', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

test('our query reads our responder, by protocol and by game id (the game port + 101)', async () => {
  const server = await served();
  const s = await addon.query('terraria', `127.0.0.1:${server.port}`, { token: TOKEN, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.map, s.version, s.password, s.players.online, s.players.max], ['terraria', 'gamequery demo — Terraria ✓', 'Gamequery Island', 'v1.4.4.9', false, 2, 8]);
  assert.deepEqual(s.players.list, [{ name: 'Guide Fan' }, { name: 'Dryad' }]);
  assert.equal(s.connect, '127.0.0.1:7777', 'the game port TShock reports');
  assert.deepEqual([s.raw.status, s.raw.tshockversion, s.raw.uptime, s.raw.rules.PvPMode], ['200', '5.2.0.0', '0.03:12:45', 'normal']);
  assert.deepEqual(s.raw.players[0], { nickname: 'Guide Fan', username: 'ana', group: 'default', active: true, state: 10, team: 1 });
  const byGame = await addon.query('terrariatshock', `127.0.0.1:${server.port - 101}`, { token: TOKEN, timeout: 2000 });
  assert.deepEqual([byGame.game.id, byGame.port, byGame.players.online], ['terrariatshock', server.port, 2]);
  const d = addon.describeStatus(s);
  assert.deepEqual(['world', 'tshock'].map((k) => d.fields.find(([f]) => f === k)[1]), ['Gamequery Island', '5.2.0.0']);
  // Without the parts asked for.
  const lean = await addon.query('terraria', `127.0.0.1:${server.port}`, { token: TOKEN, players: false, rules: false, timeout: 2000 });
  assert.deepEqual([lean.players.online, lean.players.list, lean.raw.rules, lean.raw.players], [2, [], undefined, undefined]);
});

test('a missing or wrong token is GQ_AUTH naming the option, and never shown', async () => {
  const server = await served();
  const target = `127.0.0.1:${server.port}`;
  for (const [options, said] of [[{}, /status 401 \(Not authorized\. The specified API endpoint requires a token\.\): give a REST token/], [{ token: 'nope-123' }, /status 403 .*: give a REST token/]]) {
    const { e } = await failure(() => addon.query('terraria', target, { ...options, timeout: 2000 }));
    assert.equal(e.code, 'GQ_AUTH');
    assert.match(e.message, said);
    assert.ok(!e.message.includes('nope-123'), e.message);
  }
  const sent = [];
  await addon.query('terraria', target, { token: TOKEN, timeout: 2000, trace: (ev) => ev.direction === 'send' && sent.push(Buffer.from(ev.bytes).toString('latin1')) });
  assert.equal(sent.length, 1);
  assert.match(sent[0], /^GET \/v2\/server\/status\?players=true&rules=true&token=\[redacted\] HTTP\/1\.1\r\n/);
  assert.ok(!sent[0].includes(TOKEN));
  // A token of any characters reaches the server form-encoded, and is read back whole.
  const odd = await served({ ...state, token: 'a&b c=é' });
  const s = await addon.query('terraria', `127.0.0.1:${odd.port}`, { token: 'a&b c=é', timeout: 2000 });
  assert.equal(s.players.online, 2);
});

test('gamedig 5 and gamequery/gamedig read our responder alike', async () => {
  const server = await served();
  const options = { type: 'terrariatshock', host: '127.0.0.1', port: server.port - 101, token: TOKEN, socketTimeout: 1000, attemptTimeout: 3000 };
  const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
  for (const key of ['name', 'password', 'maxplayers', 'numplayers', 'queryPort', 'connect']) {
    assert.deepEqual(ours[key], theirs[key], key);
  }
  // gamedig leaves these empty; the world and Terraria's version are in the reply.
  assert.deepEqual([theirs.map, theirs.version, ours.map, ours.version], ['', '', 'Gamequery Island', 'v1.4.4.9']);
  assert.deepEqual(ours.raw, theirs.raw);
  assert.deepEqual(ours.players, JSON.parse(JSON.stringify(theirs.players)));
  assert.deepEqual(ours.bots, JSON.parse(JSON.stringify(theirs.bots)));
});

test("Debian's qstat 2.17 (quakestat -terraria) reads our responder: name, world, counts, versions", { timeout: 30_000 }, async () => {
  // qstat sends no token: a server that asks none.
  const server = await served({ ...state, token: undefined });
  const [line, rules] = await quakestat('terraria', server.port);
  assert.deepEqual(line, ['TERRARIA', `127.0.0.1:${server.port}`, 'gamequery demo — Terraria ✓', 'Gamequery Island', '8', '2', '0', '0']);
  const r = Object.fromEntries(rules.map((kv) => kv.split(/=(.*)/s, 2)));
  assert.deepEqual([r.serverversion, r.tshockversion, r.hostport, r.serverpassword], ['v1.4.4.9', '5.2.0.0', '7777', 'false']);
});

test('hostile servers end typed, within the deadline', async () => {
  const json = (body) => (s) => s.end(`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  const cases = [
    ['a 10 GB body', (s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n{'), 'GQ_FRAME_TOO_LARGE'],
    ['JSON without TShock\'s status', json('{"name":"x"}'), 'GQ_WRONG_PROTOCOL'],
    ['HTML', json('<html>'), 'GQ_BAD_JSON'],
    ['JSON nested 10,000 deep', json('['.repeat(10_000)), 'GQ_BAD_JSON'],
    ['a status of 500', json('{"status":"500","error":"Internal server error."}'), 'GQ_NETWORK'],
  ];
  for (const [name, answer, code] of cases) {
    const server = await fakeTcpServer((socket) => socket.once('data', () => answer(socket)));
    closers.push(() => server.close());
    const { e, took } = await failure(() => addon.query('terraria', `127.0.0.1:${server.port}`, { token: 'x', timeout: 1500 }));
    assert.equal(e.code, code, `${name}: ${e.message}`);
    assert.ok(!e.message.includes('token=x'), e.message);
    assert.ok(took < 2500, `${name}: ${took} ms`);
  }
});
