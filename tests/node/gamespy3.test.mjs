// GameSpy 3 (Battlefield 2, Project Reality, Crysis, UT3, JC2-MP …) through both packages
// (and, as every suite, both engines of gamequery): sixteen real servers' replies from
// GameQ's tests (tests/fixtures/gamespy3.json) decoded and written back datagram by
// datagram, joined by FrameDecoder('gamespy3') in any order, and played back over UDP behind
// BF2's "0" challenge — in order, shuffled, one dropped; our query against our responder
// with and without a challenge; and software nobody here wrote reading our responder —
// qstat 2.17 (`-gs4` with the challenge, `-gs3` without), gamedig 5 beside
// gamequery/gamedig. No GameSpy 3 server is free to run here.
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
  rules: { hostname: 'gamequery BF2', gamename: 'battlefield2', gamever: '1.5.3153-802.0', mapname: 'Strike At Karkand', gametype: 'gpm_cq', numplayers: '3', maxplayers: '64', password: '0', hostport: '16567' },
  players: [
    { name: 'Deniko', score: '41', ping: '48', team: '1', deaths: '7', pid: '1001' },
    { name: 'Mr.Untrue', score: '23', ping: '62', team: '2', deaths: '9', pid: '1002' },
    { name: 'hekutooo', score: '5', ping: '80', team: '1', deaths: '11', pid: '1003' },
  ],
  teams: [{ name: 'MEC', score: '0' }, { name: 'US', score: '0' }],
};

async function served(s = state, options = {}) {
  const server = await addon.serve('gamespy3', s, { host: '127.0.0.1', port: 0, ...options });
  closers.push(() => server.close());
  return server;
}

const replies = () => fixtures('gamespy3').filter((v) => v.direction === 'response');
const byName = (part) => replies().find((v) => v.name.includes(part));

test('real replies through both packages, each datagram written back byte for byte', () => {
  for (const v of fixtures('gamespy3').filter((v) => v.direction === 'request')) {
    const [a, b] = [addon, wasm].map((pkg) => pkg.decodeRequest('gamespy3', hex(v.hex)));
    assert.deepStrictEqual(b, a, v.name);
    assert.deepEqual(a, v.expect, v.name);
  }
  for (const v of replies()) {
    for (const d of v.datagrams) {
      const [a, b] = [addon, wasm].map((pkg) => pkg.decodeResponse('gamespy3', hex(d)));
      assert.deepStrictEqual(b, a, v.name);
      // UT3's stray NULs between field blocks are not written back; the rest is.
      if (!v.name.includes('Ut3')) for (const pkg of [addon, wasm]) assert.equal(toHex(pkg.encodeResponse('gamespy3', a)), d, v.name);
    }
  }
  // BF2's first datagram: the keys, then the players' first blocks, the last cut short.
  const [first, second] = byName('Bf2/1').datagrams.map((d) => addon.decodeResponse('gamespy3', hex(d)));
  assert.deepEqual([first.packet, first.last, first.object, first.sections.length], [0, false, 0, 2]);
  assert.equal(first.sections[0].keys.hostname, 'SUPER@ - S1 Strike at Karkand Infantry Only');
  const cut = first.sections[1].fields.at(-1);
  assert.deepEqual([cut.name, cut.offset, cut.values.length, cut.values.at(-1), cut.open, first.sections[1].open], ['player_', 0, 25, ' hekut', true, true]);
  assert.deepEqual([second.object, second.sections[0].fields[0].name, second.sections[0].fields[0].offset, second.sections[0].fields[0].values[0]], [1, 'player_', 24, ' hekutooo']);
  // JC2-MP's layout, told from the bytes: a u16 count, name, Steam id, u16 ping.
  const jc = addon.decodeResponse('gamespy3', hex(byName('Justcause2/2').datagrams[0]));
  assert.deepEqual(jc.sections[1].players[0], { name: 'Moonman', steamid: 'STEAM_0:0:55435815', ping: 39 });
  assert.equal(jc.sections[1].players.length, 43);
});

