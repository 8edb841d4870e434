// id Tech 4 (Doom 3, Quake 4, ET:QW, Prey, Wolfenstein) through both packages: real
// servers' replies from GameQ's tests (tests/fixtures/doom3.json) decoded, written back byte
// for byte and played back over UDP to our query; our query against our responder in every
// game's layout; and software nobody here wrote reading our responders — qstat 2.17 in all
// five layouts, gamedig 5 beside gamequery/gamedig in the three it reads. No id Tech 4
// server is free to run here: Debian's dhewm3 needs Doom 3's own data.
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

const DIALECTS = ['doom3', 'quake4', 'etqw', 'prey', 'wolfenstein'];
const state = {
  info: { si_name: '^1gamequery ^7Arena', si_map: 'maps/valley.entities', si_maxPlayers: '24', si_version: 'gq 1.0', si_usepass: '1', fs_game: 'base' },
  players: [
    { name: '^2Marine', ping: 48, rate: 16000, clan: '^1GQ', bot: false, xp: 1520.5, team: 'gdf', kills: 7, deaths: 2 },
    { name: 'Bot', ping: 0, rate: 0, clan: '', bot: true, xp: 0, team: 'strogg', kills: 0, deaths: 5 },
  ],
};

async function served(dialect, s = state) {
  const server = await addon.serve('doom3', s, { host: '127.0.0.1', port: 0, dialect });
  closers.push(() => server.close());
  return server;
}

test('real replies through both packages, written back byte for byte', () => {
  let replies = 0;
  for (const v of fixtures('doom3')) {
    const kind = v.direction === 'request' ? 'Request' : 'Response';
    const [a, b] = [addon, wasm].map((pkg) => pkg[`decode${kind}`]('doom3', hex(v.hex)));
    assert.deepStrictEqual(b, a, v.name);
    if (kind === 'Request') {
      assert.deepEqual([a.command, a.challenge], [v.expect.command, v.expect.challenge], v.name);
      continue;
    }
    replies++;
    assert.deepEqual([a.dialect, a.protocol, a.players.length, a.info.si_name], [v.expect.dialect, v.expect.protocol, v.expect.players, v.expect.si_name], v.name);
    for (const pkg of [addon, wasm]) assert.equal(toHex(pkg.encodeResponse('doom3', a)), v.hex, v.name);
  }
  assert.equal(replies, 7);
});

/** A server that answers every request with `bytes`, its challenge made the request's. */
async function playback(bytes, echoAt) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, from) => {
    const reply = Buffer.from(bytes);
    if (echoAt !== null) msg.copy(reply, echoAt, msg.length - 4);
    socket.send(reply, from.port, from.address);
  });
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  return socket.address().port;
}

test('real Quake 4 and ET:QW servers replayed over UDP: our query reads them', async () => {
  const byName = (part) => fixtures('doom3').find((v) => v.name.includes(part));
  // Quake 4: the challenge follows `infoResponse\0`; names in Latin-1 with Raven's codes.
  const q4 = byName('Quake4/1');
  const q4port = await playback(hex(q4.hex), 2 + 'infoResponse'.length + 1);
  const a = await addon.query('quake4', `127.0.0.1:${q4port}`, { timeout: 2000 });
  assert.deepEqual([a.name, a.map, a.mode, a.players.online, a.players.max], ['Funhouse Test Try It --- Mikey Likes it', 'mp/q4dm10', 'DM', 7, 12]);
  assert.deepEqual(a.players.list.slice(0, 3).map((p) => [p.name, p.ping]), [['spaniard', 123], ['Ça§hew', 37], ['Joker :)', 26]]);
  assert.equal(a.raw.players[1].clan, '^c014-^c345=^Iw05^7NUTS^Iw05^c345=^c014-');
  assert.equal(a.raw.encoding, 'windows-1252');
  assert.equal(a.raw.name.html, '<span style="color:#ffff00">Funhouse Test </span><span style="color:#ff0000">Try It --- </span><span style="color:#00ff00">Mikey Likes it</span>');
  // ET:QW: its frame carries no echo of ours; asked getInfoEx, its players' figures come.
  const et = byName('Etqw/1');
  const etport = await playback(hex(et.hex), null);
  const e = await addon.query('doom3', `127.0.0.1:${etport}`, { dialect: 'etqw', timeout: 2000 });
  assert.deepEqual([e.name, e.map, e.mode, e.players.online, e.players.max, e.players.bots], ['<{BBA}> #1 No Reset XP SAVER', 'island', 'sdGameRulesCampaign', 16, 24, 0]);
  assert.deepEqual(e.raw.players[15], { id: 15, name: 'regul', ping: 109, clan: '^0OCB ^0', clanPosition: 0, bot: false, xp: 38949.07, team: 'gdf', kills: 0, deaths: 0 });
  assert.deepEqual(e.raw.server, { ranked: false, timeLeft: 338436, gameState: 2, serverType: 0, interestedClients: 1 });
});

