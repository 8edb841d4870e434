// GameSpy 1 (UT99, BF1942, MOHAA …) through both packages (and, as every suite, both engines
// of gamequery): nine real servers' replies from GameQ's tests (tests/fixtures/gamespy1.json)
// decoded and written back datagram by datagram, and played back over UDP in order,
// shuffled and with a datagram dropped; our query against our responder; and software
// nobody here wrote reading our responder — qstat 2.17 (`-gps`), gamedig 5 beside
// gamequery/gamedig; and a real server: Debian's netPanzer 0.8.7, whose dedicated server
// answers `\status\` on its game port.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import dgram from 'node:dgram';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fixtures, hex, toHex } from './helpers.mjs';
import { NETPANZER, QSTAT } from '../../scripts/ensure-system.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const state = {
  rules: { gamename: 'ut', gamever: '451', hostname: 'gamequery Arena', hostport: '7777', mapname: 'CTF-Face', gametype: 'CTFGame', numplayers: '3', maxplayers: '16', password: 'False' },
  players: [
    { name: 'Xan', frags: '31', ping: ' 48', team: '0', mesh: 'Male Commando' },
    { name: 'Loque', frags: '24', ping: ' 62', team: '1', mesh: 'Male Soldier' },
    { name: 'Malcolm', frags: '17', ping: ' 30', team: '0', mesh: 'Male Commando' },
  ],
  teams: [{ name: 'Red' }, { name: 'Blue' }],
};

async function served(s = state) {
  const server = await addon.serve('gamespy1', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

const replies = () => fixtures('gamespy1').filter((v) => v.direction === 'response');
const byName = (part) => replies().find((v) => v.name.includes(part));

test('real replies through both packages, each datagram written back byte for byte', () => {
  for (const v of fixtures('gamespy1')) {
    if (v.direction === 'request') {
      const [a, b] = [addon, wasm].map((pkg) => pkg.decodeRequest('gamespy1', hex(v.hex)));
      assert.deepStrictEqual(b, a, v.name);
      assert.deepEqual(a.query, v.expect.query, v.name);
      assert.equal(toHex(addon.encodeRequest('gamespy1', a)), v.hex, v.name);
      continue;
    }
    for (const d of v.datagrams) {
      const [a, b] = [addon, wasm].map((pkg) => pkg.decodeResponse('gamespy1', hex(d), { encoding: 'windows-1252' }));
      assert.deepStrictEqual(b, a, v.name);
      for (const pkg of [addon, wasm]) assert.equal(toHex(pkg.encodeResponse('gamespy1', a)), d, v.name);
    }
  }
  const first = addon.decodeResponse('gamespy1', hex(byName('Bf1942/1').datagrams[2]));
  assert.deepEqual(first.pairs.slice(-2), [['final', ''], ['queryid', '1142.3']], "BF1942's order: final, then queryid");
});

test("FrameDecoder('gamespy1') joins a reply's datagrams, in any order, into one decodeResponse reads", () => {
  for (const v of replies()) {
    for (const pkg of [addon, wasm]) {
      const frames = new pkg.FrameDecoder('gamespy1');
      const order = v.datagrams.map((_, i) => i).reverse();
      const out = order.flatMap((i) => frames.push(hex(v.datagrams[i])));
      assert.equal(out.length, 1, v.name);
      const whole = pkg.decodeResponse('gamespy1', out[0]);
      const keys = whole.pairs.map(([k]) => k);
      assert.ok(!keys.includes('queryid') && keys.at(-1) === 'final', v.name);
      assert.equal(whole.pairs.find(([k]) => k === 'hostname')[1], v.expect.hostname, v.name);
      const rows = keys.filter((k) => /^(player|playername)_\d+$/.test(k)).length;
      assert.equal(rows, v.expect.players, v.name);
    }
  }
});

/** A server that answers every request with `datagrams` in `order` (indices; one left out drops it). */
async function playback(datagrams, order = datagrams.map((_, i) => i)) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (_, from) => {
    for (const i of order) socket.send(hex(datagrams[i]), from.port, from.address);
  });
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  return socket.address().port;
}

