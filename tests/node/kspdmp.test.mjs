// Kerbal Space Program's DarkMultiPlayer status in both engines: our query against our
// responder, by protocol and by game id; a real DMP server's reply (built from
// godarklight/DarkMultiPlayer @dfb2bef and run on loopback: tests/fixtures/kspdmp.json says
// how) served as it was sent; gamedig 5 and gamequery/gamedig reading one responder alike
// but for the players, which gamedig counts by the characters of their names, and the
// version, which gamedig leaves empty; Debian's qstat (`-ksp`) reading our responder; hostile
// replies typed. The server is not started here: it needs three GitHub submodules CI
// cannot fetch.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as pkg from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure, fixtures, quakestat } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = pkg.sampleState('kspdmp');

async function served(s = state, port = 0) {
  const server = await pkg.serve('kspdmp', s, { host: '127.0.0.1', port });
  closers.push(() => server.close());
  return server;
}

test('our query reads our responder: name, mode, version, the players from their joined names, game port', async () => {
  const server = await served();
  const s = await pkg.query('kspdmp', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.mode, s.version, s.map, s.password, s.players.online, s.players.max, s.connect],
    ['kspdmp', 'gamequery demo — KSP ✓', 'SANDBOX', 'v0.3.8.5', null, false, 3, 20, '127.0.0.1:6702']);
  assert.deepEqual(s.players.list, [{ name: 'Jebediah' }, { name: 'Valentina' }, { name: 'Bill ✓' }]);
  assert.deepEqual(s.raw, state);
  const d = pkg.describeStatus(s);
  assert.equal(d.fields.find(([f]) => f === 'warp')[1], 'SUBSPACE');
});

test("a real DarkMultiPlayer server's reply, as it was sent", async () => {
  const [{ body }] = fixtures('kspdmp');
  const fake = await fakeTcpServer((socket) => socket.once('data', (request) => {
    assert.match(request.toString(), /^GET \/ HTTP\/1\.1\r\n/);
    socket.end(`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\nServer: Mono-HTTPAPI/1.0\r\nDate: Mon, 30 Nov 2026 08:40:00 GMT\r\n\r\n${body}`);
  }));
  closers.push(fake.close);
  const s = await pkg.query('kspdmp', `127.0.0.1:${fake.port}`, { timeout: 2000 });
  assert.deepEqual([s.name, s.mode, s.version, s.players.online, s.players.max, s.players.list, s.connect],
    ['DMP Server', 'SANDBOX', 'Custom', 0, 20, [], '127.0.0.1:16702']);
  assert.deepEqual(s.raw, JSON.parse(body));
});

test('by game id: kspd at its game port asks the status port above it', async () => {
  const server = await served();
  const s = await pkg.query('kspd', `127.0.0.1:${server.port - 1}`, { timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.port, s.game.id], ['kspdmp', 'gamequery demo — KSP ✓', server.port, 'kspd']);
});

test('gamedig 5 and gamequery/gamedig read one responder alike, but for the players and the version', async () => {
  const server = await served();
  const options = { type: 'kspd', host: '127.0.0.1', port: server.port - 1, socketTimeout: 1000, attemptTimeout: 3000 };
  const ours = await GameDig.query({ ...options });
  const theirs = await new Theirs().query({ ...options });
  for (const key of ['name', 'map', 'password', 'maxplayers', 'queryPort', 'connect', 'raw']) assert.deepEqual(ours[key], theirs[key], key);
  // gamedig walks the joined string character by character too: a nameless player for each.
  const named = theirs.players.filter((p) => p.name !== '');
  assert.deepEqual(JSON.parse(JSON.stringify(ours.players)), JSON.parse(JSON.stringify(named)));
  assert.deepEqual(ours.players.map((p) => p.name), ['Jebediah', 'Valentina', 'Bill ✓']);
  assert.deepEqual([ours.numplayers, theirs.numplayers], [3, state.players.length + 3]);
  assert.deepEqual([ours.version, theirs.version], ['v0.3.8.5', '']);
});

test("Debian's qstat 2.17 (quakestat -ksp) reads our responder: name, counts", { timeout: 30_000 }, async () => {
  const server = await served();
  const [line] = await quakestat('ksp', server.port);
  // qstat reads no map from DMP ("Default") and no player names.
  assert.deepEqual(line, ['KSP', `127.0.0.1:${server.port}`, 'gamequery demo — KSP ✓', 'Default', '20', '3', '0', '0']);
});

test('hostile replies end typed within the deadline', async () => {
  const at = async (onConnection) => {
    const fake = await fakeTcpServer(onConnection);
    closers.push(fake.close);
    const started = Date.now();
    const { e } = await failure(() => pkg.query('kspdmp', `127.0.0.1:${fake.port}`, { timeout: 1500 }));
    assert.ok(Date.now() - started < 5000, `${e.code} after ${Date.now() - started} ms`);
    return e;
  };
  const answer = (body, head = 'HTTP/1.1 200 OK') => (s) => s.once('data', () => s.end(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
  assert.equal((await at(answer('{"name":"not DMP"}'))).code, 'GQ_WRONG_PROTOCOL');
  assert.equal((await at(answer('<html>hi</html>'))).code, 'GQ_BAD_JSON');
  assert.equal((await at(answer('{}', 'HTTP/1.1 503 Service Unavailable'))).code, 'GQ_HTTP_STATUS');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n{')))).code, 'GQ_FRAME_TOO_LARGE');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{')))).code, 'GQ_TIMEOUT');
});
