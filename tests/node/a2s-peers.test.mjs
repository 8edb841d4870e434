// Valve A2S interop with software nobody here wrote, over UDP on 127.0.0.1 only: each peer
// is a client that reads our responder (serve('a2s')), and must decode what was served.
//  - PyPI python-a2s 1.4.2 (module `a2s`, pip-installed into .cache/python), driven by
//    tests/peers/a2s_probe.py: a2s.info (Source `I` and GoldSrc `m`), a2s.players,
//    a2s.rules, including replies split into Source parts;
//  - npm gamedig 5.3.3 (devDependency), game type `counterstrike2` (protocol 'valve'),
//    givenPortOnly, requestRules: plain and bzip2-compressed split replies;
//  - Debian qstat 2.17 (/usr/bin/quakestat, type -a2s) with -P -R.
// python-a2s and qstat cannot read bzip2-compressed split replies at all (see those tests):
// that is asserted as their limitation, while our own client and gamedig read them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GameDig } from 'gamedig';
import { query, serve } from 'gamequery';
import { ensureSystem, QSTAT } from '../../scripts/ensure-system.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const PY_A2S = { pkg: 'python-a2s', version: '1.4.2' };
const pySite = `${root}.cache/python/${PY_A2S.pkg}-${PY_A2S.version}`;
const probe = `${root}tests/peers/a2s_probe.py`;
const GAMEDIG_VERSION = '5.3.3';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

before(() => {
  ensureSystem(); // qstat
  if (!existsSync(`${pySite}/a2s`)) {
    execFileSync('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', pySite,
      `${PY_A2S.pkg}==${PY_A2S.version}`], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
  }
  const gamedig = JSON.parse(readFileSync(`${root}node_modules/gamedig/package.json`, 'utf8'));
  assert.equal(gamedig.version, GAMEDIG_VERSION, 'the gamedig these tests were written against');
});

// ---- what we serve --------------------------------------------------------------------------

const INFO = {
  protocol: 17,
  name: 'Interop ✓ Süd #1',
  map: 'de_dust2',
  folder: 'csgo',
  game: 'Counter-Strike 2',
  appId: 730,
  players: 12,
  maxPlayers: 32,
  bots: 2,
  serverType: 'dedicated',
  environment: 'linux',
  password: true,
  vac: true,
  version: '1.40.5.3',
  gamePort: 27016,
  steamId: '90071992547409921', // above 2^53: must arrive exact
  sourceTv: { port: 27020, name: 'SourceTV' },
  keywords: 'empty,secure,competitive',
  gameId: '730',
};

/** 12 players (2 of them bots), distinct durations that f32 holds exactly. */
const FEW = Array.from({ length: 12 }, (_, i) => ({ index: i, name: `Player ${i}`, score: i * 3 - 5, duration: 100 * i + 0.25 }));
/** 150 players with long UTF-8 names: a players reply of several Source split parts. */
const MANY = Array.from({ length: 150 }, (_, i) => ({
  index: i % 256,
  name: `Spieler ${String(i).padStart(3, '0')} — ein ziemlich langer Name ✓`,
  score: (i % 7 === 1 ? -1 : 1) * i * 11, // never -0
  duration: i * 60 + 0.5,
}));
/** 60 rules, ~2.7 KB: a rules reply of two split parts. */
const RULES = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`sv_rule_${String(i).padStart(2, '0')}`, `value ${i}: ${'x'.repeat(i % 20)} ✓`]));

const utf8 = (s) => Buffer.byteLength(s, 'utf8');
/** Bytes of the whole (unsplit) replies, `FF FF FF FF` included, as Source lays them out. */
const playersReplyLength = (list) => 6 + list.reduce((n, p) => n + 1 + utf8(p.name) + 1 + 8, 0);
const rulesReplyLength = (rules) => 7 + Object.entries(rules).reduce((n, [k, v]) => n + utf8(k) + 1 + utf8(v) + 1, 0);

async function serveA2s(state, options = {}) {
  const server = await serve('a2s', state, { host: '127.0.0.1', port: 0, ...options });
  closers.push(() => server.close());
  return server;
}

/** python-a2s 1.4.2 in a subprocess: `kinds` from info, players, rules. */
async function pyA2s(port, kinds) {
  const { stdout } = await run('python3', [probe, '127.0.0.1', String(port), kinds.join(','), '3'], {
    env: { ...process.env, PYTHONPATH: pySite }, timeout: 30_000, maxBuffer: 16 << 20,
  });
  return JSON.parse(stdout);
}

// ---- PyPI python-a2s 1.4.2 ------------------------------------------------------------------

