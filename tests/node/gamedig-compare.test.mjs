// gamequery/gamedig against gamedig 5 itself (#30, point 4): both read the same local
// responders — every supported game id, each responder where that game's port rule puts
// its query (the game port given, the query port derived) — and real captured A2S
// replies played back (GameQ's test captures, tests/fixtures/a2s.json). Every field is
// equal, or differs as README.md's "Migrating from gamedig" table says (DELIBERATE).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { createRequire } from 'node:module';
import { GameDig as Theirs, games as gamedigGames } from 'gamedig';
import { GameDig, games } from 'gamequery/gamedig';
import { query, serve, sampleState, games as ourGames } from 'gamequery';
import { fixtures, hex, sdtdConsole, SDTD_OUTPUTS, placeGame, responder as serveAt } from './helpers.mjs';

const responder = (protocol, state, port, options) => serveAt(protocol, state, port, options, closers);

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
// gamedig waits socketTimeout on every port it tries in turn: keep that short on loopback.
const QUICK = { socketTimeout: 400, attemptTimeout: 3000 };

/**
 * Where the facade differs from gamedig on purpose (the README's migration table says
 * why): the field, and how the two values must relate.
 */
const DELIBERATE = {
  // Both whole milliseconds, each its own measurement.
  ping: (ours, theirs) => Number.isInteger(ours) && ours >= 0 && Number.isInteger(theirs),
  // SA:MP's map is in its rules (`mapname`); gamedig leaves `map` empty.
  map: (ours, theirs, protocol) => protocol === 'samp' && theirs === '' && typeof ours === 'string',
  // The Quake family: gamedig gives the `g_needpass` rule's text ("0" is true in JavaScript) and `sv_maxclients`' text.
  password: (ours, theirs, protocol) => QUAKE.includes(protocol) && ours === (theirs === '1'),
  maxplayers: (ours, theirs, protocol) => [...QUAKE, 'fivem', 'teamspeak3'].includes(protocol) && typeof theirs === 'string' && ours === Number(theirs),
  // FiveM: gamedig gives `clients`' text, and the hostname with its colour codes (`^1`).
  numplayers: (ours, theirs, protocol) => protocol === 'fivem' && typeof theirs === 'string' && ours === Number(theirs),
  name: (ours, theirs, protocol) => protocol === 'fivem' && ours === theirs.replace(/\^[0-9a-zA-Z]/g, '').trim(),
};
const QUAKE = ['quake3', 'quake2', 'quakeworld'];

/**
 * Where one game's (or captured server's) results differ on purpose: the fields, or
 * `gamedigFails` when gamedig cannot read that server at all. Each line is a row of the
 * README's migration table.
 */
