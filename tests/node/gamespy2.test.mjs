// GameSpy 2 (Halo, SWAT 4, ArmA …) through both packages (and, as every suite, both engines
// of gamequery): eight real servers' replies from GameQ's tests (tests/fixtures/gamespy2.json)
// decoded and written back, and played back over UDP as one reply to our request for all
// three sections; our query against our responder; and software nobody here wrote reading
// our responder — qstat 2.17 (`-gs2`), gamedig 5 (three requests, one per section) beside
// gamequery/gamedig. No GameSpy 2 server is free to run here.
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
  rules: { hostname: 'gamequery Halo', gamever: '01.00.10.0621', hostport: '2302', mapname: 'bloodgulch', gametype: 'CTF', numplayers: '3', maxplayers: '16', password: '0' },
  players: [
    { name: 'Chief', score: '5', ping: '48', team: '0' },
    { name: 'Cortana', score: ' :00', ping: '62', team: '1' },
    { name: 'Johnson', score: '1', ping: '80', team: '0' },
  ],
  teams: [{ name: 'Red', score: '2' }, { name: 'Blue', score: '1' }],
};

async function served(s = state) {
  const server = await addon.serve('gamespy2', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

const byName = (part) => fixtures('gamespy2').find((v) => v.name.includes(part));

test('real replies through both packages, each datagram written back byte for byte', () => {
  let replies = 0;
  for (const v of fixtures('gamespy2')) {
    if (v.direction === 'request') {
      const [a, b] = [addon, wasm].map((pkg) => pkg.decodeRequest('gamespy2', hex(v.hex)));
      assert.deepStrictEqual(b, a, v.name);
      assert.deepEqual(a, v.expect, v.name);
      assert.equal(toHex(wasm.encodeRequest('gamespy2', a)), v.hex, v.name);
      continue;
    }
    replies++;
    for (const d of v.datagrams) {
      const [a, b] = [addon, wasm].map((pkg) => pkg.decodeResponse('gamespy2', hex(d)));
      assert.deepStrictEqual(b, a, v.name);
      for (const pkg of [addon, wasm]) assert.equal(toHex(pkg.encodeResponse('gamespy2', a)), d, v.name);
    }
  }
  assert.equal(replies, 8);
  const players = addon.decodeResponse('gamespy2', hex(byName('Had2/1').datagrams[1]));
  assert.deepEqual([players.id, players.server, players.players.fields, players.players.rows[0], players.teams.rows], [0x434f5258, undefined, ['player_', 'score_', 'deaths_', 'ping_', 'team_'], ['WinteR5™', '3', '3', '71', '1'], [['axis', '0'], ['allied', '0']]]);
});

/** A server that answers our request with GameQ's two datagrams as one reply, our id echoed. */
async function playback(v) {
  const [settings, tables] = v.datagrams.map(hex);
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, from) => {
    socket.send(Buffer.concat([Buffer.from([0]), msg.subarray(3, 7), settings.subarray(5), tables.subarray(5)]), from.port, from.address);
  });
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  return socket.address().port;
}

test('real Halo and SWAT 4 servers replayed over UDP: our query reads them, by protocol and by game id', async () => {
  const halo = await playback(byName('Halo/2'));
  const s = await addon.query('halo', `127.0.0.1:${halo}`, { timeout: 2000 });
  assert.deepEqual([s.game.id, s.name, s.map, s.players.online, s.players.max, s.raw.encoding], ['halo', '««HLNRACE-[CLASSIC R·O·C·K·S U.S.A.!]', 'putput', 10, 16, 'windows-1252']);
  assert.deepEqual(s.players.list[0], { name: 'Puto Gas', ping: 0 }, "' :00' is no score");
  assert.equal(s.raw.players[0].score, ' :00');
  const swat = await playback(byName('Swat4/1'));
  const w = await addon.query('swat4', `127.0.0.1:${swat - 2}`, { timeout: 2000 });
  assert.deepEqual([w.port, w.players.online, w.players.list.length, w.raw.teams], [swat, 16, 16, []]);
});