test('python-a2s 1.4.2 a2s.info / a2s.players / a2s.rules read our responder: every Source info field, EDF included', { timeout: 60_000 }, async () => {
  const server = await serveA2s({ info: INFO, players: FEW, rules: { mp_friendlyfire: '1', sv_tags: 'ünïcödé ✓' } });
  const r = await pyA2s(server.port, ['info', 'players', 'rules']);
  const { ping, ...info } = r.info;
  assert.ok(typeof ping === 'number' && ping >= 0 && ping < 3, `ping ${ping}`);
  assert.deepEqual(info, {
    protocol: 17,
    server_name: INFO.name,
    map_name: 'de_dust2',
    folder: 'csgo',
    game: 'Counter-Strike 2',
    app_id: 730,
    player_count: 12,
    max_players: 32,
    bot_count: 2,
    server_type: 'd',
    platform: 'l',
    password_protected: true,
    vac_enabled: true,
    version: '1.40.5.3',
    edf: 0x80 | 0x40 | 0x20 | 0x10 | 0x01,
    port: 27016,
    steam_id: '90071992547409921',
    stv_port: 27020,
    stv_name: 'SourceTV',
    keywords: 'empty,secure,competitive',
    game_id: '730',
  });
  assert.deepEqual(r.players, FEW);
  assert.deepEqual(r.rules, { mp_friendlyfire: '1', sv_tags: 'ünïcödé ✓' });
});

test('python-a2s 1.4.2 a2s.info reads the other letters, an app id only the game id holds, no EDF, and GoldSrc\'s `m` reply', { timeout: 60_000 }, async () => {
  // Rust's app id 252490 does not fit the u16: we send 0 there and the id in the game id.
  const rust = await serveA2s({ info: { name: 'Rust EU', map: 'Procedural Map', folder: 'rust', game: 'Rust', appId: 252490, players: 0, maxPlayers: 200, bots: 0, serverType: 'proxy', environment: 'mac', password: false, vac: false, version: '2590', gameId: '252490' } });
  let { info: { ping, ...info } } = await pyA2s(rust.port, ['info']);
  assert.deepEqual(
    { app_id: info.app_id, game_id: info.game_id, edf: info.edf, server_type: info.server_type, platform: info.platform, vac: info.vac_enabled, password: info.password_protected },
    { app_id: 0, game_id: '252490', edf: 0x01, server_type: 'p', platform: 'm', vac: false, password: false });
  const plain = await serveA2s({ info: { name: 'Old', map: 'cp_well', folder: 'tf', game: 'Team Fortress', appId: 440, players: 3, maxPlayers: 24, bots: 1, serverType: 'listen', environment: 'windows', password: false, vac: true, version: '1.0.0.0' } });
  ({ info: { ping, ...info } } = await pyA2s(plain.port, ['info']));
  assert.deepEqual([info.server_type, info.platform, info.edf, info.port, info.steam_id, info.keywords, info.game_id],
    ['l', 'w', 0, null, null, null, null], 'no EDF byte at all: python-a2s reads 0');

  const gold = await serveA2s({
    goldSrc: {
      address: '127.0.0.1:27015', name: 'HLDS ✓', map: 'crossfire', folder: 'valve', game: 'Half-Life', players: 5, maxPlayers: 16, protocol: 47,
      serverType: 'dedicated', environment: 'linux', password: false, vac: true, bots: 1,
      mod: { link: 'http://example.org', download: 'http://example.org/dl', version: 1, size: 184000000, multiplayerOnly: true, ownDll: false },
    },
  });
  // python-a2s 1.4.2 decodes the mod block right but builds its GoldSrcInfo dataclass
  // positionally with `ping` out of place (info.py passes bot_count, mod_website, …,
  // uses_custom_dll, ping where the fields run bot_count, ping, mod_website, …): every
  // value from the mod block on lands one field late. Its bug, not our bytes: the values
  // in the order it read them are exactly ours.
  ({ info } = await pyA2s(gold.port, ['info']));
  const { ping: modWebsite, mod_website: modDownload, mod_download: modVersion, mod_version: modSize, mod_size: multiplayerOnly,
    multiplayer_only: ownDll, uses_custom_dll: realPing, ...head } = info;
  assert.ok(typeof realPing === 'number' && realPing >= 0 && realPing < 3, `ping ${realPing}`);
  assert.deepEqual(head, {
    address: '127.0.0.1:27015', server_name: 'HLDS ✓', map_name: 'crossfire', folder: 'valve', game: 'Half-Life', player_count: 5, max_players: 16,
    protocol: 47, server_type: 'D', platform: 'L', password_protected: false, is_mod: true, vac_enabled: true, bot_count: 1,
  });
  assert.deepEqual([modWebsite, modDownload, modVersion, modSize, multiplayerOnly, ownDll],
    ['http://example.org', 'http://example.org/dl', 1, 184000000, true, false]);
});