const EXPECTED = {
  // Rust's query moved to game port + 1 in 2023 (our table's source); gamedig asks the game port only.
  rust: { gamedigFails: "gamedig's Rust port rule predates 2023" },
  // gamedig sends GoldSrc's pre-Steam `details` request for it; our A2S_INFO is what GoldSrc servers answer since 2006.
  counterstrike15: { gamedigFails: "gamedig asks the pre-Steam `details` query, which our responder (as today's servers) leaves unanswered" },
  // Daikatana's query port is the game port + 10: gamedig gives it as the address to connect to, we the game port.
  daikatana: { fields: ['connect'] },
  // TeamSpeak 3: gamedig counts the query clients online (its own connection among them); we count the voice clients.
  teamspeak3: { fields: ['numplayers'] },
  // Hytale: gamedig gives the web port to connect to; we the game port the reply's Address gives.
  hytale: { fields: ['connect'] },
  // Build and Shoot: gamedig gives the status server's port to connect to; we the game's.
  bas: { fields: ['connect'] },
  aosc: { fields: ['connect'] },
  // Eco: gamedig keeps the description's rich-text tags in the name; we leave them out.
  eco: { fields: ['name'] },
  // Kerbal Space Program (DMP): gamedig adds a nameless player per character of the joined names, and leaves the version empty.
  kspd: { fields: ['numplayers', 'players', 'version'] },
  // Assetto Corsa: gamedig keeps Content Manager's ` ℹ<port>` in the name; we leave it out.
  assettocorsa: { fields: ['name'] },
  // ElDewrito: gamedig never sets numplayers; we give the status's numPlayers.
  eldewrito: { fields: ['numplayers'] },
  // TShock: gamedig leaves map and version empty; we give the world and Terraria's version the reply holds.
  terrariatshock: { fields: ['map', 'version'] },
  // gamedig reads every SA:MP string as windows-1252: Cyrillic and UTF-8 names come out as mojibake.
  gtasam: { fields: ['name', 'raw.gamemode'] },
  gtasao: { fields: ['name'] },
  // gamedig reads a score after each VC:MP name; 0.4 servers send names only (opengsq's capture of a live server).
  vcm: { fields: ['name', 'players'] },
  // gamedig's Toxikk rule reader drops the last rule (its loop counts one short).
  toxikk: { fields: ['raw.rules', /^raw\.[ps]\d+|^raw\.\w+$/] },
  // Battalion 1944: gamedig moves its bat_* rules out of raw.rules; we leave raw as the server sent it.
  // Arma 3's rules are its server browser message in binary pages: gamedig lists them as mojibake rules; we read the message (raw.serverBrowser in query).
  'GameQ Arma3 1': { fields: ['raw.rules'] },
  'GameQ Arma3 2': { fields: ['raw.rules'] },
  'GameQ Batt1944 1': { fields: ['raw.rules'] },
  'GameQ Batt1944 2': { fields: ['raw.rules'] },
  // Fortress Forever's bzip2 rules use the split layout without a size field: gamedig expects it from four app ids only.
  'GameQ Ffe 1': { gamedigFails: 'the no-size split layout of a Source 2006 mod' },
  'GameQ Ffe 2': { gamedigFails: 'the no-size split layout of a Source 2006 mod' },
  'GameQ Ffe 3': { gamedigFails: 'the no-size split layout of a Source 2006 mod' },
  // id Tech 4: gamedig reads a challenge first in ET:QW's reply (qstat and GameQ's captures: a
  // task id) and ends Wolfenstein's player list only at slot 32 (qstat: 16, its slot count).
  etqw: { gamedigFails: "gamedig's ET:QW layout is not qstat's nor GameQ's captured replies'" },
  wolfenstein: { gamedigFails: "gamedig ends Wolfenstein's player list at 32, qstat at 16" },
  // PyPI rak-net writes the advertisement's length in characters, not bytes: gamedig reads it cut and fails.
  'bedrock: unconnected pong, length in characters (82 for 84 bytes)': { gamedigFails: 'a pong whose length counts characters' },
};

/** The differences `compare` found that EXPECTED does not allow for `name`. */
function unexpected(name, wrong) {
  const allowed = EXPECTED[name]?.fields ?? [];
  return wrong.filter((w) => {
    const field = w.split(':')[0];
    return !allowed.some((a) => (a instanceof RegExp ? a.test(field) : a === field));
  });
}

/** One comparison: both answered alike (up to EXPECTED), or only gamedig failed where EXPECTED says it does. */
function judge(name, ours, theirs, protocol) {
  if (ours instanceof Error || theirs instanceof Error) {
    if (!(ours instanceof Error) && EXPECTED[name]?.gamedigFails) return [];
    if (ours instanceof Error && theirs instanceof Error) return [];
    return [`${name}: ours ${ours.message ?? 'answered'}; gamedig's ${theirs.message?.split('\n')[0] ?? 'answered'}`];
  }
  const wrong = unexpected(name, compare(ours, theirs, protocol));
  return wrong.length ? [`${name}: ${wrong.join('; ')}`] : [];
}

/**
 * A2S times are 32-bit floats: we print the float's shortest decimal, gamedig its double.
 * All-Seeing Eye's `parseInt` of text that is no number: gamedig's NaN is our null (JSON has
 * no NaN; a migration table row).
 */
const sameFloat = (a, b) => typeof a === 'number' && typeof b === 'number' ? Math.fround(a) === Math.fround(b) || (Number.isNaN(a) && Number.isNaN(b)) : a === b || (a === null && Number.isNaN(b));

/**
 * Each player's name and `raw` — for a class that fills a plain list (Build and Shoot's), its other fields.
 * A member gamedig sets to `undefined` (Assetto Corsa's `nation` where the server sends none) is left out, as JSON leaves it.
 */
function players(list) {
  const members = (o) => Object.entries(o).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b));
  return list.map(({ name, raw, ...rest }) => ({ name, raw: Object.fromEntries(members(raw ?? rest)) }));
}

