// Hytale through Nitrado's query plugin, in both engines: our query against our responder
// over TLS (its certificate made at serve(), as the plugin's) and in plain HTTP (the
// fallback when a port does not answer in TLS), the sections a server lets its anonymous
// group read, a service account's Basic credentials, gamedig 5 and gamequery/gamedig
// reading one responder alike, hostile replies ending typed. No Hytale server runs here
// (not in Debian; its server needs an account).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import * as pkg from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = pkg.sampleState('hytale');

async function served(s = state, options = {}) {
  const server = await pkg.serve('hytale', s, { host: '127.0.0.1', port: 0, ...options });
  closers.push(() => server.close());
  return server;
}

test('our query reads our responder over TLS: name, version, world, slots, players with UUIDs', async () => {
  const server = await served();
  const s = await pkg.query('hytale', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.version, s.map, s.password, s.players.online, s.players.max, s.port],
    ['hytale', 'gamequery demo — Hytale ✓', '2026.01.24-6e2d4fc36', 'default', false, 3, 100, server.port]);
  assert.equal(s.connect, '127.0.0.1:5520', 'the game port the reply gives');
  assert.deepEqual(s.players.list, state.Players.map((p) => ({ name: p.Name, id: p.UUID })));
  assert.deepEqual(s.raw, state, 'the reply as sent');
  const d = pkg.describeStatus(s);
  assert.equal(d.fields.find(([f]) => f === 'patchline')[1], 'release');
  // Checked against the roots, the self-signed certificate fails, and is not asked again in plain HTTP.
  const { e } = await failure(() => pkg.query('hytale', `127.0.0.1:${server.port}`, { tls: true, timeout: 2000 }));
  assert.equal(e.code, 'GQ_TLS');
  assert.match(e.message, /not signed by a trusted authority/);
});

test('a server whose admin turned TLS off: asked again in plain HTTP, or at once with tls: false', async () => {
  const server = await served(state, { tls: false });
  const fallback = await pkg.query('hytale', `127.0.0.1:${server.port}`, { timeout: 2000 });
  const plain = await pkg.query('hytale', `127.0.0.1:${server.port}`, { tls: false, timeout: 2000 });
  assert.deepEqual([fallback.name, fallback.players.online], [plain.name, plain.players.online]);
  assert.deepEqual(fallback.raw, state);
  // HTTPS asked of a plain port, when asked to check: GQ_TLS saying so.
  const { e } = await failure(() => pkg.query('hytale', `127.0.0.1:${server.port}`, { tls: true, timeout: 2000 }));
  assert.equal(e.code, 'GQ_TLS');
  assert.match(e.message, /did not answer in TLS/);
  // TLS off asked of a TLS port: what answers is not HTTP.
  const tls = await served();
  const { e: f } = await failure(() => pkg.query('hytale', `127.0.0.1:${tls.port}`, { tls: false, timeout: 1000 }));
  assert.ok(['GQ_WRONG_PROTOCOL', 'GQ_NETWORK', 'GQ_TRUNCATED', 'GQ_TIMEOUT'].includes(f.code), f.message);
});

test('the sections the anonymous group may read: Basic alone still names the server and counts', async () => {
  const server = await served({ Basic: state.Basic });
  const s = await pkg.query('hytale', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.name, s.version, s.map, s.players.online, s.players.max, s.players.list],
    [state.Basic.Name, state.Basic.Version, null, 3, 100, []]);
  // The server's count can read 0 while players are listed (gamedig #755): the rows count.
  const zero = await served({ ...state, Universe: { CurrentPlayers: 0, DefaultWorld: 'default' } });
  assert.equal((await pkg.query('hytale', `127.0.0.1:${zero.port}`, { timeout: 2000 })).players.online, 3);
});