test('python-a2s 1.4.2 joins our split replies: 150 players with long names, 60 rules (> 1400 bytes each)', { timeout: 60_000 }, async () => {
  assert.ok(playersReplyLength(MANY) > 5 * 1400, `${playersReplyLength(MANY)} bytes: several parts`);
  assert.ok(rulesReplyLength(RULES) > 1400, `${rulesReplyLength(RULES)} bytes: split`);
  const server = await serveA2s({ info: INFO, players: MANY, rules: RULES });
  const r = await pyA2s(server.port, ['players', 'rules']);
  assert.equal(r.players.length, 150);
  assert.deepEqual(r.players, MANY);
  assert.deepEqual(r.rules, RULES);
  // Our own client reads the same server.
  const s = await query('a2s', `127.0.0.1:${server.port}`, { timeout: 3000, rules: true });
  assert.deepEqual(s.raw.players, MANY);
  assert.deepEqual(s.raw.rules, RULES);
});

test('python-a2s 1.4.2 cannot read a bzip2-compressed split reply (its limitation): it takes our size field for the reply type', { timeout: 60_000 }, async () => {
  // The format: the split answer id's bit 31 says "compressed", and the JOINED payload is
  // i32 decompressed size · u32 CRC32 · one bzip2 stream. python-a2s 1.4.2 instead reads
  // bit 15 of the id (a2s_fragment.py: `message_id & (1 << 15)`) and would bz2-decompress
  // each fragment on its own. Our ids keep bit 15 clear, so it takes the parts as plain,
  // joins them, and reads the first byte of the size field as the reply type:
  // BrokenMessageError "Invalid response type: 0x..". It can never read a compressed
  // reply (Valve's or ours); the single-packet info still reads fine.
  const server = await serveA2s({ info: INFO, players: MANY, rules: RULES }, { compress: true });
  const playersLow = playersReplyLength(MANY) & 0xff;
  const rulesLow = rulesReplyLength(RULES) & 0xff;
  for (const low of [playersLow, rulesLow]) {
    assert.ok(![0x41, 0x44, 0x45].includes(low), 'the size\'s low byte is not a reply type python-a2s would act on');
  }
  const r = await pyA2s(server.port, ['info', 'players', 'rules']);
  assert.equal(r.info.server_name, INFO.name, 'the info fits one datagram: not compressed');
  assert.deepEqual(r.players, { error: 'BrokenMessageError', message: `Invalid response type: 0x${playersLow.toString(16)}` });
  assert.deepEqual(r.rules, { error: 'BrokenMessageError', message: `Invalid response type: 0x${rulesLow.toString(16)}` });
  // Our client reads the compressed replies whole.
  const s = await query('a2s', `127.0.0.1:${server.port}`, { timeout: 3000, rules: true });
  assert.deepEqual(s.raw.players, MANY);
  assert.deepEqual(s.raw.rules, RULES);
});

// ---- npm gamedig 5.3.3 ----------------------------------------------------------------------

const gamedig = (port) => GameDig.query({
  type: 'counterstrike2', host: '127.0.0.1', port, givenPortOnly: true, requestRules: true, maxRetries: 1, socketTimeout: 3000, attemptTimeout: 10_000,
});

test('gamedig 5.3.3 (counterstrike2, protocol valve) reads our responder: name, map, counts, bots, EDF, players, rules', { timeout: 30_000 }, async () => {
  // appId 730 makes gamedig drop a player named "Max Players" (CS:GO's placeholder).
  const players = [...FEW, { index: 0, name: 'Max Players', score: 0, duration: 0 }];
  const server = await serveA2s({ info: INFO, players, rules: { mp_friendlyfire: '1', sv_tags: 'ünïcödé ✓' } });
  const r = await gamedig(server.port);
  assert.equal(r.name, INFO.name);
  assert.equal(r.map, 'de_dust2');
  assert.equal(r.password, true);
  assert.equal(r.version, '1.40.5.3');
  assert.equal(r.numplayers, 12);
  assert.equal(r.maxplayers, 32);
  assert.equal(r.queryPort, server.port);
  assert.equal(r.connect, '127.0.0.1:27016', 'the EDF game port');
  const { players: rawPlayers, rulesBytes, ...raw } = r.raw;
  assert.deepEqual(raw, {
    protocol: 17, folder: 'csgo', game: 'Counter-Strike 2', appId: 730, numbots: 2, listentype: 'd', environment: 'l', secure: 1,
    steamid: '90071992547409921', sourcetvport: 27020, sourcetvname: 'SourceTV', tags: ['empty', 'secure', 'competitive'],
    rules: { mp_friendlyfire: '1', sv_tags: 'ünïcödé ✓' },
  });
  assert.deepEqual(rawPlayers, FEW.map((p) => ({ name: p.name, score: p.score, time: p.duration })));
  assert.equal(rulesBytes.length, rulesReplyLength({ mp_friendlyfire: '1', sv_tags: 'ünïcödé ✓' }) - 5);
  // gamedig counts the `numbots` longest-connected as bots.
  const view = (p) => [p.name, p.raw.score, p.raw.time];
  assert.deepEqual(Array.from(r.bots, view), [FEW[11], FEW[10]].map((p) => [p.name, p.score, p.duration]));
  assert.deepEqual(Array.from(r.players, view), FEW.slice(0, 10).reverse().map((p) => [p.name, p.score, p.duration]));
});