/** Compares two results field by field; returns the fields that differ beyond DELIBERATE. */
function compare(ours, theirs, protocol) {
  const wrong = [];
  const keys = ['name', 'map', 'password', 'version', 'maxplayers', 'numplayers', 'queryPort', 'connect', 'ping'];
  assert.deepEqual(Object.keys(ours), ['name', 'map', 'password', 'raw', 'version', 'maxplayers', 'numplayers', 'players', 'bots', 'queryPort', 'connect', 'ping'], "gamedig's keys, in its order");
  for (const key of keys) {
    if (ours[key] === theirs[key]) continue;
    if (DELIBERATE[key]?.(ours[key], theirs[key], protocol)) continue;
    wrong.push(`${key}: ours ${JSON.stringify(ours[key])}, gamedig's ${JSON.stringify(theirs[key])}`);
  }
  for (const key of ['players', 'bots']) {
    const [a, b] = [players(ours[key]), players(theirs[key])];
    const same = a.length === b.length && a.every((p, i) => p.name === b[i].name
      && Object.keys(p.raw).join() === Object.keys(b[i].raw).join()
      && Object.keys(p.raw).every((k) => sameFloat(p.raw[k], b[i].raw[k])));
    if (!same) wrong.push(`${key}: ours ${JSON.stringify(a.slice(0, 3))}…, gamedig's ${JSON.stringify(b.slice(0, 3))}…`);
  }
  if (protocol === 'a2s' || protocol === 'samp') {
    // raw: the same keys and values (rules as a map; gamedig adds the rule bytes as a Buffer).
    const { rulesBytes, ...theirRaw } = theirs.raw;
    void rulesBytes;
    for (const [k, v] of Object.entries(theirRaw)) {
      const mine = ours.raw[k];
      const same = k === 'players'
        ? JSON.stringify(mine?.map((p) => [p.name, p.score, Math.fround(p.time)])) === JSON.stringify(v.map((p) => [p.name, p.score, Math.fround(p.time)]))
        : JSON.stringify(mine) === JSON.stringify(v);
      if (!same) wrong.push(`raw.${k}: ours ${JSON.stringify(mine)?.slice(0, 120)}, gamedig's ${JSON.stringify(v)?.slice(0, 120)}`);
    }
  }
  return wrong;
}

/** gamedig's protocol class name for each of ours, for the games the facade takes. */
test('games: the facade exports gamedig\'s table, entry for entry', () => {
  assert.deepEqual(Object.keys(games).sort(), Object.keys(gamedigGames).sort());
  for (const [id, theirs] of Object.entries(gamedigGames)) {
    const ours = games[id];
    assert.equal(ours.name, theirs.name, id);
    assert.equal(ours.release_year, theirs.release_year, id);
    assert.equal(ours.extra?.old_id, theirs.extra?.old_id, id);
    const rule = (o) => [o.port, o.port_query, JSON.stringify(o.port_query_offset)];
    if (ourGames[id].source === null) assert.deepEqual(rule(ours.options), rule(theirs.options), id);
    assert.equal(ours.options.protocol, theirs.options.protocol, id);
  }
  assert.ok(Object.isFrozen(games.rust.options));
});

/** A game's responder where its port rule puts the query (helpers.mjs), closed after the suite. */
const placed = (game, given) => placeGame(game, given, closers);

const supported = Object.values(ourGames).filter((g) => g.supported).map((g) => g.id);

test(`every supported game id (${supported.length}): the facade and gamedig 5 read the same responder alike`, { timeout: 600_000 }, async (t) => {
  const failures = [];
  let compared = 0;
  for (const [k, id] of supported.entries()) {
    const where = await placed(id);
    if (!where) {
      t.diagnostic(`${id}: its fixed query port ${ourGames[id].queryPort} is taken here; not compared`);
      continue;
    }
    if (where.options?.api) {
      // gamedig asks the vendor's host itself (no traffic leaves this machine): compared in
      // vendors.test.mjs, inside a namespace where that name is our responder's.
      await where.server.close();
      continue;
    }
    const options = { type: id, host: '127.0.0.1', port: where.gamePort, ...where.options, ...QUICK, requestRules: k % 3 === 0 };
    const ours = await GameDig.query({ ...options }).catch((e) => e);
    const theirs = await new Theirs().query({ ...options }).catch((e) => e);
    failures.push(...judge(id, ours, theirs, ourGames[id].protocol));
    compared++;
    await where.server.close();
  }
  t.diagnostic(`${compared} game ids compared`);
  assert.ok(compared >= supported.length - 30, 'nearly every id');
  assert.deepEqual(failures, []);
});