test('a service account: HTTP Basic as the plugin takes it; 401 says what to set', async () => {
  const body = JSON.stringify(state);
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers.authorization);
    const ok = req.headers.authorization === `Basic ${Buffer.from('serviceaccount.bot:s3cret').toString('base64')}`;
    if (!ok) return res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="WebServer"' }).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  const target = `127.0.0.1:${server.address().port}`;
  const s = await pkg.query('hytale', target, { username: 'serviceaccount.bot', password: 's3cret', tls: false, timeout: 2000 });
  assert.equal(s.name, state.Server.Name);
  // Credentials never go in the clear unless asked: no plain-HTTP fallback with them.
  const asked = seen.length;
  const { e: tlsOnly } = await failure(() => pkg.query('hytale', target, { username: 'serviceaccount.bot', password: 's3cret', timeout: 2000 }));
  assert.equal(tlsOnly.code, 'GQ_TLS');
  assert.equal(seen.length, asked, 'nothing reached the plain-HTTP server');
  const { e } = await failure(() => pkg.query('hytale', target, { tls: false, timeout: 2000 }));
  assert.deepEqual([e.code, e.httpStatus], ['GQ_AUTH', 401]);
  assert.match(e.message, /GET \/Nitrado\/Query answered HTTP 401 Unauthorized: the anonymous group may not read the query \(nitrado\.query\.web\.read\.\* in permissions\.json\), or give a service account as username and password$/);
  const { e: refused } = await failure(() => pkg.query('hytale', target, { username: 'serviceaccount.bot', password: 'wrong', tls: false, timeout: 2000 }));
  assert.match(refused.message, /: the server refused the service account$/);
  assert.ok(!/s3cret|wrong/.test(refused.message));
  for (const options of [{ username: 'serviceaccount.bot' }, { password: 'p' }, { username: 'a:b', password: 'p' }]) {
    const { e: bad } = await failure(() => pkg.query('hytale', target, options));
    assert.equal(bad.code, 'GQ_INVALID_ARGUMENT', JSON.stringify(options));
  }
});

test('gamedig 5 and gamequery/gamedig read one responder alike, but for connect', async () => {
  // gamedig asks plain HTTP only.
  const server = await served(state, { tls: false });
  const options = { type: 'hytale', host: '127.0.0.1', port: server.port, socketTimeout: 1000, attemptTimeout: 3000 };
  const ours = await GameDig.query({ ...options });
  const theirs = await new Theirs().query({ ...options });
  for (const key of ['name', 'map', 'password', 'version', 'numplayers', 'maxplayers', 'queryPort']) assert.deepEqual(ours[key], theirs[key], key);
  assert.deepEqual(ours.players, theirs.players);
  assert.deepEqual(ours.raw, theirs.raw);
  assert.deepEqual([theirs.connect, ours.connect], [`127.0.0.1:${server.port}`, '127.0.0.1:5520']);
});

test('hostile replies end typed within the deadline', async () => {
  const at = async (onConnection) => {
    const fake = await fakeTcpServer(onConnection);
    closers.push(fake.close);
    const started = Date.now();
    const { e } = await failure(() => pkg.query('hytale', `127.0.0.1:${fake.port}`, { tls: false, timeout: 1500 }));
    assert.ok(Date.now() - started < 5000, `${e.code} after ${Date.now() - started} ms`);
    return e;
  };
  const answer = (body, head = 'HTTP/1.1 200 OK\r\nContent-Type: application/json') => (s) => s.once('data', () => s.end(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
  assert.equal((await at(answer('{"name":"not the plugin"}'))).code, 'GQ_WRONG_PROTOCOL');
  assert.equal((await at(answer('<html>hi</html>'))).code, 'GQ_BAD_JSON');
  assert.equal((await at(answer('[1,2]'))).code, 'GQ_MALFORMED');
  assert.equal((await at(answer('Not Acceptable', 'HTTP/1.1 406 Not Acceptable'))).code, 'GQ_HTTP_STATUS');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n{')))).code, 'GQ_FRAME_TOO_LARGE');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{')))).code, 'GQ_TIMEOUT');
});