test('gamedig 5.3.3 joins our split replies, plain and bzip2-compressed (id bit 31): 150 players, 60 rules', { timeout: 30_000 }, async () => {
  for (const compress of [false, true]) {
    const server = await serveA2s({ info: { ...INFO, players: 150, bots: 0, maxPlayers: 200 }, players: MANY, rules: RULES }, { compress });
    const r = await gamedig(server.port);
    assert.equal(r.name, INFO.name, `compress ${compress}`);
    assert.deepEqual([r.numplayers, r.maxplayers, r.bots.length], [150, 200, 0]);
    assert.deepEqual(r.raw.players, MANY.map((p) => ({ name: p.name, score: p.score, time: p.duration })), `compress ${compress}`);
    assert.deepEqual(r.raw.rules, RULES, `compress ${compress}`);
    assert.equal(r.players.length, 150);
  }
});

// ---- Debian qstat 2.17 (quakestat -a2s) -----------------------------------------------------

/** quakestat -a2s -P -R with -raw TAB; -nnx: the bytes as sent (UTF-8 here). */
async function qstat(port) {
  const { stdout } = await run(QSTAT, ['-timeout', '5', '-retry', '2', '-nnx', '-raw', '\t', '-P', '-R', '-a2s', `127.0.0.1:${port}`],
    { encoding: 'utf8', timeout: 20_000 });
  const [serverLine, rulesLine, ...playerLines] = stdout.split('\n').filter((l) => l.length > 0);
  const [type, address, name, map, max, online, ping, retries] = serverLine.split('\t');
  return {
    server: { type, address, name, map, max, online },
    numbers: { ping, retries },
    rules: Object.fromEntries(rulesLine.split('\t').map((kv) => kv.split(/=(.*)/s, 2))),
    players: playerLines.map((l) => l.split('\t')),
  };
}

/** What qstat 2.17 makes of INFO: its own rule names for the info fields. */
const INFO_RULES = {
  protocol: '11', // hex
  gamedir: 'csgo',
  gamename: 'Counter-Strike 2',
  bots: '2',
  dedicated: '1',
  sv_os: 'linux',
  password: '1',
  secure: '1',
  version: '1.40.5.3',
  game_port: '27016',
  hostport: '27016',
  spectator_port: '27020',
  spectator_server_name: 'SourceTV',
  game_tags: 'empty,secure,competitive',
};

test('qstat 2.17 (Debian, quakestat -a2s -P -R) reads our responder: name, map, counts, info and 60 rules, 150 players (split)', { timeout: 30_000 }, async () => {
  const version = spawnSync(QSTAT, ['-v'], { encoding: 'utf8' }); // prints "2.17", exits 1
  assert.equal(version.stdout.trim(), '2.17');
  const server = await serveA2s({ info: { ...INFO, players: 150, bots: 2, maxPlayers: 200 }, players: MANY, rules: RULES });
  const q = await qstat(server.port);
  // qstat counts bots among the players (the reply's count, as sent).
  assert.deepEqual(q.server, { type: 'A2S', address: `127.0.0.1:${server.port}`, name: INFO.name, map: 'de_dust2', max: '200', online: '150' });
  assert.deepEqual(q.rules, { ...INFO_RULES, ...RULES });
  // One line per player, most recently added first: name, score, whole seconds connected.
  assert.deepEqual(q.players, MANY.map((p) => [p.name, String(p.score), String(Math.trunc(p.duration))]).reverse());
});

test('qstat 2.17 cannot read bzip2-compressed split replies (its limitation): the info only, no rules, no players', { timeout: 30_000 }, async () => {
  // qstat's a2s.c joins split parts but has no bzip2 path: the joined payload starts with
  // the size field, not FF FF FF FF, and it drops the reply (no line on stdout for it).
  const server = await serveA2s({ info: { ...INFO, players: 150, bots: 2, maxPlayers: 200 }, players: MANY, rules: RULES }, { compress: true });
  const q = await qstat(server.port);
  assert.deepEqual(q.server, { type: 'A2S', address: `127.0.0.1:${server.port}`, name: INFO.name, map: 'de_dust2', max: '200', online: '150' });
  assert.deepEqual(q.rules, INFO_RULES, 'only the rules qstat derives from the (single-packet) info');
  assert.deepEqual(q.players, []);
});