test("DayZ's mods, in the binary pages of its rules: the facade lists them as gamedig does, the native result whole", async () => {
  const message = {
    version: 2,
    overflow: 0,
    dlcs: [{ flag: 1, name: 'Livonia', hash: 0xdeadbeef }],
    mods: [{ name: 'Community Framework', workshopId: '1559212036', hash: 7 }, { name: '@Trader', workshopId: '1590841260', hash: 0xff0001 }],
    creatorDlcs: [],
    signatures: ['dayz', 'cf'],
    description: 'Welcome to Chernarus',
  };
  const state = { ...sampleState('a2s'), rules: { island: 'chernarusplus', platform: 'win' }, serverBrowser: message };
  const { server, gamePort } = await placed('dayz', state);
  const options = { type: 'dayz', host: '127.0.0.1', port: gamePort, ...QUICK, requestRules: true };
  const ours = await GameDig.query({ ...options });
  const theirs = await new Theirs().query({ ...options });
  assert.deepEqual(judge('dayz', ours, theirs, 'a2s'), []);
  assert.deepEqual(ours.raw.dayzMods, [
    { unknown: 7, workshopId: 1559212036, title: 'Community Framework' },
    { unknown: 0xff0001, workshopId: 1590841260, title: '@Trader' },
    { title: 'dayz' },
    { title: 'cf' },
  ]);
  assert.deepEqual(ours.raw.rules, { island: 'chernarusplus', platform: 'win' }, 'the pages are not rules');
  const status = await query('a2s', `127.0.0.1:${server.port}`, { rules: true });
  assert.deepEqual(status.raw.serverBrowser, message);
  await server.close();
});

/** Replays one captured server: its INFO, PLAYER and RULES replies, whole or split, as they were. */
async function replay(group) {
  const socket = dgram.createSocket('udp4');
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  const packets = (v) => (v.packets ?? [v.hex]).map(hex);
  socket.on('message', (msg, from) => {
    const reply = { 0x54: group.info, 0x55: group.players, 0x56: group.rules }[msg[4]];
    for (const p of reply ? packets(reply) : []) socket.send(p, from.port, from.address);
  });
  return socket.address().port;
}

test('captured A2S replies (GameQ\'s test captures) read alike by the facade and gamedig', { timeout: 300_000 }, async (t) => {
  const groups = new Map();
  for (const v of fixtures('a2s').filter((v) => /^GameQ .* \d+: A2S_/.test(v.name))) {
    const [server, step] = v.name.split(': ');
    const group = groups.get(server) ?? {};
    if (step.startsWith('A2S_INFO')) group.info = v;
    if (step.startsWith('A2S_PLAYER')) group.players = v;
    if (step.startsWith('A2S_RULES')) group.rules = v;
    groups.set(server, group);
  }
  const failures = [];
  let compared = 0;
  for (const [name, group] of groups) {
    if (!group.info) continue;
    const port = await replay(group);
    const options = { type: 'protocol-valve', host: '127.0.0.1', port, ...QUICK, requestPlayers: Boolean(group.players), requestRules: Boolean(group.rules) };
    const ours = await GameDig.query({ ...options }).catch((e) => e);
    const theirs = await new Theirs().query({ ...options }).catch((e) => e);
    compared++;
    failures.push(...judge(name, ours, theirs, 'a2s'));
  }
  t.diagnostic(`${compared} captured servers compared`);
  assert.ok(compared >= 100);
  assert.deepEqual(failures, []);
});

/** Frontlines: Fuel of War's captured replies (GameQ's tests), served in its dialect: info to `46 LSQ`, a challenge to `57`, then players and rules. */
async function replayFfow(n) {
  const capture = (step) => hex(fixtures('ffow').find((v) => v.name === `GameQ Ffow ${n}: ${step}`).hex);
  const socket = dgram.createSocket('udp4');
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  socket.on('message', (msg, from) => {
    const reply = { 0x46: capture('A2S_INFO'), 0x57: hex('ffffffff41a1b2c3d4'), 0x55: capture('A2S_PLAYER'), 0x56: capture('A2S_RULES') }[msg[4]];
    if (reply) socket.send(reply, from.port, from.address);
  });
  return socket.address().port;
}

