// Assetto Corsa through its HTTP port, in both engines: our query against our responder —
// /INFO and the entry list beside it (or /INFO alone); a server whose entry
// list fails (a warning, the status whole); gamedig 5 and gamequery/gamedig reading one
// responder alike but for Content Manager's ` ℹ<port>` in the name; hostile replies typed.
// No server runs here: acServer comes with the game (Steam), AssettoServer needs .NET,
// neither is in Debian; no peer's test suite holds a captured reply.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import * as pkg from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = pkg.sampleState('assettocorsa');
const plain = (v) => JSON.parse(JSON.stringify(v));

async function served(s = state) {
  const server = await pkg.serve('assettocorsa', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

test('our query reads our responder: the name without ℹ, track, counts, version, the connected drivers', async () => {
  const server = await served();
  const s = await pkg.query('assettocorsa', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.map, s.version, s.password, s.players.online, s.players.max, s.connect],
    ['assettocorsa', 'gamequery demo — Assetto Corsa ✓', 'ks_vallelunga-club_circuit', 'AssettoServer 0.0.55', false, 2, 12, '127.0.0.1:9600']);
  assert.deepEqual(s.players.list, [{ name: 'Ayrton' }, { name: 'Mika ✓' }]);
  assert.deepEqual(plain(s.raw), state, 'both bodies as sent: a saved raw is a state');
  const d = pkg.describeStatus(s);
  assert.equal(d.fields.find(([f]) => f === 'cars')[1], 'ks_mazda_mx5_cup, ks_toyota_gt86');
  const without = await pkg.query('assettocorsa', `127.0.0.1:${server.port}`, { timeout: 2000, players: false });
  assert.deepEqual([without.players.online, without.players.list, without.raw.carInfo], [2, [], []]);
});

test('what a client sends: /INFO, then the entry list as a guest; a failed entry list is a warning', async () => {
  const asked = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url);
    if (req.url === '/INFO') return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(state.serverInfo));
    res.writeHead(500).end('oops');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  const s = await pkg.query('assettocorsa', `127.0.0.1:${server.address().port}`, { timeout: 2000 });
  assert.deepEqual(asked.sort(), ['/INFO', '/JSON|0']);
  assert.deepEqual([s.name, s.players.online, s.players.list, s.raw.carInfo], ['gamequery demo — Assetto Corsa ✓', 2, [], []]);
  assert.equal(s.raw.warnings.length, 1);
  assert.match(s.raw.warnings[0], /^\/JSON\|0: .*500/);
});

test('gamedig 5 and gamequery/gamedig read one responder alike, but for the name', async () => {
  const server = await served();
  const options = { type: 'assettocorsa', host: '127.0.0.1', port: server.port, socketTimeout: 1000, attemptTimeout: 3000 };
  const ours = await GameDig.query({ ...options });
  const theirs = await new Theirs().query({ ...options });
  for (const key of ['map', 'password', 'version', 'numplayers', 'maxplayers', 'queryPort', 'connect']) assert.deepEqual(ours[key], theirs[key], key);
  assert.deepEqual(plain(ours.players), plain(theirs.players));
  assert.deepEqual(plain(ours.raw), plain(theirs.raw));
  assert.deepEqual([theirs.name, ours.name], [state.serverInfo.name, 'gamequery demo — Assetto Corsa ✓']);
  assert.deepEqual(ours.players.map((p) => [p.name, p.raw.car]), [['Ayrton', 'ks_mazda_mx5_cup'], ['Mika ✓', 'ks_toyota_gt86']]);
});

test("the facade with no port asks gamedig's 9610, where our query asks acServer's 8081", async (t) => {
  const server = await pkg.serve('assettocorsa', state, { host: '127.0.0.1', port: 9610 }).catch(() => null);
  if (!server) return t.skip('port 9610 is taken here');
  closers.push(() => server.close());
  const ours = await GameDig.query({ type: 'assettocorsa', host: '127.0.0.1', socketTimeout: 1000, attemptTimeout: 3000 });
  assert.deepEqual([ours.queryPort, ours.numplayers], [9610, 2]);
  const { e } = await failure(() => pkg.query('assettocorsa', '127.0.0.1', { timeout: 1000 }));
  assert.match(e.message, /\b8081\b/);
});

test('hostile replies end typed within the deadline', async () => {
  const at = async (onConnection, options = {}) => {
    const fake = await fakeTcpServer(onConnection);
    closers.push(fake.close);
    const started = Date.now();
    const { e } = await failure(() => pkg.query('assettocorsa', `127.0.0.1:${fake.port}`, { timeout: 1500, ...options }));
    assert.ok(Date.now() - started < 5000, `${e.code} after ${Date.now() - started} ms`);
    return e;
  };
  const answer = (body, head = 'HTTP/1.1 200 OK') => (s) => s.once('data', () => s.end(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
  assert.equal((await at(answer('{"name":"no slots"}'))).code, 'GQ_WRONG_PROTOCOL');
  assert.equal((await at(answer('<html>hi</html>'))).code, 'GQ_BAD_JSON');
  assert.equal((await at(answer('{}', 'HTTP/1.1 404 Not Found'))).code, 'GQ_HTTP_STATUS');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n{')))).code, 'GQ_FRAME_TOO_LARGE');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{')), { players: false })).code, 'GQ_TIMEOUT');
  const { e } = await failure(() => pkg.query('assettocorsa', '127.0.0.1:1', { localPort: 40000 }));
  assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
});