test('a real three-datagram BF1942 reply over UDP: in order, shuffled, and with one dropped', async () => {
  const v = byName('Bf1942/1');
  for (const order of [[0, 1, 2], [2, 0, 1], [1, 2, 1, 0]]) {
    const port = await playback(v.datagrams, order);
    const s = await addon.query('gamespy1', `127.0.0.1:${port}`, { timeout: 2000 });
    assert.deepEqual([s.name, s.map, s.mode, s.version, s.players.online, s.players.max, s.players.list.length, s.raw.stalePlayers, s.raw.parts], ['SiMPLE | BF1942 [USA]', 'berlin', 'conquest', 'v1.612', 17, 36, 17, 1, 3], `order ${order}`);
    assert.deepEqual(s.players.list[0], { name: 'FEDIYMAX', score: 7, ping: 187 });
    assert.deepEqual(s.raw.teams, [{ name: 'axis' }, { name: 'allied' }]);
    assert.equal(s.connect, '127.0.0.1:14567', 'the game port it advertises');
  }
  // A datagram lost every time: a timeout at the deadline, not a hang nor half a server.
  const port = await playback(v.datagrams, [0, 2]);
  const started = Date.now();
  await assert.rejects(addon.query('gamespy1', `127.0.0.1:${port}`, { timeout: 800 }), { code: 'GQ_TIMEOUT' });
  assert.ok(Date.now() - started < 1500);
});

test('UT99 by game id: query port game + 1, Latin-1 names, pings with their leading space', async () => {
  const v = byName('Ut/1');
  const port = await playback(v.datagrams, [2, 1, 0]);
  const s = await addon.query('unrealtournament', `127.0.0.1:${port - 1}`, { timeout: 2000 });
  assert.deepEqual([s.game.id, s.port, s.raw.encoding, s.players.online, s.players.max], ['unrealtournament', port, 'windows-1252', 11, 13]);
  assert.deepEqual(s.players.list[2], { name: 'Resident\u00a0Evil±', score: 719, ping: 86 });
  assert.equal(s.raw.players[2].ping, ' 86', 'raw: as sent');
});