test('our query reads our responder as it was given', async () => {
  const server = await served();
  const s = await addon.query('gamespy2', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.deepEqual([s.name, s.map, s.mode, s.version, s.password, s.players.online, s.players.max], ['gamequery Halo', 'bloodgulch', 'CTF', '01.00.10.0621', false, 3, 16]);
  assert.deepEqual([s.raw.players, s.raw.teams, s.raw.rules], [state.players, state.teams, state.rules]);
  assert.deepEqual(s.players.list[1], { name: 'Cortana', ping: 62 });
});

test('qstat 2.17 (-gs2) reads our responder: server, rules and players', async () => {
  const server = await served();
  const { stdout } = await promisify(execFile)(QSTAT, ['-gs2', `127.0.0.1:${server.port}`, '-P', '-R', '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
  const [head, rules, ...rows] = stdout.trim().split('\n').map((l) => l.split('\t'));
  assert.deepEqual(head.slice(2, 6), ['gamequery Halo', 'bloodgulch', '16', '3'], stdout);
  const rule = Object.fromEntries(rules.map((r) => r.split('=')));
  assert.deepEqual([rule.gametype, rule.gamever], ['CTF', '01.00.10.0621'], stdout);
  assert.deepEqual(rows.map((r) => r[0]).sort(), ['Chief', 'Cortana', 'Johnson'], stdout);
});

test('gamedig 5 and gamequery/gamedig read our responder alike, by game and by protocol', async () => {
  const server = await served();
  const army = await served({ rules: { hostname: '\x1b\x01\x80\x01Army \x1b\x80\x01\x01Ops', mapname: 'Bridge', gamename: 'armygame', numplayers: '1', maxplayers: '26', password: 'yes' }, players: [{ name: '\x1b\xff\x01\x01Pvt', score: '', ping: '40', honor: '12' }], teams: [] });
  for (const [type, port] of [['halo', server.port], ['protocol-gamespy2', server.port], ['protocol-gamespy2', army.port]]) {
    const options = { type, host: '127.0.0.1', port, socketTimeout: 1000, attemptTimeout: 3000 };
    const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
    for (const key of ['name', 'map', 'password', 'version', 'maxplayers', 'numplayers', 'queryPort', 'connect']) {
      assert.deepEqual(ours[key], theirs[key], `${type}: ${key}`);
    }
    assert.deepEqual(ours.raw, JSON.parse(JSON.stringify(theirs.raw)), type);
    assert.deepEqual(ours.players, JSON.parse(JSON.stringify(theirs.players)), type);
  }
});

test('hostile replies end within the deadline in a typed error naming the field', async () => {
  const reply = (tail) => (msg) => Buffer.concat([Buffer.from([0]), msg.subarray(3, 7), Buffer.from('hostname\0x\0\0', 'latin1'), tail]);
  const cases = [
    // A row cut off in its values.
    [reply(Buffer.from('\0\x03player_\0score_\0\0A\0', 'latin1')), 'GQ_TRUNCATED', 'value'],
    // 3,000 uncounted rows: past what a reply may hold.
    [reply(Buffer.concat([Buffer.from('\0player_\0\0'), Buffer.from('p\0'.repeat(3000))])), 'GQ_BAD_LENGTH', 'rows'],
  ];
  for (const [make, code, field] of cases) {
    const socket = dgram.createSocket('udp4');
    socket.on('message', (msg, from) => socket.send(make(msg), from.port, from.address));
    await new Promise((r) => socket.bind(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => socket.close(r)));
    const started = Date.now();
    await assert.rejects(addon.query('gamespy2', `127.0.0.1:${socket.address().port}`, { timeout: 1500 }), (e) => {
      assert.deepEqual([e.code, e.field], [code, field], e.message);
      return true;
    });
    assert.ok(Date.now() - started < 1000, 'a broken reply ends the query at once');
  }
});
