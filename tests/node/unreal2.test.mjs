// Unreal 2 (UT2004, Killing Floor, Red Orchestra …) through both packages (and, as every
// suite, both engines of gamequery): four real servers' replies from GameQ's tests
// (tests/fixtures/unreal2.json) decoded, and played back over UDP, their rules and players
// in several datagrams; our query against our responder; and software nobody here wrote
// reading our responder — qstat 2.17 (`-ut2s`), gamedig 5 beside gamequery/gamedig. No
// Unreal 2 server is free to run here.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import dgram from 'node:dgram';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fixtures, hex, toHex } from './helpers.mjs';
import { QSTAT } from '../../scripts/ensure-system.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const state = {
  info: { port: 7777, queryPort: 7778, name: '\x1b\xff\x01\x01gamequery \x1b\x01\xff\x01Arena', map: 'DM-Rankin', gameType: 'xDeathMatch', numPlayers: 3, maxPlayers: 16 },
  rules: { ServerMode: 'dedicated', ServerVersion: '3369', GamePassword: 'True' },
  mutators: ['MutInstaGib', 'MutNoAdrenaline'],
  players: [
    { id: 1, name: 'Malcolm', ping: 48, score: 12, statsId: 0x20000000 },
    { id: 2, name: 'Бот', ping: 0, score: 9, statsId: 0x40000000 },
    { id: 3, name: 'Gorge', ping: 62, score: -1, statsId: 0 },
  ],
};

async function served(s = state) {
  const server = await addon.serve('unreal2', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

const byName = (part) => fixtures('unreal2').find((v) => v.name.includes(part));

test('real replies through both packages: UT2004 datagrams written back byte for byte', () => {
  for (const v of fixtures('unreal2')) {
    if (v.direction === 'request') {
      const a = addon.decodeRequest('unreal2', hex(v.hex));
      assert.deepStrictEqual(wasm.decodeRequest('unreal2', hex(v.hex)), a);
      assert.deepEqual(a, v.expect, v.name);
      continue;
    }
    for (const d of v.datagrams) {
      const [a, b] = [addon, wasm].map((pkg) => pkg.decodeResponse('unreal2', hex(d)));
      assert.deepStrictEqual(b, a, v.name);
      if (v.name.includes('Ut2004')) for (const pkg of [addon, wasm]) assert.equal(toHex(pkg.encodeResponse('unreal2', a)), d, v.name);
    }
  }
  const players = addon.decodeResponse('unreal2', hex(byName('Ut2004/2').datagrams[3]));
  assert.deepEqual([players.version, players.command, players.players[0]], [128, 'players', { id: 17, name: 'ImA_Wreck', ping: 68, score: 0, statsId: 0x20000000 }]);
});

/** A server answering each command with the capture's datagrams of it. */
async function playback(v) {
  const parts = v.datagrams.map(hex);
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, from) => {
    const command = msg[4];
    for (const p of parts) if (p[4] === command || (command === 3 && (p[4] === 1 || p[4] === 2))) socket.send(p, from.port, from.address);
  });
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  return socket.address().port;
}

test('a real Killing Floor server replayed over UDP: 6 datagrams of rules and players, by game id', async () => {
  const port = await playback(byName('Killingfloor/2'));
  const started = Date.now();
  const s = await addon.query('killingfloor', `127.0.0.1:${port - 1}`, { timeout: 2500 });
  assert.ok(Date.now() - started < 1000, 'quiet after a few round trips, not the whole timeout');
  assert.deepEqual([s.game.id, s.map, s.mode, s.players.max, s.raw.parts, s.raw.rules.ServerVersion], ['killingfloor', 'KF-HarbourV3-fix', 'KFGameType', 35, 6, '1064']);
  assert.ok(s.name.startsWith('Sentry Turrets/Bots|Weapons|'), s.name);
  assert.equal(s.raw.players.length, 34);
  assert.ok(s.raw.mutators.length > 0);
});

