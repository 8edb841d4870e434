// All-Seeing Eye (MTA:SA, Far Cry …) through both packages (and, as every suite, both
// engines of gamequery): real MTA servers' replies from
// GameQ's tests (tests/fixtures/all-seeing-eye.json) decoded, written back byte for byte and
// played back over UDP to our query, by game id; our query against our responder; and
// software nobody here wrote reading our responder — qstat 2.17 (`-eye`) and gamedig 5
// beside gamequery/gamedig. No ASE server is free to run here: Debian has no MTA.
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
  game: 'mta',
  port: 22003,
  name: 'gamequery Café ✓',
  gameType: 'Freeroam',
  map: 'San Andreas',
  version: '1.6',
  password: true,
  maxPlayers: 64,
  rules: { Website: 'mtasa.com', 'Script Version': '2.1.0' },
  players: [
    { name: 'Carl_Johnson', team: '', skin: '', score: '120', ping: '32', time: '' },
    { name: 'Ryder', team: 'Ballas', score: '', ping: '61' },
  ],
};

async function served(s = state, options = {}) {
  const server = await addon.serve('all-seeing-eye', s, { host: '127.0.0.1', port: 0, ...options });
  closers.push(() => server.close());
  return server;
}

test('real MTA replies through both packages, written back byte for byte', () => {
  let replies = 0;
  for (const v of fixtures('all-seeing-eye')) {
    const kind = v.direction === 'request' ? 'Request' : 'Response';
    const [a, b] = [addon, wasm].map((pkg) => pkg[`decode${kind}`]('all-seeing-eye', hex(v.hex)));
    assert.deepStrictEqual(b, a, v.name);
    if (kind === 'Request') {
      assert.equal(a.command, v.expect.command, v.name);
      continue;
    }
    replies++;
    const e = v.expect;
    assert.deepEqual([a.game, a.port, a.name, a.gameType, a.map, a.version, a.password, a.numPlayers, a.maxPlayers, a.encoding], [e.game, e.port, e.name, e.gameType, e.map, e.version, e.password, e.numPlayers, e.maxPlayers, e.encoding], v.name);
    assert.deepEqual(a.rules, e.rules, v.name);
    assert.deepEqual([a.players.length, a.players[0], a.players.at(-1)], [e.players, e.firstPlayer, e.lastPlayer], v.name);
    for (const pkg of [addon, wasm]) assert.equal(toHex(pkg.encodeResponse('all-seeing-eye', a)), v.hex, v.name);
  }
  assert.equal(replies, 2);
});

/** A server that answers `s` with `bytes`, and counts what it was asked. */
async function playback(bytes) {
  const socket = dgram.createSocket('udp4');
  const asked = [];
  socket.on('message', (msg, from) => {
    asked.push(msg.toString('latin1'));
    socket.send(bytes, from.port, from.address);
  });
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  return { port: socket.address().port, asked };
}

test('a real 4,684-byte MTA reply replayed over UDP: our query reads it, by protocol and by game id', async () => {
  const v = fixtures('all-seeing-eye').find((f) => f.name.includes('Mta/1'));
  const { port, asked } = await playback(hex(v.hex));
  {
    const s = await addon.query('all-seeing-eye', `127.0.0.1:${port}`, { timeout: 2000 });
    assert.deepEqual([s.name, s.map, s.mode, s.version, s.password, s.players.online, s.players.max, s.players.list.length, s.players.partial], [v.expect.name, 'SX', 'SX CnR/DM/RP', '1.4', false, 203, 512, 203, false]);
    assert.deepEqual(s.players.list[0], { name: 'Laucha', ping: 154 }, 'an empty score is no score');
    assert.equal(s.connect, '127.0.0.1:22003', 'the game port the server advertises');
    assert.equal(s.raw.encoding, 'utf-8');
  }
  assert.deepEqual(asked, ['s']);
  // By game id: MTA:SA's query port is its game port + 123.
  const byGame = await addon.query('gtasamta', `127.0.0.1:${port - 123}`, { timeout: 2000 });
  assert.deepEqual([byGame.game.id, byGame.port, byGame.players.online], ['gtasamta', port, 203]);
});

