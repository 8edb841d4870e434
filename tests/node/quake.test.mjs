// The Quake family (quake3, quake2, quakeworld) through both packages: peers' requests and
// real servers' replies (tests/fixtures/quake*.json) decoded alike and written back, our
// client against our responder over UDP on 127.0.0.1 and ::1, the CLI, and hostile
// servers ending in a typed error within the deadline (both engines: `npm test` runs this
// suite with GAMEQUERY_ENGINE=wasm too).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fixtures, hex, toHex, fakeServer, failure } from './helpers.mjs';

const both = [['addon', addon], ['wasm', wasm]];
const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const cli = new URL('../../npm/gamequery/cli.js', import.meta.url).pathname;
const OOB = Buffer.from([0xff, 0xff, 0xff, 0xff]);

const state = {
  info: { sv_hostname: '^1Café ^7Arena', mapname: 'q3dm17', sv_maxclients: '16', g_needpass: '1', version: 'ioq3 1.36', map: 'q3dm17' },
  players: [
    { name: '^2Sarge', score: 12, ping: 48 },
    { name: 'Visor', score: -1, ping: 25, team: '1' },
  ],
};

test('golden vectors of each dialect through both packages, written back byte for byte', () => {
  for (const protocol of ['quake3', 'quake2', 'quakeworld']) {
    for (const v of fixtures(protocol)) {
      const bytes = hex(v.hex);
      const kind = v.direction === 'request' ? 'Request' : 'Response';
      const [a, b] = both.map(([, pkg]) => pkg[`decode${kind}`](protocol, bytes));
      assert.deepStrictEqual(b, a, v.name);
      if (v.direction === 'request') assert.equal(a.command, v.expect.command, v.name);
      else assert.equal(a.players.length, v.expect.players, v.name);
      // Requests are written ended by `\n`, as qstat and ioquake3's tools send them (gamedig's NUL too is read).
      const written = v.direction === 'request' && !v.hex.endsWith('0a') ? v.hex.replace(/00$/, '0a') : v.hex;
      for (const [, pkg] of both) assert.equal(toHex(pkg[`encode${kind}`](protocol, a)), written, v.name);
    }
  }
});

test("decodeResponse with render: names and hostnames in every rendering; QuakeWorld's high-bit glyphs as its charset draws them (#48, 20)", () => {
  const q3 = Buffer.concat([OOB, Buffer.from('statusResponse\n\\sv_hostname\\^1Red ^7Server\n0 50 "^0x2^4|^7Loreman"\n')]);
  // QuakeWorld's "supreme allah" with "allah" in the second glyph set (bytes | 0x80).
  const qw = Buffer.concat([OOB, Buffer.from('n\\hostname\\QW\n3 10 600 25 "supreme '), Buffer.from([0xe1, 0xec, 0xec, 0xe1, 0xe8]), Buffer.from('" "base" 4 4\n\0')]);
  for (const [label, pkg] of both) {
    // Asked for: four more strings a name, which a decode that only reads does not pay for.
    assert.deepEqual(Object.keys(pkg.decodeResponse('quake3', q3)), ['kind', 'info', 'players', 'encoding'], label);
    const a = pkg.decodeResponse('quake3', q3, { render: true });
    assert.deepEqual(a.name, {
      raw: '^1Red ^7Server',
      plain: 'Red Server',
      ansi: '\x1b[91mRed \x1b[0m\x1b[97mServer\x1b[0m',
      html: '<span style="color:#ff0000">Red </span><span style="color:#ffffff">Server</span>',
    }, label);
    assert.equal(a.players[0].name, '^0x2^4|^7Loreman', `${label}: players keep the text as sent`);
    assert.equal(a.names[0].plain, 'x2|Loreman', label);
    const w = pkg.decodeResponse('quakeworld', qw, { render: true });
    assert.equal(w.players[0].name, 'supreme áììáè', `${label}: the bytes one to one, as they write back`);
    assert.deepEqual([w.names[0].plain, w.names[0].html], ['supreme allah', 'supreme <span style="color:#c08040">allah</span>'], label);
    // Read only: the decoded reply writes back as it came.
    assert.equal(toHex(pkg.encodeResponse('quakeworld', w)), toHex(qw), label);
  }
});

test('each dialect: our client reads our responder on 127.0.0.1 and ::1', async () => {
  for (const protocol of ['quake3', 'quake2', 'quakeworld']) {
    for (const host of ['127.0.0.1', '::1']) {
      const server = await addon.serve(protocol, state, { host, port: 0 });
      closers.push(() => server.close());
      const target = host.includes(':') ? `[${host}]:${server.port}` : `${host}:${server.port}`;
      const s = await addon.query(protocol, target, { timeout: 2000 });
      assert.equal(s.protocol, protocol);
      assert.equal(s.name, protocol === 'quake3' ? 'Café Arena' : '^1Café ^7Arena', 'colour codes are Quake 3\'s');
      assert.deepEqual([s.map, s.password, s.players.online, s.players.max], ['q3dm17', true, 2, 16]);
      assert.deepEqual(s.players.list.map((p) => [p.name, p.score, p.ping]), [[protocol === 'quake3' ? 'Sarge' : '^2Sarge', 12, 48], ['Visor', -1, 25]]);
      assert.equal(s.raw.players[0].name, '^2Sarge', 'raw keeps the codes');
      assert.equal(s.raw.encoding, 'utf-8');
    }
  }
});