test('our query reads our responder; UTF-16 names and colour codes', async () => {
  const server = await served();
  const s = await addon.query('unreal2', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.name, s.map, s.mode, s.version, s.password, s.players.online, s.players.max], ['gamequery Arena', 'DM-Rankin', 'xDeathMatch', '3369', true, 3, 16]);
  assert.deepEqual(s.players.list, [{ name: 'Malcolm', score: 12, ping: 48 }, { name: 'Бот', score: 9, ping: 0 }, { name: 'Gorge', score: -1, ping: 62 }]);
  assert.deepEqual([s.raw.players, s.raw.mutators, s.raw.info.name], [state.players, state.mutators, state.info.name]);
  assert.equal(s.connect, '127.0.0.1:7777');
});

test('qstat 2.17 (-ut2s) reads our responder: server, rules and players', async () => {
  const server = await served({ ...state, info: { ...state.info, name: 'gamequery Arena' } });
  // qstat takes the game port and asks 1 above it.
  const { stdout } = await promisify(execFile)(QSTAT, ['-ut2s', `127.0.0.1:${server.port - 1}`, '-P', '-R', '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
  const [head, rules, ...rows] = stdout.trim().split('\n').map((l) => l.split('\t'));
  assert.deepEqual(head.slice(2, 6), ['gamequery Arena', 'DM-Rankin', '16', '3'], stdout);
  const rule = Object.fromEntries(rules.map((r) => r.split('=')));
  assert.equal(rule.ServerVersion, '3369', stdout);
  assert.deepEqual([rule.GamePassword, rule.Mutator], ['True', 'MutInstaGib|MutNoAdrenaline'], stdout);
  // name, score, ping, team (from the stats id's bits); qstat keeps a UTF-16 unit's low byte.
  const byName = Object.fromEntries(rows.map((r) => [r[0], r.slice(1, 4)]));
  assert.deepEqual([byName.Malcolm, byName.Gorge], [['12', '48', 'red'], ['-1', '62', '-32767']], stdout);
  assert.deepEqual(rows.find((r) => r[1] === '9').slice(1, 4), ['9', '0', 'blue'], stdout);
});

test('gamedig 5 and gamequery/gamedig read our responder alike', async () => {
  const plain = { ...state, rules: { ServerMode: 'dedicated', ServerVersion: '3369' } };
  const server = await served(plain);
  const kf = await served({ ...plain, info: { ...plain.info, extra: '020000000a0000000000000000000000023000000000' }, mutators: ['KillingFloorMut'], players: [...plain.players, { id: 0, name: 'Red Team', ping: 0, score: 4, statsId: 0 }] });
  for (const [type, port] of [['unrealtournament2004', server.port - 1], ['protocol-unreal2', kf.port]]) {
    const options = { type, host: '127.0.0.1', port, socketTimeout: 300, attemptTimeout: 3000 };
    const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
    for (const key of ['name', 'map', 'password', 'version', 'maxplayers', 'numplayers', 'queryPort', 'connect']) {
      assert.deepEqual(ours[key], theirs[key], `${type}: ${key}`);
    }
    assert.deepEqual(ours.raw, JSON.parse(JSON.stringify(theirs.raw)), type);
    assert.deepEqual(ours.players, JSON.parse(JSON.stringify(theirs.players)), type);
    assert.deepEqual(ours.bots, JSON.parse(JSON.stringify(theirs.bots)), type);
  }
});

test('hostile replies end within the deadline in a typed error naming the field', async () => {
  const socket = dgram.createSocket('udp4');
  // An info whose map says 80 UTF-16 units and has 2 bytes.
  socket.on('message', (msg, from) => socket.send(Buffer.from('8000000000000000000000000000000000d04100', 'hex'), from.port, from.address));
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  const started = Date.now();
  await assert.rejects(addon.query('unreal2', `127.0.0.1:${socket.address().port}`, { timeout: 1500 }), (e) => {
    assert.deepEqual([e.code, e.field], ['GQ_TRUNCATED', 'map'], e.message);
    return true;
  });
  assert.ok(Date.now() - started < 1000);
});