test('our query reads our responder as it was given', async () => {
  const server = await served();
  {
    const s = await addon.query('all-seeing-eye', `127.0.0.1:${server.port}`, { timeout: 2000 });
    assert.deepEqual([s.protocol, s.name, s.map, s.mode, s.version, s.password, s.players.online, s.players.max], ['all-seeing-eye', 'gamequery Café ✓', 'San Andreas', 'Freeroam', '1.6', true, 2, 64]);
    assert.deepEqual(s.players.list, [{ name: 'Carl_Johnson', score: 120, ping: 32 }, { name: 'Ryder', ping: 61 }]);
    assert.deepEqual(s.raw.players, state.players);
    assert.deepEqual(s.raw.rules, state.rules);
    assert.equal(s.raw.numPlayers, 2, 'the list counted');
    // For people: the game, the rules, and the columns some player has.
    const d = addon.describeStatus(s);
    assert.deepEqual(['protocol', 'game', 'encoding'].map((k) => d.fields.find(([f]) => f === k)[1]), ['all-seeing-eye', 'mta', 'utf-8']);
    assert.deepEqual(d.sections.find((x) => x.title === 'rules').fields.map(([k, v]) => [k.trim(), v]), [['Website', 'mtasa.com'], ['Script Version', '2.1.0']]);
    const table = d.sections.find((x) => x.title.startsWith('players'));
    assert.deepEqual([table.headers, table.rows], [['name', 'score', 'ping', 'team'], [['Carl_Johnson', '120', '32', ''], ['Ryder', '', '61', 'Ballas']]]);
  }
});

test('qstat 2.17 (-eye) reads our responder: server, rules and players', async () => {
  const server = await served();
  // qstat takes the game port, as a player would give it, and asks 123 above it.
  const { stdout } = await promisify(execFile)(QSTAT, ['-eye', `127.0.0.1:${server.port - 123}`, '-P', '-R', '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
  const [head, rules, ...rows] = stdout.trim().split('\n').map((l) => l.split('\t'));
  assert.deepEqual(head.slice(2, 6), ['gamequery Café ✓', 'San Andreas', '64', '2'], stdout);
  const rule = Object.fromEntries(rules.map((r) => r.split('=')));
  assert.deepEqual([rule.gamename, rule.hostport, rule.gametype, rule._version, rule._password, rule.Website], ['mta', '22003', 'Freeroam', '1.6', '1', 'mtasa.com'], stdout);
  // name, score, ping, team: Ryder's empty score is its 0.
  assert.deepEqual(rows.map((r) => r.slice(0, 4)), [['Carl_Johnson', '120', '32', ''], ['Ryder', '0', '61', 'Ballas']], stdout);
});

test('gamedig 5 and gamequery/gamedig read our responder alike, by protocol and by game', async () => {
  const server = await served();
  for (const [type, port] of [['gtasamta', server.port - 123], ['farcry', server.port - 123], ['protocol-ase', server.port]]) {
    const options = { type, host: '127.0.0.1', port, socketTimeout: 1000, attemptTimeout: 3000 };
    const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
    for (const key of ['name', 'map', 'password', 'version', 'maxplayers', 'numplayers', 'queryPort', 'connect']) {
      assert.deepEqual(ours[key], theirs[key], `${type}: ${key}`);
    }
    assert.deepEqual(ours.raw, theirs.raw, type);
    assert.deepEqual(ours.players, JSON.parse(JSON.stringify(theirs.players)), type);
    assert.deepEqual(ours.bots, JSON.parse(JSON.stringify(theirs.bots)), type);
  }
});

test('hostile replies end within the deadline in a typed error naming the field', async () => {
  const s = (text) => Buffer.concat([Buffer.from([Buffer.byteLength(text) + 1]), Buffer.from(text)]);
  const head = Buffer.concat([Buffer.from('EYE1'), ...['mta', '22003', 'x', '', '', '', '0', '1', '32'].map(s)]);
  const cases = [
    // A length byte past the end of the datagram.
    [Buffer.concat([head, Buffer.from([1, 0x3f, 0xf0]), Buffer.from('Bob')]), 'GQ_TRUNCATED', 'player name'],
    // 5,000 rules, past what a reply may hold.
    [Buffer.concat([head, ...Array.from({ length: 5000 }, () => Buffer.from([2, 0x6b, 1]))]), 'GQ_BAD_LENGTH', 'rules'],
    // A length byte of 0: it counts itself, so no string has it.
    [Buffer.concat([Buffer.from('EYE1'), Buffer.from([0])]), 'GQ_MALFORMED', 'game'],
  ];
  for (const [bytes, code, field] of cases) {
    const { port } = await playback(bytes);
    const started = Date.now();
    await assert.rejects(addon.query('all-seeing-eye', `127.0.0.1:${port}`, { timeout: 1500 }), (e) => {
      assert.deepEqual([e.code, e.field], [code, field], e.message);
      return true;
    });
    assert.ok(Date.now() - started < 1500, 'a broken reply ends the query at once');
  }
  // Silence: a timeout, at the deadline.
  const quiet = dgram.createSocket('udp4');
  await new Promise((r) => quiet.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => quiet.close(r)));
  await assert.rejects(addon.query('all-seeing-eye', `127.0.0.1:${quiet.address().port}`, { timeout: 400 }), { code: 'GQ_TIMEOUT' });
});

test('a state that cannot be sent is refused when it is given', async () => {
  await assert.rejects(addon.serve('all-seeing-eye', { name: 'x'.repeat(255) }, { host: '127.0.0.1', port: 0 }), (e) => {
    assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
    assert.match(e.message, /at most 254/);
    return true;
  });
});