test('our query reads our responder, its reply split into numbered parts', async () => {
  const many = { ...state, rules: { ...state.rules, numplayers: '40' }, players: Array.from({ length: 40 }, (_, i) => ({ name: `Player ${i}`, frags: String(i), ping: ' 50', team: String(i % 2) })) };
  const server = await served(many);
  const s = await addon.query('gamespy1', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.ok(s.raw.parts >= 2, `${s.raw.parts} parts`);
  assert.deepEqual([s.name, s.map, s.mode, s.players.online, s.players.max, s.password], ['gamequery Arena', 'CTF-Face', 'CTFGame', 40, 16, false]);
  assert.deepEqual(s.raw.players, many.players);
  assert.deepEqual(s.raw.teams, many.teams);
  assert.deepEqual(s.players.list[39], { name: 'Player 39', score: 39, ping: 50 });
  const players = await addon.query('gamespy1', `127.0.0.1:${server.port}`, { timeout: 2000, query: 'players' });
  assert.deepEqual([players.raw.rules, players.raw.players.length], [{}, 40]);
});

test('qstat 2.17 (-gps) reads our responder: server, rules and players', async () => {
  const server = await served();
  const { stdout } = await promisify(execFile)(QSTAT, ['-gps', `127.0.0.1:${server.port}`, '-P', '-R', '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
  const [head, rules, ...rows] = stdout.trim().split('\n').map((l) => l.split('\t'));
  assert.deepEqual(head.slice(2, 6), ['gamequery Arena', 'CTF-Face', '16', '3'], stdout);
  const rule = Object.fromEntries(rules.map((r) => r.split('=')));
  assert.deepEqual([rule.gametype, rule.gamever, rule.hostport], ['CTFGame', '451', '7777'], stdout);
  assert.deepEqual(rows.map((r) => r[0]).sort(), ['Loque', 'Malcolm', 'Xan'], stdout);
});

test('gamedig 5 and gamequery/gamedig read our responder alike, by game and by protocol', async () => {
  const server = await served();
  const bf = await served({ rules: { gamename: 'bfield1942', gamever: 'v1.612', hostname: 'BF', mapname: 'berlin', numplayers: '1', maxplayers: '64', password: '0' }, players: [{ name: 'Ann', score: '7', team: '2', ping: '40' }, { name: 'Gone', team: '1' }], teams: [{ name: 'axis' }, { name: 'allied' }] });
  for (const [type, port] of [['unrealtournament', server.port - 1], ['protocol-gamespy1', server.port], ['protocol-gamespy1', bf.port]]) {
    const options = { type, host: '127.0.0.1', port, socketTimeout: 1000, attemptTimeout: 3000 };
    const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
    for (const key of ['name', 'map', 'password', 'version', 'maxplayers', 'numplayers', 'queryPort', 'connect']) {
      assert.deepEqual(ours[key], theirs[key], `${type}: ${key}`);
    }
    assert.deepEqual(ours.raw, theirs.raw, type);
    assert.deepEqual(ours.players, JSON.parse(JSON.stringify(theirs.players)), type);
  }
});

test('hostile replies end in a typed error at once, or a timeout at the deadline', async () => {
  // A part number past what a reply may have: ours, broken — at once.
  let port = await playback([Buffer.from('\\hostname\\x\\queryid\\1.10000').toString('hex')]);
  let started = Date.now();
  await assert.rejects(addon.query('gamespy1', `127.0.0.1:${port}`, { timeout: 1500 }), (e) => {
    assert.deepEqual([e.code, e.field], ['GQ_BAD_LENGTH', 'queryid'], e.message);
    return true;
  });
  assert.ok(Date.now() - started < 1000);
  // A series that never sends `\final\`, 10,000 parts of it: a timeout at the deadline.
  const endless = Array.from({ length: 10_000 }, (_, i) => Buffer.from(`\\k${i}\\v\\queryid\\9.${(i % 64) + 1}`).toString('hex'));
  port = await playback(endless);
  started = Date.now();
  await assert.rejects(addon.query('gamespy1', `127.0.0.1:${port}`, { timeout: 700 }), { code: 'GQ_TIMEOUT' });
  assert.ok(Date.now() - started < 1500);
});

test('a real netPanzer 0.8.7 server (Debian) on loopback: our query reads it, gamedig 5 cannot', async () => {
  const home = mkdtempSync(join(tmpdir(), 'gq-netpanzer-'));
  const probe = dgram.createSocket('udp4');
  await new Promise((r) => probe.bind(0, '127.0.0.1', r));
  const port = probe.address().port;
  await new Promise((r) => probe.close(r));
  // Its console reads stdin: an open pipe keeps it waiting (at end of input it spins). It
  // answers `\\status\\` only while it has a master server to announce to: this one is
  // loopback's, where nothing listens.
  const server = spawn(NETPANZER, ['-d', '-p', String(port), '--master_server=127.0.0.1'], { env: { ...process.env, HOME: home }, stdio: ['pipe', 'ignore', 'ignore'] });
  closers.push(async () => {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill();
    await exited;
    rmSync(home, { recursive: true, force: true, maxRetries: 5 });
  });
  let s;
  const deadline = Date.now() + 20_000;
  while (!(s = await addon.query('gamespy1', `127.0.0.1:${port}`, { timeout: 300, retries: 0 }).catch(() => null))) {
    if (Date.now() > deadline) throw new Error('netPanzer did not answer');
    await new Promise((r) => setTimeout(r, 200));
  }
  // One datagram, no leading backslash, no queryid, `\final\` at its end.
  assert.equal(s.raw.rules.gamestyle, 'Objective', 'its mode, under a key of its own');
  assert.deepEqual([s.map, s.mode, s.password, s.players.online, s.players.max, s.raw.parts, s.raw.rules.gamename, s.raw.rules.gameversion], ['Two clans', null, false, 0, 8, 1, 'netpanzer', '0.8.7']);
  assert.match(s.name, /^Player\d+$/, 'its default name');
  const byGame = await addon.query('netpanzer', `127.0.0.1:${port}`, { timeout: 2000 });
  assert.equal(byGame.game.id, 'netpanzer');
  const options = { type: 'netpanzer', host: '127.0.0.1', port, socketTimeout: 500, attemptTimeout: 1500, maxRetries: 1 };
  const ours = await GameDig.query(options);
  assert.deepEqual([ours.map, ours.maxplayers, ours.numplayers], ['Two clans', 8, 0]);
  // gamedig drops the first word (taking it for the empty one before a leading `\`) and
  // waits for a numbered part that never comes: a migration table row.
  await assert.rejects(Theirs.query(options));
});