test("quake3's getinfo: a count and the bots, no list", async () => {
  const server = await addon.serve('quake3', { ...state, info: { ...state.info, g_humanplayers: '1' } }, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const s = await addon.query('quake3', `127.0.0.1:${server.port}`, { request: 'info', timeout: 2000 });
  assert.deepEqual([s.name, s.players.online, s.players.max, s.players.list.length, s.players.partial], ['Café Arena', 2, 16, 0, true]);
  const bad = await addon.query('quake2', `127.0.0.1:${server.port}`, { request: 'info' }).catch((e) => e);
  assert.equal(bad.code, 'GQ_INVALID_ARGUMENT');
  assert.match(bad.message, /request/);
});

test('the CLI queries a game by id and by protocol', async () => {
  const server = await addon.serve('quake3', state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const { stdout } = await promisify(execFile)('node', [cli, 'quake3', `127.0.0.1:${server.port}`, '--json'], { timeout: 20_000 });
  const s = JSON.parse(stdout);
  assert.equal(s.name, 'Café Arena');
  const game = await promisify(execFile)('node', [cli, 'openarena', `127.0.0.1:${server.port}`, '--json'], { timeout: 20_000 });
  assert.equal(JSON.parse(game.stdout).game.id, 'openarena');
});

test('hostile servers: too many pairs or player lines, a broken line, silence — typed errors within the deadline', async () => {
  const replies = {
    pairs: Buffer.concat([OOB, Buffer.from('statusResponse\n' + '\\k\\v'.repeat(5000) + '\n')]),
    lines: Buffer.concat([OOB, Buffer.from('statusResponse\n\\a\\1\n' + '0 0 "x"\n'.repeat(6000))]),
    broken: Buffer.concat([OOB, Buffer.from('statusResponse\n\\a\\1\n0 zero "x"\n')]),
  };
  const expect = { pairs: ['GQ_BAD_LENGTH', 'infostring'], lines: ['GQ_BAD_LENGTH', 'players'], broken: ['GQ_MALFORMED', 'player ping'] };
  for (const [name, reply] of Object.entries(replies)) {
    const server = await fakeServer((msg, rinfo, socket) => socket.send(reply, rinfo.port, rinfo.address));
    closers.push(server.close);
    const { e, took } = await failure(() => addon.query('quake3', `127.0.0.1:${server.port}`, { timeout: 1500 }));
    assert.deepEqual([e.code, e.field], expect[name], name);
    assert.ok(took < 1500, `${name}: at once, not at the deadline (${took} ms)`);
  }
  const silent = await fakeServer(() => {});
  closers.push(silent.close);
  const { e, took } = await failure(() => addon.query('quake3', `127.0.0.1:${silent.port}`, { timeout: 600, retries: 1 }));
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.ok(took < 600 * 1.1 + 50, `within the deadline (${took} ms)`);
});

test('describeStatus: the settings as sent, and the players with scores, pings and Warsow teams', async () => {
  const server = await addon.serve('quake3', state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const s = await addon.query('quake3', `127.0.0.1:${server.port}`, { timeout: 2000 });
  const d = addon.describeStatus(s);
  const field = (label) => d.fields.find(([k]) => k === label)?.[1];
  assert.deepEqual([field('name'), field('players'), field('password'), field('encoding')], ['Café Arena', '2/16', 'yes', 'utf-8']);
  const settings = d.sections.find((x) => x.title === 'settings');
  assert.deepEqual(settings.fields.map(([k, v]) => [k.trim(), v]), Object.entries(state.info));
  const players = d.sections.find((x) => x.title.startsWith('players'));
  assert.deepEqual(players.headers, ['name', 'score', 'ping', 'team']);
  assert.deepEqual(players.rows, [['Sarge', 12, 48, null], ['Visor', -1, 25, '1']]);
});

test("Quake 3's game type by name where the game numbers them as ioquake3 does; a mod's number as sent (#48, 18)", async () => {
  const sample = addon.sampleState('quake3');
  const modeOf = async (info) => {
    const server = await addon.serve('quake3', { ...sample, info: { ...sample.info, ...info } }, { host: '127.0.0.1', port: 0 });
    closers.push(() => server.close());
    return (await addon.query('quake3', `127.0.0.1:${server.port}`, { timeout: 2000 })).mode;
  };
  assert.equal(await modeOf({ gamename: 'baseq3', g_gametype: '0' }), 'Free For All');
  assert.equal(await modeOf({ gamename: 'baseq3', g_gametype: '4' }), 'Capture the Flag');
  assert.equal(await modeOf({ gamename: 'baseoa', g_gametype: '12' }), 'Domination');
  assert.equal(await modeOf({ gamename: 'q3ut4', g_gametype: '4' }), '4');
});