test("FrameDecoder('gamespy3') joins a reply's datagrams, in any order, into one decodeResponse reads", () => {
  for (const pkg of [addon, wasm]) {
    const v = byName('Bf2/1');
    const frames = new pkg.FrameDecoder('gamespy3');
    const out = [2, 0, 0, 1].flatMap((i) => frames.push(hex(v.datagrams[i])));
    assert.equal(out.length, 1);
    const whole = pkg.decodeResponse('gamespy3', out[0]);
    assert.deepEqual([whole.packet, whole.last, whole.sections.length], [0, true, 3]);
    const names = whole.sections[1].fields.find((f) => f.name === 'player_');
    assert.deepEqual([names.offset, names.values.length, names.values[24]], [0, 54, ' hekutooo']);
    assert.deepEqual(whole.sections[2].fields.map((f) => f.values), [['MEC', 'US'], ['0', '0']]);
  }
});

/** A server answering the handshake with BF2's "0", then our query with `datagrams(v)`. */
async function playback(v, pick = (d) => d) {
  const parts = v.datagrams.map(hex);
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, from) => {
    const session = msg.subarray(3, 7);
    if (msg[2] === 9) return socket.send(Buffer.concat([Buffer.from([9]), session, Buffer.from('0\0')]), from.port, from.address);
    for (const d of pick(parts)) socket.send(Buffer.concat([Buffer.from([0]), session, d.subarray(5)]), from.port, from.address);
  });
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  return socket.address().port;
}

test('real servers replayed over UDP: in order, shuffled, by game id; one datagram dropped is a timeout', async () => {
  const bf2 = await playback(byName('Bf2/1'), (d) => [d[2], d[0], d[1]]);
  const s = await addon.query('battlefield2', `127.0.0.1:16567`, { queryPort: bf2, timeout: 2000 });
  assert.deepEqual([s.game.id, s.name, s.map, s.mode, s.players.online, s.players.max, s.players.list.length, s.raw.packets],
    ['battlefield2', 'SUPER@ - S1 Strike at Karkand Infantry Only', 'Strike At Karkand', 'gpm_cq', 54, 64, 54, 3]);
  assert.deepEqual(s.players.list[24], { name: 'hekutooo', score: 27, ping: 52 }, 'the value cut short is overwritten');
  assert.equal(s.raw.players[0].name, ' Deniko_pirliko_BiH', 'raw as sent; the list trims the blank clan tag');
  const ut3 = await playback(byName('Ut3/1'));
  const u = await addon.query('unrealtournament3', `127.0.0.1:${ut3 + 1277}`, { timeout: 2000 });
  assert.deepEqual([u.map, u.mode, u.players.list.map((p) => p.name)], ['DM-Campgrounds-U3-Fix', 'UTGame.UTDeathmatch', ['Sierra Vasquez']]);
  const jc = await playback(byName('Justcause2/2'));
  const j = await addon.query('jc2m', `127.0.0.1:${jc}`, { timeout: 2000 });
  assert.deepEqual([j.players.online, j.players.max, j.players.list[0], j.version], [43, 400, { name: 'Moonman', ping: 39 }, '948']);
  const dropped = await playback(byName('Bf2/3'), (d) => [d[0], d[2]]);
  const started = Date.now();
  await assert.rejects(addon.query('gamespy3', `127.0.0.1:${dropped}`, { timeout: 800, retries: 0 }), { code: 'GQ_TIMEOUT' });
  assert.ok(Date.now() - started < 1500);
});

test('our query reads our responder as it was given, with and without a challenge', async () => {
  for (const challenge of [true, false]) {
    const server = await served(state, { challenge });
    const s = await addon.query('gamespy3', `127.0.0.1:${server.port}`, { timeout: 2000 });
    assert.deepEqual([s.name, s.map, s.mode, s.version, s.password, s.players.online, s.players.max], ['gamequery BF2', 'Strike At Karkand', 'gpm_cq', '1.5.3153-802.0', false, 3, 64]);
    assert.deepEqual([s.raw.players, s.raw.teams, s.raw.rules], [state.players, state.teams, state.rules]);
  }
  // 150 players: several datagrams of at most 1,400 bytes.
  const many = { ...state, players: Array.from({ length: 150 }, (_, i) => ({ name: `player ${i}`, score: String(i), ping: '50', team: String(1 + (i % 2)) })) };
  const s = await addon.query('gamespy3', `127.0.0.1:${(await served(many)).port}`, { timeout: 2000 });
  assert.deepEqual([s.raw.players, s.raw.packets > 1], [many.players, true]);
});

