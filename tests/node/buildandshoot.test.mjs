// Build and Shoot / Ace of Spades through piqueserver's status server, in both engines: a
// real piqueserver (PyPI 1.4.2, its own generated map) on loopback read by our client —
// by protocol at its status port and by game id at its game port — and by gamedig 5
// beside gamequery/gamedig; our responder read by our client; hostile replies typed.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import * as pkg from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure, freeUdpTcpPort, pythonPackage, stopServer } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = pkg.sampleState('buildandshoot');

async function served(s = state) {
  const server = await pkg.serve('buildandshoot', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

/** piqueserver on 127.0.0.1: its game on UDP `port`, its status server on TCP `port - 1`. */
const pique = { child: undefined, home: undefined, port: 0 };
before(async () => {
  const site = pythonPackage('piqueserver', '1.4.2');
  const env = { ...process.env, PYTHONPATH: site };
  pique.home = mkdtempSync(join(tmpdir(), 'gq-pique-'));
  execFileSync('python3', ['-m', 'piqueserver', '--copy-config', '-d', pique.home], { env, stdio: 'ignore' });
  // A status port free for TCP, with the game's UDP port above it free too.
  for (;;) {
    const status = await freeUdpTcpPort();
    const tcp = net.createServer();
    const game = await new Promise((r) => tcp.once('error', () => r(0)).listen(status + 1, '127.0.0.1', () => r(status + 1)));
    await new Promise((r) => tcp.close(r));
    if (game) {
      pique.port = game;
      break;
    }
  }
  const overrides = {
    name: 'gamequery piqueserver', port: pique.port, network_interface: '127.0.0.1', ip_getter: '',
    status_server: { enabled: true, host: '127.0.0.1', port: pique.port - 1, logging: false },
  };
  pique.child = spawn('python3', ['-m', 'piqueserver', '-d', pique.home, '-j', JSON.stringify(overrides)], { env, stdio: 'ignore' });
  closers.push(() => stopServer(pique.child, pique.home));
  // Its map is generated at start: a second or two; its status server listens before its
  // status is ready (HTTP 500 until then, on a loaded machine).
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${pique.port - 1}/json`).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('piqueserver did not start its status server');
});

test('a real piqueserver: our query by protocol at its status port and by game id at its game port', async () => {
  const s = await pkg.query('buildandshoot', `127.0.0.1:${pique.port - 1}`, { timeout: 3000 });
  assert.deepEqual([s.protocol, s.name, s.mode, s.version, s.password, s.players.online, s.players.max, s.players.list],
    ['buildandshoot', 'gamequery piqueserver', 'ctf', '3', false, 0, 32, []]);
  assert.match(s.map, /^classicgen #\d+$/);
  assert.equal(s.raw.map.author, 'Tom Dobrowolski');
  for (const game of ['bas', 'aosc']) {
    const g = await pkg.query(game, `127.0.0.1:${pique.port}`, { timeout: 3000 });
    assert.deepEqual([g.name, g.port, g.game.id, g.connect], [s.name, pique.port - 1, game, `127.0.0.1:${pique.port}`], game);
  }
});

test('gamedig 5 and gamequery/gamedig read the real piqueserver and our responder alike, but for connect', async () => {
  const server = await served();
  for (const [port, connect] of [[pique.port, pique.port], [server.port + 1, 32887]]) {
    const options = { type: 'bas', host: '127.0.0.1', port, socketTimeout: 1000, attemptTimeout: 3000 };
    const ours = await GameDig.query({ ...options });
    const theirs = await new Theirs().query({ ...options });
    for (const key of ['name', 'map', 'password', 'version', 'numplayers', 'maxplayers', 'queryPort']) assert.deepEqual(ours[key], theirs[key], `${port} ${key}`);
    // gamedig gives the status server's port to connect to; we the game's.
    assert.deepEqual([theirs.connect, ours.connect], [`127.0.0.1:${port - 1}`, `127.0.0.1:${connect}`]);
    assert.deepEqual(ours.players, theirs.players);
    const { serverUptime: a, ...ourRaw } = ours.raw;
    const { serverUptime: b, ...theirRaw } = theirs.raw;
    assert.deepEqual(ourRaw, theirRaw);
  }
});

test('our query reads our responder: name, map, mode, players with kills and latency, teams in raw', async () => {
  const server = await served();
  const s = await pkg.query('buildandshoot', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.name, s.map, s.mode, s.version, s.players.online, s.players.max, s.connect],
    ['gamequery demo — Build and Shoot ✓', 'hallway', 'ctf', '3', 3, 32, '127.0.0.1:32887']);
  assert.deepEqual(s.players.list, [{ name: 'Deuce', score: 12, ping: 42 }, { name: 'Ünterseeboot', score: 9, ping: 87 }, { name: 'Spec', score: 0, ping: 15 }]);
  assert.deepEqual(s.raw, state);
  const d = pkg.describeStatus(s);
  assert.equal(d.fields.find(([f]) => f === 'score')[1], 'blue 2 — green 1 (to 10)');
  // The older form, teams of names.
  const teams = await served({ serverName: 'Old', players: { blue: ['A'], green: [{ name: 'B', kills: 3 }], maxPlayers: 16 } });
  const t = await pkg.query('buildandshoot', `127.0.0.1:${teams.port}`, { timeout: 2000 });
  assert.deepEqual([t.players.online, t.players.max, t.players.list.map((p) => p.name)], [2, 16, ['A', 'B']]);
});

test('hostile replies end typed within the deadline', async () => {
  const at = async (onConnection) => {
    const fake = await fakeTcpServer(onConnection);
    closers.push(fake.close);
    const started = Date.now();
    const { e } = await failure(() => pkg.query('buildandshoot', `127.0.0.1:${fake.port}`, { timeout: 1500 }));
    assert.ok(Date.now() - started < 5000, `${e.code} after ${Date.now() - started} ms`);
    return e;
  };
  const answer = (body, head = 'HTTP/1.1 200 OK\r\nContent-Type: application/json') => (s) => s.once('data', () => s.end(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
  assert.equal((await at(answer('{"name":"not ours"}'))).code, 'GQ_WRONG_PROTOCOL');
  assert.equal((await at(answer('<html>hi</html>'))).code, 'GQ_BAD_JSON');
  assert.equal((await at(answer('"x"'))).code, 'GQ_MALFORMED');
  assert.equal((await at(answer('{}', 'HTTP/1.1 404 Not Found'))).code, 'GQ_HTTP_STATUS');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n{')))).code, 'GQ_FRAME_TOO_LARGE');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{')))).code, 'GQ_TIMEOUT');
});
