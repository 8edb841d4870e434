// Eco through its web server's front page, in both engines: our query against our
// responder, GameQ's captured replies (tests/fixtures/eco.json, from Austinb/GameQ
// tests/Protocols/Providers/Eco/{1,2}_response.txt @6bfed5d) served as they were sent,
// gamedig 5 and gamequery/gamedig reading one responder alike but for the name's rich-text
// tags, hostile replies typed. No Eco server runs here (not in Debian; the game is sold).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import * as pkg from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure, fixtures } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = pkg.sampleState('eco');

async function served(s = state) {
  const server = await pkg.serve('eco', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

test('our query reads our responder: the name without its tags, counts, version, players, game port', async () => {
  const server = await served();
  const s = await pkg.query('eco', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.version, s.map, s.password, s.players.online, s.players.max, s.connect],
    ['eco', 'gamequery demo — Eco ✓', '0.11.1.5 beta release-785', null, false, 3, 25, '127.0.0.1:3000']);
  assert.deepEqual(s.players.list, [{ name: 'Ada' }, { name: 'Brünhild' }, { name: 'Cyrus' }]);
  assert.deepEqual(s.raw, state.Info, 'Info as sent, its Graphs left out');
  const d = pkg.describeStatus(s);
  assert.deepEqual(['world', 'economy'].map((k) => d.fields.find(([f]) => f === k)[1]), ['0.52km²', '71 trades, 4 contracts']);
});

test("GameQ's captured front pages, served as they were sent, read field by field", async () => {
  const expected = [
    { name: "Let's Kautsch OECONOMICA", online: 4, max: 77, version: '0.7.7.1 beta', port: 3000, password: false },
    { name: '[FR] Serveur Next Multigaming [EXP 1.5][v7.6.3][~2km]', online: 4, max: 61, version: '0.7.6.3 beta', port: 3000, password: false },
  ];
  for (const [i, { body }] of fixtures('eco').entries()) {
    const want = expected[i];
    const server = http.createServer((req, res) => {
      if (req.url !== '/frontpage') return res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', Server: 'Microsoft-HTTPAPI/2.0' }).end(body);
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => server.close(r)));
    const s = await pkg.query('eco', `127.0.0.1:${server.address().port}`, { timeout: 2000 });
    const info = JSON.parse(body).Info;
    assert.deepEqual([s.name, s.players.online, s.players.max, s.version, s.password, s.connect],
      [want.name, want.online, want.max, want.version, want.password, `127.0.0.1:${want.port}`]);
    assert.deepEqual(Object.keys(s.raw), Object.keys(info));
    assert.equal(s.raw.EconomyDesc, info.EconomyDesc);
  }
});

test('gamedig 5 and gamequery/gamedig read one responder alike, but for the name', async () => {
  const server = await served();
  const options = { type: 'eco', host: '127.0.0.1', port: server.port - 1, socketTimeout: 1000, attemptTimeout: 3000 };
  const ours = await GameDig.query({ ...options });
  const theirs = await new Theirs().query({ ...options });
  for (const key of ['map', 'password', 'version', 'numplayers', 'maxplayers', 'queryPort', 'connect']) assert.deepEqual(ours[key], theirs[key], key);
  assert.deepEqual(ours.players, theirs.players);
  assert.deepEqual(ours.raw, theirs.raw);
  assert.deepEqual([theirs.name, ours.name], [state.Info.Description, 'gamequery demo — Eco ✓']);
});

test('hostile replies end typed within the deadline', async () => {
  const at = async (onConnection) => {
    const fake = await fakeTcpServer(onConnection);
    closers.push(fake.close);
    const started = Date.now();
    const { e } = await failure(() => pkg.query('eco', `127.0.0.1:${fake.port}`, { timeout: 1500 }));
    assert.ok(Date.now() - started < 5000, `${e.code} after ${Date.now() - started} ms`);
    return e;
  };
  const answer = (body, head = 'HTTP/1.1 200 OK\r\nContent-Type: application/json') => (s) => s.once('data', () => s.end(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
  assert.equal((await at(answer('{"Description":"no Info"}'))).code, 'GQ_WRONG_PROTOCOL');
  assert.equal((await at(answer('{"Info":[1]}'))).code, 'GQ_WRONG_PROTOCOL');
  assert.equal((await at(answer('<html>hi</html>'))).code, 'GQ_BAD_JSON');
  assert.equal((await at(answer('{}', 'HTTP/1.1 500 Internal Server Error'))).code, 'GQ_HTTP_STATUS');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n{')))).code, 'GQ_FRAME_TOO_LARGE');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{')))).code, 'GQ_TIMEOUT');
});