test("captured Frontlines: Fuel of War replies (GameQ's tests) read alike by the facade and gamedig; big-endian where it matters", async () => {
  for (const n of [1, 2]) {
    const port = await replayFfow(n);
    const options = { type: 'ffow', host: '127.0.0.1', port: port - 2, ...QUICK, requestRules: true };
    const ours = await GameDig.query({ ...options });
    const theirs = await new Theirs().query({ ...options });
    assert.deepEqual(judge(`GameQ Ffow ${n}`, ours, theirs, 'a2s'), []);
    assert.equal(ours.raw.description, 'Frontlines: Fuel of War');
    // gamedig's protocol class, at the query port itself.
    const direct = { ...options, type: 'protocol-ffow', port };
    assert.deepEqual(judge(`GameQ Ffow ${n} (protocol-ffow)`, await GameDig.query({ ...direct }), await new Theirs().query({ ...direct }), 'a2s'), []);
    const status = await query('ffow', `127.0.0.1:${port - 2}`, { rules: true });
    // The game port the server advertises, read big-endian: where GameQ's result joins.
    assert.equal(status.connect, '127.0.0.1:5476');
    assert.equal(status.mode, 'FL');
    assert.equal(status.raw.rules.ServerLocation, 'East USA');
  }
});

test("7 Days to Die with its console (telnetPort, telnetPassword, moreData): the facade and gamedig read it alike", async () => {
  const { port: telnetPort, close } = await sdtdConsole('letmein', SDTD_OUTPUTS);
  closers.push(close);
  const { server, gamePort } = await placed('sdtd');
  for (const moreData of [false, true]) {
    const options = { type: 'sdtd', host: '127.0.0.1', port: gamePort, ...QUICK, telnetPort, telnetPassword: 'letmein', moreData };
    const ours = await GameDig.query({ ...options });
    const theirs = await new Theirs().query({ ...options });
    assert.deepEqual(judge('sdtd', ours, theirs, 'a2s'), []);
    assert.deepEqual(ours.players.map((p) => p.name), ['Kane', 'Lucia']);
    if (moreData) assert.deepEqual([ours.raw.day, ours.raw.time, ours.raw.hordeDay, ours.raw.gameVersion], [14, '22:05', true, 'V 1.2 (b27)']);
  }
  await server.close();
});

test('old ids resolve with checkOldIDs, as in gamedig; without it they are invalid', async () => {
  const where = await placed('ase');
  const server = where?.server ?? await responder('a2s', sampleState('a2s'));
  const port = where ? where.gamePort : server.port;
  const options = { type: 'arkse', host: '127.0.0.1', port, ...QUICK };
  await assert.rejects(GameDig.query({ ...options }), { message: 'Invalid game: arkse' });
  await assert.rejects(new Theirs().query({ ...options }), { message: 'Invalid game: arkse' });
  const ours = await GameDig.query({ ...options, checkOldIDs: true });
  const theirs = await new Theirs().query({ ...options, checkOldIDs: true });
  assert.equal(ours.name, theirs.name);
  assert.equal(ours.queryPort, theirs.queryPort);
});

test('errors: gamedig\'s message, with our code and each candidate port\'s story', async () => {
  const ours = await GameDig.query({ type: 'vrising', host: '127.0.0.1', port: 9, ...QUICK }).catch((e) => e);
  const theirs = await new Theirs().query({ type: 'vrising', host: '127.0.0.1', port: 9, ...QUICK }).catch((e) => e);
  assert.match(theirs.message, /^Failed all 3 attempts$/);
  assert.match(ours.message, /^Failed all 3 attempts: A2S query of 127\.0\.0\.1:9: no query port of V Rising answered — 10 closed; 24 closed; 9 closed$/);
  assert.equal(ours.code, 'GQ_PORT_CLOSED');
  assert.deepEqual(ours.candidates.map((c) => c.port), [10, 24, 9]);
  assert.ok(ours instanceof Error && ours.cause?.code === 'GQ_PORT_CLOSED');
  await assert.rejects(GameDig.query({ host: 'x' }), { message: 'No game specified' });
  await assert.rejects(GameDig.query({ type: 'tetris', host: 'x' }), { message: 'Invalid game: tetris' });
  await assert.rejects(GameDig.query({ type: 'm2m', host: 'x' }), { code: 'GQ_UNSUPPORTED_GAME' });
  // requestRulesRequired: a server that never answers A2S_RULES fails the query.
  const info = fixtures('a2s').find((v) => v.name === 'GameQ Codmw3 1: A2S_INFO');
  const port = await replay({ info });
  const options = { type: 'protocol-valve', host: '127.0.0.1', port, requestRules: true, requestPlayers: false, ...QUICK };
  const lenient = await GameDig.query({ ...options });
  assert.equal(lenient.raw.rules, undefined, 'rules left unanswered: the query still answers');
  const required = await GameDig.query({ ...options, requestRulesRequired: true }).catch((e) => e);
  assert.equal(required.code, 'GQ_TIMEOUT');
  assert.match(required.message, /^Failed all 1 attempts: the server left A2S_RULES unanswered, which the options require$/);
  await assert.rejects(new Theirs().query({ ...options, requestRulesRequired: true }), { message: /^Failed all \d+ attempts$/ });
});

