// ElDewrito (Halo Online) through both engines: our query against our responder (its
// status object at `/`), gamedig 5 and gamequery/gamedig reading one responder alike,
// hostile HTTP servers ending typed within the deadline; opengsq (PyPI) reading our
// responder. No ElDewrito server runs here (not in Debian; Windows only).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure, opengsq } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = addon.sampleState('eldewrito');

async function served(s = state) {
  const server = await addon.serve('eldewrito', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

test('our query reads our responder: name, map, variant, counts, players with scores', async () => {
  const server = await served();
  const s = await addon.query('eldewrito', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.map, s.mode, s.version, s.password, s.players.online, s.players.max, s.port],
    ['eldewrito', 'gamequery demo — Halo Online ✓', 'Valhalla', 'Team Slayer', '0.6.1.0', false, 3, 16, server.port]);
  assert.equal(s.connect, '127.0.0.1:11774', 'the game port the status gives');
  assert.deepEqual(s.players.list, [{ name: 'Spartan', score: 15 }, { name: 'Noble Six', score: 9 }, { name: 'Ódst', score: 4 }]);
  assert.deepEqual(s.raw, state, 'the status object as sent');
  const d = addon.describeStatus(s);
  assert.deepEqual(['variant', 'status'].map((k) => d.fields.find(([f]) => f === k)[1]), ['Team Slayer', 'InGame']);
  // A saved raw serves again; a server with a password says so.
  const again = await served({ ...s.raw, passworded: true });
  const p = await addon.query('eldewrito', `127.0.0.1:${again.port}`, { timeout: 2000 });
  assert.deepEqual([p.name, p.password], [s.name, true]);
});

test('gamedig 5 and gamequery/gamedig read one responder alike, but for numplayers', async () => {
  const server = await served();
  const options = { type: 'eldewrito', host: '127.0.0.1', port: server.port, socketTimeout: 1000, attemptTimeout: 3000 };
  const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
  for (const key of ['name', 'map', 'password', 'version', 'maxplayers', 'queryPort', 'connect']) assert.deepEqual(ours[key], theirs[key], key);
  assert.deepEqual(ours.players, [...theirs.players].map((p) => ({ ...p })));
  assert.deepEqual(ours.raw, theirs.raw);
  // gamedig never sets it.
  assert.deepEqual([ours.numplayers, theirs.numplayers], [3, 0]);
});

test('hostile HTTP servers end typed within the deadline', async () => {
  const at = async (onConnection) => {
    const fake = await fakeTcpServer(onConnection);
    closers.push(fake.close);
    const started = Date.now();
    const { e } = await failure(() => addon.query('eldewrito', `127.0.0.1:${fake.port}`, { timeout: 1500 }));
    assert.ok(Date.now() - started < 5000, `${e.code} after ${Date.now() - started} ms`);
    return e;
  };
  const answer = (body, head = 'HTTP/1.1 200 OK\r\nContent-Type: application/json') => (s) => s.once('data', () => s.end(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
  assert.equal((await at(answer('{"hostname":"not ours"}'))).code, 'GQ_WRONG_PROTOCOL');
  assert.equal((await at(answer('<html>hi</html>'))).code, 'GQ_BAD_JSON');
  assert.equal((await at(answer('[1,2]'))).code, 'GQ_MALFORMED');
  assert.equal((await at(answer('{"name":"x"}', 'HTTP/1.1 404 Not Found'))).code, 'GQ_HTTP_STATUS');
  // A body far past the bound, announced; one that drips.
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n{"name":"')))).code, 'GQ_FRAME_TOO_LARGE');
  assert.equal((await at((s) => s.once('data', () => { s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{'); }))).code, 'GQ_TIMEOUT');
});

test('opengsq (PyPI, aiohttp) reads our responder with its own parser: name, map, variant, counts, players', async () => {
  const server = await served();
  const read = JSON.parse(await opengsq('opengsq_eldewrito_probe.py', ['127.0.0.1', String(server.port)]));
  assert.deepEqual(read, {
    name: 'gamequery demo — Halo Online ✓', map: 'Valhalla', variant: state.variant, online: 3, max: 16,
    players: [{ name: 'Spartan', score: 15 }, { name: 'Noble Six', score: 9 }, { name: 'Ódst', score: 4 }],
  });
});