test('qstat 2.17 reads our responder: -gs4 through the challenge, -gs3 where none is wanted', async () => {
  const withChallenge = await served();
  const without = await served(state, { challenge: false });
  for (const [type, port] of [['-gs4', withChallenge.port], ['-gs3', without.port]]) {
    const { stdout } = await promisify(execFile)(QSTAT, [type, `127.0.0.1:${port}`, '-P', '-R', '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
    const [head, rules, ...rows] = stdout.trim().split('\n').map((l) => l.split('\t'));
    assert.deepEqual(head.slice(2, 6), ['gamequery BF2', 'Strike At Karkand', '64', '3'], stdout);
    const rule = Object.fromEntries(rules.map((r) => r.split('=')));
    assert.deepEqual([rule.gametype, rule.team_t0, rule.team_t1], ['gpm_cq', 'MEC', 'US'], stdout);
    assert.deepEqual(rows.map((r) => [r[0], r[3]]).sort(), [['Deniko', 'MEC'], ['Mr.Untrue', 'US'], ['hekutooo', 'MEC']], stdout);
  }
});

test('gamedig 5 and gamequery/gamedig read our responder alike: gamespy3, ut3 and jc2mp', async () => {
  const server = await served();
  const ut3 = await served({ rules: { hostname: 'UT3 box', mapname: 'OwningPlayerId=1,s32779=1', p1073741825: 'DM-Deck', p1073741828: 'A\x1cB', s7: '0', numplayers: '1', maxplayers: '12' }, players: [{ name: 'Sierra', score: '3', ping: '96', deaths: '1', pid: '289' }], teams: [] });
  const jc = await served({ rules: { description: 'd', hostname: 'JC2 box', maxplayers: '500', numplayers: '1', password: '0', version: '0.9.4' }, players: [{ name: 'Rico', steamid: 'STEAM_0:1:2', ping: '42' }], teams: [] });
  for (const [type, port] of [['protocol-gamespy3', server.port], ['protocol-ut3', ut3.port], ['protocol-jc2mp', jc.port]]) {
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
  const header = (session, packet, object) => Buffer.concat([Buffer.from([0]), session, Buffer.from('splitnum\0'), Buffer.from([packet, object])]);
  const cases = [
    // A block pointing back: rows 0-2 of player_, then the next datagram rewrites row 0.
    [(s) => [Buffer.concat([header(s, 0, 0), Buffer.from('hostname\0x\0\0\x01player_\0\0a\0b\0c\0', 'latin1')]), Buffer.concat([header(s, 0x81, 1), Buffer.from('player_\0\0z\0\0\0', 'latin1')])], '0', 'GQ_MALFORMED', 'offset'],
    // A challenge that is no number.
    [() => [], 'abc', 'GQ_MALFORMED', 'token'],
    // A part number past 64.
    [(s) => [header(s, 70, 0)], '0', 'GQ_BAD_LENGTH', 'packet'],
  ];
  for (const [make, challenge, code, field] of cases) {
    const socket = dgram.createSocket('udp4');
    socket.on('message', (msg, from) => {
      const session = msg.subarray(3, 7);
      if (msg[2] === 9) return socket.send(Buffer.concat([Buffer.from([9]), session, Buffer.from(`${challenge}\0`)]), from.port, from.address);
      for (const d of make(session)) socket.send(d, from.port, from.address);
    });
    await new Promise((r) => socket.bind(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => socket.close(r)));
    const started = Date.now();
    await assert.rejects(addon.query('gamespy3', `127.0.0.1:${socket.address().port}`, { timeout: 1500 }), (e) => {
      assert.deepEqual([e.code, e.field], [code, field], e.message);
      return true;
    });
    assert.ok(Date.now() - started < 1000, 'a broken reply ends the query at once');
  }
});