test('ESM and CommonJS: one facade', () => {
  const cjs = createRequire(import.meta.url)('gamequery/gamedig');
  assert.equal(cjs.GameDig, GameDig);
  assert.equal(cjs.games, games);
  assert.equal(GameDig.getInstance(), GameDig.getInstance());
});

test('requestRulesRequired without requestRules requires nothing (gamedig asks no rules then)', async () => {
  const server = await responder('a2s', sampleState('a2s'));
  const state = await GameDig.query({ type: 'protocol-valve', host: '127.0.0.1', port: server.port, requestRulesRequired: true, ...QUICK });
  assert.equal(state.raw.rules, undefined);
  await assert.rejects(new GameDig({ listenUdpPort: 70000 }).query({ type: 'protocol-valve', host: '127.0.0.1', port: server.port }),
    { message: 'listenUdpPort must be a port number, got 70000' });
});

/** A Java server that answers the status request with `frame` (a captured reply) and echoes the ping as the pong. */
async function replayJava(frame) {
  const { createServer } = await import('node:net');
  const server = createServer((socket) => {
    let answered = false;
    socket.on('data', (chunk) => {
      // The status request (with the handshake) first; then the ping, whose frame the pong repeats.
      if (!answered) {
        answered = true;
        socket.write(frame);
      } else if (chunk.length === 10 && chunk[0] === 0x09 && chunk[1] === 0x01) {
        socket.end(chunk);
      }
    }).on('error', () => {});
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  // Both clients also ask Query and Bedrock over UDP at this port number: hold it, silent, so
  // no other socket of this file (the A2S replays stay bound until the end) answers there.
  const silent = dgram.createSocket('udp4');
  const held = await new Promise((r) => silent.once('error', () => r(false)).bind(server.address().port, '127.0.0.1', () => r(true)));
  if (!held) {
    await new Promise((r) => server.close(r));
    return replayJava(frame);
  }
  closers.push(() => new Promise((r) => silent.close(r)));
  return server.address().port;
}

/** A Bedrock server answering the unconnected ping with `pong` (a captured reply), its time field echoing the ping's, as the protocol has it. */
async function replayBedrock(pong) {
  const socket = dgram.createSocket('udp4');
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => socket.close(r)));
  socket.on('message', (msg, from) => {
    if (msg[0] !== 0x01 || msg.length < 25) return;
    const reply = Buffer.from(pong);
    msg.copy(reply, 1, 1, 9);
    socket.send(reply, from.port, from.address);
  });
  return socket.address().port;
}

test("captured Minecraft replies (mcstatus's tests, minecraft-protocol, rak-net) read alike by the facade and gamedig", { timeout: 120_000 }, async (t) => {
  const mc = fixtures('captures').filter((v) => v.direction === 'response');
  const java = mc.filter((v) => v.protocol === 'minecraft-java' && /status response/.test(v.name));
  const bedrock = mc.filter((v) => v.protocol === 'minecraft-bedrock' && /pong/.test(v.name));
  assert.ok(java.length >= 2 && bedrock.length >= 2);
  const failures = [];
  for (const v of java) {
    const port = await replayJava(hex(v.hex));
    // Each client waits its socket timeout for the silent Query and Bedrock: one long enough
    // that a busy machine's Java reply is not late for gamedig.
    const options = { type: 'minecraft', host: '127.0.0.1', port, ...QUICK, socketTimeout: 1500 };
    const ours = await GameDig.query({ ...options }).catch((e) => e);
    const theirs = await new Theirs().query({ ...options }).catch((e) => e);
    failures.push(...judge(v.name, ours, theirs, 'minecraft'));
  }
  for (const v of bedrock) {
    const port = await replayBedrock(hex(v.hex));
    const options = { type: 'mbe', host: '127.0.0.1', port, ...QUICK, socketTimeout: 1500 };
    const ours = await GameDig.query({ ...options }).catch((e) => e);
    const theirs = await new Theirs().query({ ...options }).catch((e) => e);
    failures.push(...judge(v.name, ours, theirs, 'minecraft'));
  }
  t.diagnostic(`${java.length} Java and ${bedrock.length} Bedrock captures compared`);
  assert.deepEqual(failures, []);
});