test('our query reads our responder in every layout, named and told from the reply', async () => {
  for (const dialect of DIALECTS) {
    const server = await served(dialect);
    for (const options of [{ dialect }, {}]) {
      const s = await addon.query('doom3', `127.0.0.1:${server.port}`, { ...options, timeout: 2000 });
      assert.equal(s.raw.dialect, dialect, `${dialect} ${JSON.stringify(options)}`);
      assert.deepEqual([s.name, s.map, s.version, s.password, s.players.online, s.players.max], ['gamequery Arena', 'valley', 'gq 1.0', true, 2, 24]);
      assert.deepEqual(s.players.list.map((p) => [p.name, p.ping]), [['Marine', 48], ['Bot', 0]]);
      assert.equal(s.raw.players[0].name, '^2Marine', 'raw keeps the codes');
      // Only ET:QW and Wolfenstein flag bots; only ET:QW's getInfoEx brings figures.
      assert.equal(s.players.bots, ['etqw', 'wolfenstein'].includes(dialect) ? 1 : null, dialect);
      assert.equal(s.raw.players[0].kills, dialect === 'etqw' && options.dialect ? 7 : undefined, dialect);
    }
  }
  // By game id: the game's layout and query port.
  const q4 = await served('quake4');
  const g = await addon.query('quake4', `127.0.0.1:${q4.port}`, { timeout: 2000 });
  assert.deepEqual([g.game.id, g.raw.dialect, g.raw.players[0].clan], ['quake4', 'quake4', '^1GQ']);
});

test('another game of the family answering: what answered and what to ask, not a layout error (#48, 17)', async () => {
  const doom3 = await served('doom3');
  const e = await addon.query('quake4', `127.0.0.1:${doom3.port}`, { queryPort: doom3.port, timeout: 2000 }).catch((err) => err);
  assert.equal(e.code, 'GQ_WRONG_PROTOCOL', e.message);
  assert.match(e.message, /a doom3 server answered \(protocol 1\.41\), whose reply is not quake4's layout: query it as 'doom3'$/);
  const asked = await addon.query('doom3', `127.0.0.1:${doom3.port}`, { dialect: 'quake4', timeout: 2000 }).catch((err) => err);
  assert.equal(asked.code, 'GQ_WRONG_PROTOCOL');
});

test('qstat 2.17 reads our responder in all five layouts, players included', async () => {
  const flags = { doom3: '-dm3s', quake4: '-q4s', etqw: '-etqws', prey: '-preys', wolfenstein: '-wolfs' };
  for (const dialect of DIALECTS) {
    const server = await served(dialect);
    const { stdout } = await promisify(execFile)(QSTAT, [flags[dialect], `127.0.0.1:${server.port}`, '-P', '-R', '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
    const [head, rules, ...rows] = stdout.trim().split('\n').map((l) => l.split('\t'));
    // qstat strips `maps/` and `.entities` for ET:QW and Wolfenstein only.
    const map = ['etqw', 'wolfenstein'].includes(dialect) ? 'valley' : 'maps/valley.entities';
    assert.deepEqual(head.slice(2, 6), ['gamequery Arena', map, '24', '2'], `${dialect}: ${stdout}`);
    const rule = Object.fromEntries(rules.map((r) => r.split('=')));
    const s = await addon.query('doom3', `127.0.0.1:${server.port}`, { dialect, timeout: 2000 });
    assert.equal(rule.protocol, s.raw.protocol, dialect);
    assert.equal(rule.si_name, '^1gamequery ^7Arena', dialect);
    // name, score, ping, then the clan where the game has one.
    const theirs = rows.map((r) => [r[0], Number(r[2])]).sort();
    assert.deepEqual(theirs, [['Bot', 0], ['Marine', 48]], dialect);
    if (dialect !== 'doom3' && dialect !== 'prey') assert.ok(rows.some((r) => r[3] === '^1GQ'), `${dialect}: ${stdout}`);
  }
});

test('gamedig 5 and gamequery/gamedig read our Doom 3, Quake 4 and Prey responders alike', async () => {
  for (const dialect of ['doom3', 'quake4', 'prey']) {
    const server = await served(dialect);
    const options = { type: dialect, host: '127.0.0.1', port: server.port, socketTimeout: 1000, attemptTimeout: 3000 };
    const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
    for (const key of ['name', 'map', 'password', 'version', 'maxplayers', 'numplayers', 'queryPort', 'connect']) {
      assert.deepEqual(ours[key], theirs[key], `${dialect}: ${key}`);
    }
    assert.deepEqual(ours.raw, theirs.raw, `${dialect}: every setting, colour codes stripped as gamedig strips them`);
    assert.deepEqual(ours.players, JSON.parse(JSON.stringify(theirs.players)), dialect);
    assert.deepEqual(ours.bots, JSON.parse(JSON.stringify(theirs.bots)), dialect);
  }
});

test('hostile replies end within the deadline in a typed error naming the field', async () => {
  const head = Buffer.concat([Buffer.from('\xff\xffinfoResponse\0', 'latin1'), Buffer.alloc(4), Buffer.from([0x29, 0, 1, 0])]);
  const pairs = Buffer.from(Array.from({ length: 6000 }, (_, i) => `k${i}\0v\0`).join(''));
  const cases = [
    // 6,000 settings (past the 4,096 a 16 KiB message can hold), then the list's end.
    [Buffer.concat([head, pairs, Buffer.from([0, 0, 32])]), 'GQ_BAD_LENGTH', 'settings'],
    // A client's name that never ends.
    [Buffer.concat([head, Buffer.from([0, 0, 0, 40, 0, 0, 64, 0, 0]), Buffer.alloc(3000, 0x41)]), 'GQ_TRUNCATED', 'client name'],
  ];
  for (const [bytes, code, field] of cases) {
    const port = await playback(bytes, 2 + 'infoResponse'.length + 1);
    const started = Date.now();
    await assert.rejects(addon.query('doom3', `127.0.0.1:${port}`, { timeout: 1500 }), (e) => {
      assert.deepEqual([e.code, e.field], [code, field], e.message);
      return true;
    });
    assert.ok(Date.now() - started < 1500, 'a broken reply ends the query at once');
  }
});
