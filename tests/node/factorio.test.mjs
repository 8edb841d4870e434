// Factorio through its matchmaking API, in both engines: the query never asks the game
// server; it asks the API (our responder, named by `api`) about the target's address,
// looked up first. The request as sent, the details as a status, the refusals typed; the
// facade in gamedig's shape. gamedig 5 itself asks https://multiplayer.factorio.com: the
// two are compared in vendors.test.mjs, where that name is ours.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as gq from 'gamequery';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = gq.sampleState('factorio');

async function served(s = state, host = '127.0.0.1') {
  const server = await gq.serve('factorio', s, { host, port: 0 });
  closers.push(() => server.close());
  return server;
}

/** An API that answers `body` (status `code`) and keeps each request line. */
async function recording(code, body) {
  const lines = [];
  const api = await fakeTcpServer((s) => s.on('data', (d) => {
    lines.push(d.toString().split('\r\n')[0]);
    s.end(`HTTP/1.1 ${code} X\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }));
  closers.push(api.close);
  return { api: `http://127.0.0.1:${api.port}`, lines };
}

test('the API answers about the target: name, players, version, the status at the game server', async () => {
  const server = await served();
  const s = await gq.query('factorio', '127.0.0.1', { api: `http://127.0.0.1:${server.port}`, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.version, s.password, s.players.online, s.players.max, s.address, s.port, s.connect],
    ['factorio', 'gamequery demo — Factory ✓', '2.0.28', false, 3, 16, '127.0.0.1', 34197, '127.0.0.1:34197']);
  assert.deepEqual(s.players.list.map((p) => p.name), state.players);
  assert.deepEqual(s.raw, state, 'the details as sent');
  const d = gq.describeStatus(s);
  assert.equal(d.fields.find(([f]) => f === 'tags')[1], 'demo, gamequery');
  // Another port of that address: the API does not list it.
  const { e } = await failure(() => gq.query('factorio', '127.0.0.1:34198', { api: `http://127.0.0.1:${server.port}`, timeout: 2000 }));
  assert.equal(e.code, 'GQ_HTTP_STATUS');
  assert.match(e.message, /GET \/get-game-details\/127\.0\.0\.1:34198 answered HTTP 404 Not Found; the matchmaking server lists a game only while it is public/);
  // The game server itself is never asked: nothing listens at 34197 here.
});

test('a host name is looked up first and asked by its address (IPv6 in brackets); a base path is kept', async () => {
  const { api, lines } = await recording(200, JSON.stringify(state));
  await gq.query('factorio', 'localhost:34200', { api: `${api}/mirror/`, timeout: 2000, family: 4 });
  await gq.query('factorio', '[::1]', { api, timeout: 2000 });
  assert.deepEqual(lines, ['GET /mirror/get-game-details/127.0.0.1:34200 HTTP/1.1', 'GET /get-game-details/[::1]:34197 HTTP/1.1']);
});

test('refusals and strangers are typed; the options are checked', async () => {
  let { api } = await recording(200, '<html>maintenance</html>');
  let { e } = await failure(() => gq.query('factorio', '127.0.0.1', { api, timeout: 2000 }));
  assert.equal(e.code, 'GQ_BAD_JSON');
  ({ api } = await recording(200, '{"message":"hello"}'));
  ({ e } = await failure(() => gq.query('factorio', '127.0.0.1', { api, timeout: 2000 })));
  assert.equal(e.code, 'GQ_WRONG_PROTOCOL');
  ({ api } = await recording(503, '{}'));
  ({ e } = await failure(() => gq.query('factorio', '127.0.0.1', { api, timeout: 2000 })));
  assert.deepEqual([e.code, e.httpStatus], ['GQ_HTTP_STATUS', 503]);
  for (const bad of ['ftp://x', 'multiplayer.factorio.com', 'https://a@b', 'https://x/?q=1']) {
    ({ e } = await failure(() => gq.query('factorio', '127.0.0.1', { api: bad })));
    assert.equal(e.code, 'GQ_INVALID_ARGUMENT', bad);
    assert.match(e.message, /option api must be an http\(s\) URL/);
  }
  ({ e } = await failure(() => gq.query('factorio', '127.0.0.1', { api: 'http://127.0.0.1:1', tls: { insecure: true } })));
  assert.match(e.message, /option tls is for an https api/);
  // An API that does not answer: the one deadline.
  const silent = await fakeTcpServer(() => {});
  closers.push(silent.close);
  const started = Date.now();
  ({ e } = await failure(() => gq.query('factorio', '127.0.0.1', { api: `http://127.0.0.1:${silent.port}`, timeout: 600 })));
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.ok(Date.now() - started < 3000);
});

test('gamequery/gamedig: gamedig\'s shape, its version game.build', async () => {
  const server = await served();
  const r = await GameDig.query({ type: 'factorio', host: '127.0.0.1', api: `http://127.0.0.1:${server.port}` });
  assert.deepEqual([r.name, r.version, r.password, r.numplayers, r.maxplayers, r.queryPort, r.connect],
    ['gamequery demo — Factory ✓', '2.0.28.82042', false, 3, 16, 34197, '127.0.0.1:34197']);
  assert.deepEqual(r.players, state.players.map((name) => ({ name, raw: {} })));
  assert.deepEqual(r.raw, state);
});
