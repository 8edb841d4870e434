// Games (#30): the table agrees with gamedig 5.3.3's, a game id queries its protocol at its
// candidate ports at once on real loopback sockets, the result says which port answered
// and where players join, and no answer says what each port did. Both engines.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { games as gamedigGames } from 'gamedig';
import { query, queryMany, serve, sampleState, games, engine } from 'gamequery';
import { games as wasmGames } from 'gamequery-wasm/games';
import { QUERY_PROTOCOLS } from 'gamequery-wasm/glue';
import { openMpState, sdtdConsole, SDTD_OUTPUTS, freeUdpPort } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const cli = new URL('../../npm/gamequery/cli.js', import.meta.url).pathname;
const run = (...args) => promisify(execFile)('node', [cli, ...args], { timeout: 20_000 });

/** gamedig's protocol names, as this library names them (the table's comment says why). */
const OURS = { valve: 'a2s', goldsrc: 'a2s', dayz: 'a2s', sdtd: 'a2s', toxikk: 'a2s', ffow: 'a2s', gtasao: 'samp', vcmp: 'samp', ase: 'all-seeing-eye', mumbleping: 'mumble', mumble: 'mumble-gtmurmur', quake1: 'quakeworld', ut3: 'gamespy3', jc2mp: 'gamespy3',
  asa: 'epic', squad: 'epic', theisleevrima: 'epic', renown: 'epic' };

test("the games table holds every gamedig 5.3.3 id with its name, year and ports; where ours differ, a source says why", () => {
  assert.equal(Object.keys(games).length, Object.keys(gamedigGames).length);
  for (const [id, theirs] of Object.entries(gamedigGames)) {
    const ours = games[id];
    assert.ok(ours, `${id} is in the table`);
    assert.equal(ours.name, theirs.name, id);
    assert.equal(ours.year, theirs.release_year ?? null, id);
    assert.equal(ours.protocol, OURS[theirs.options.protocol] ?? theirs.options.protocol, id);
    assert.deepEqual(ours.oldIds, theirs.extra?.old_id ? [theirs.extra.old_id] : [], id);
    const rule = (g) => [g.gamePort, g.queryPort, g.queryPortOffsets];
    const theirRule = [theirs.options.port ?? null, theirs.options.port_query ?? null, [].concat(theirs.options.port_query_offset ?? [])];
    if (ours.source === null) assert.deepEqual(rule(ours), theirRule, `${id}: gamedig's port rule`);
    else assert.notDeepEqual(rule(ours), theirRule, `${id}: a source only where the rule differs`);
  }
  assert.deepEqual(games.rust.queryPortOffsets, [1]);
  assert.match(games.rust.source, /2023/);
  // What `query` takes: gamedig's valve, goldsrc, minecraft (and mbe), samp and open.mp ids, the A2S variants, and the Quake family's.
  const supported = Object.values(games).filter((g) => g.supported);
  assert.ok(supported.length >= 139, `${supported.length} supported`);
  assert.ok(supported.every((g) => QUERY_PROTOCOLS.includes(g.protocol)));
  assert.ok(Object.values(games).filter((g) => !g.supported).every((g) => !QUERY_PROTOCOLS.includes(g.protocol)), 'a game of a protocol we query is supported');
  assert.ok(Object.isFrozen(games) && Object.isFrozen(games.rust) && Object.isFrozen(games.rust.queryPortOffsets));
  assert.deepEqual(wasmGames, games, 'one table in both packages');
});

/** A UDP port on 127.0.0.1 that takes datagrams and never answers. */
async function silentAt(port) {
  const s = dgram.createSocket('udp4');
  await new Promise((resolve, reject) => s.once('error', reject).bind(port, '127.0.0.1', resolve));
  closers.push(() => new Promise((r) => s.close(r)));
  return s;
}

/** An A2S responder at a port whose `below`-lower neighbours are free for the test's own sockets. */
async function a2sWithRoomBelow(below, state = sampleState('a2s')) {
  for (let tries = 0; ; tries++) {
    const server = await serve('a2s', state, { host: '127.0.0.1', port: 0 });
    if (server.port > below + 1024) {
      closers.push(() => server.close());
      return server;
    }
    await server.close();
    if (tries > 20) throw new Error('no port with room below it');
  }
}

test('vrising: the server on game port + 15 answers in about one round trip while + 1 stays silent', async () => {
  const server = await a2sWithRoomBelow(15);
  const gamePort = server.port - 15;
  await silentAt(gamePort + 1);
  const started = performance.now();
  const status = await query('vrising', `127.0.0.1:${gamePort}`, { timeout: 3000 });
  const took = performance.now() - started;
  assert.ok(took < 1000, `found in ${took.toFixed(0)} ms, not after + 1's timeout`);
  assert.equal(status.protocol, 'a2s');
  assert.equal(status.port, server.port);
  assert.deepEqual(status.game, { id: 'vrising', name: 'V Rising', gamePort, queryPort: server.port });
  // The sample server advertises its game port (A2S's extra data): players join there.
  assert.equal(status.connect, '127.0.0.1:27015');
});

test('connect: the game port given, when the server advertises none; queryPort asks that port alone', async () => {
  const state = sampleState('a2s');
  delete state.info.gamePort;
  const server = await a2sWithRoomBelow(1, state);
  const status = await query('rust', `localhost:${server.port - 1}`, { timeout: 3000 });
  assert.equal(status.game.queryPort, server.port);
  assert.equal(status.connect, `localhost:${server.port - 1}`, 'the host as given, the game port');
  const direct = await query('rust', '127.0.0.1:1', { queryPort: server.port, timeout: 3000 });
  assert.deepEqual(direct.game, { id: 'rust', name: 'Rust', gamePort: 1, queryPort: server.port });
  // The query port given as the target's (the last candidate answered): the game port is
  // the rule's back from it, not the query port (#48, 18); so with queryPort and no target
  // port. A target port given with queryPort stays the game port, equal or not.
  const asQuery = await query('rust', `127.0.0.1:${server.port}`, { timeout: 3000 });
  assert.deepEqual([asQuery.game.gamePort, asQuery.game.queryPort], [server.port - 1, server.port]);
  assert.equal(asQuery.connect, `127.0.0.1:${server.port - 1}`);
  const noPort = await query('rust', '127.0.0.1', { queryPort: server.port, timeout: 3000 });
  assert.deepEqual([noPort.game.gamePort, noPort.game.queryPort], [server.port - 1, server.port]);
  const twice = await query('rust', `127.0.0.1:${server.port}`, { queryPort: server.port, timeout: 3000 });
  assert.deepEqual([twice.game.gamePort, twice.game.queryPort], [server.port, server.port]);
  const many = [
    { protocol: 'rust', target: `127.0.0.1:${server.port}` },
    { protocol: 'rust', target: '127.0.0.1', options: { queryPort: server.port } },
    { protocol: 'rust', target: `127.0.0.1:${server.port}`, options: { queryPort: server.port } },
  ];
  const gamePorts = new Map();
  for await (const r of queryMany(many, { timeout: 3000 })) gamePorts.set(r.target, r.status?.game.gamePort ?? r.error);
  assert.deepEqual(many.map((item) => gamePorts.get(item)), [server.port - 1, server.port - 1, server.port], 'queryMany alike');
  // An old id is the game it became.
  const old = await query('arkse', `127.0.0.1:${server.port}`, { timeout: 3000 });
  assert.equal(old.game.id, 'ase');
});

test('no candidate answers: the error says what each port did, within the one deadline', async () => {
  const server = await a2sWithRoomBelow(1);
  const gamePort = server.port - 1;
  await server.close();
  await silentAt(gamePort);
  const started = performance.now();
  const e = await query('rust', `127.0.0.1:${gamePort}`, { timeout: 600 }).catch((err) => err);
  assert.ok(performance.now() - started < 1500);
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.equal(e.message, `A2S query of 127.0.0.1:${gamePort}: no query port of Rust answered — ${gamePort + 1} closed; ${gamePort} silent`);
  assert.deepEqual(e.candidates.map((c) => [c.port, c.code]), [[gamePort + 1, 'GQ_PORT_CLOSED'], [gamePort, 'GQ_TIMEOUT']]);
  assert.match(e.candidates[0].message, /^port \d+\/udp is closed/);
  assert.equal(e.target, `127.0.0.1:${gamePort}`);
  assert.equal(e.address, '127.0.0.1');
  // Every candidate closed: closed.
  const closed = await query('vrising', '127.0.0.1:9', { timeout: 600 }).catch((err) => err);
  assert.equal(closed.code, 'GQ_PORT_CLOSED');
  assert.equal(closed.candidates.length, 3);
});

test("a fixed query port not asked for another game port: the error names the game, the port and queryPort (#48)", async () => {
  const gamePort = await freeUdpPort();
  const e = await query('battlefield2', `127.0.0.1:${gamePort}`, { timeout: 400 }).catch((err) => err);
  assert.match(e.message, new RegExp(`; Battlefield 2's query port 29900 \\(its default\\) was not asked with game port ${gamePort}, as it may be another server's: give queryPort 29900 \\(CLI: --query-port 29900\\) if it is this one's$`));
  // Asked where it was given, and named when it was.
  const asked = await query('battlefield2', '127.0.0.1:16567', { timeout: 400 }).catch((err) => err);
  assert.doesNotMatch(asked.message, /was not asked/);
});

test("mbe without a port asks Bedrock's default port, not Java's (#48)", async () => {
  const e = await query('mbe', '127.0.0.1', { timeout: 400 }).catch((err) => err);
  assert.match(e.message, /127\.0\.0\.1:19132/);
  assert.doesNotMatch(e.message, /25565/);
  let server;
  try {
    server = await serve('minecraft-bedrock', sampleState('minecraft-bedrock'), { host: '127.0.0.1', port: 19132 });
  } catch {
    return; // the port is taken here
  }
  closers.push(() => server.close());
  const s = await query('mbe', '127.0.0.1');
  assert.deepEqual(s.raw.editions, ['bedrock']);
  assert.equal(s.game.id, 'mbe');
});

test('an unknown game id: did you mean, closest first; any case is the id (#48)', async () => {
  const e = await query('rustt', '127.0.0.1').catch((err) => err);
  assert.match(e.message, /^unknown protocol or game "rustt"; did you mean "rust"\? protocols: /);
  const several = await query('minecraftt', '127.0.0.1').catch((err) => err);
  assert.match(several.message, /did you mean one of minecraft, mbe\? /);
  const server = await serve('a2s', sampleState('a2s'), { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const s = await query('Rust', `127.0.0.1:${server.port}`, { queryPort: server.port });
  assert.equal(s.game.id, 'rust');
  const { stderr } = await run('rustt', '127.0.0.1').catch((err) => err);
  assert.match(stderr, /did you mean rust[,?]/);
  const { stdout } = await run('games', 'gamespy1');
  assert.match(stdout, /^battlefield1942 +gamespy1 /m);
});

test("a game whose protocol is not here yet fails with its own code, naming the protocol; an unknown name lists what is", async () => {
  const e = await query('m2m', '127.0.0.1').catch((err) => err);
  assert.equal(e.code, 'GQ_UNSUPPORTED_GAME');
  assert.equal(e.message, 'Mafia II - Multiplayer ("m2m") answers in the "mafia2mp" protocol, which gamequery does not speak yet');
  const unknown = await query('rustt', '127.0.0.1').catch((err) => err);
  assert.equal(unknown.code, 'GQ_INVALID_ARGUMENT');
  assert.match(unknown.message, /^unknown protocol or game "rustt"; did you mean "rust"\? protocols: samp, /);
});

test('queryMany: game items, options shared under the protocol and under the game', async () => {
  const a2s = await a2sWithRoomBelow(15);
  const samp = await serve('samp', openMpState(3), { host: '127.0.0.1', port: 0 });
  closers.push(() => samp.close());
  const items = [
    { protocol: 'vrising', target: `127.0.0.1:${a2s.port - 15}` },
    { protocol: 'gtasao', target: `127.0.0.1:${samp.port}` },
    { protocol: 'm2m', target: '127.0.0.1:1' },
  ];
  const results = new Map();
  for await (const r of queryMany(items, { timeout: 2000, a2s: { rules: true }, gtasao: { players: 'c' } })) results.set(r.target, r);
  assert.equal(results.size, 3, 'each item yields once, as the item given');
  const v = results.get(items[0]).status;
  assert.equal(v.game.queryPort, a2s.port);
  assert.ok(v.raw.rules, "the protocol's shared options reach its games' items");
  const s = results.get(items[1]).status;
  assert.equal(s.game.id, 'gtasao');
  assert.equal(s.raw.playersSource, 'c');
  assert.equal(results.get(items[2]).error.code, 'GQ_UNSUPPORTED_GAME');
  // The batch's own protocol may be a game too; a misspelt one fails the call up front.
  const plain = [];
  for await (const r of queryMany([`127.0.0.1:${a2s.port - 15}`], { protocol: 'vrising', timeout: 2000 })) plain.push(r);
  assert.equal(plain[0].status.game.queryPort, a2s.port);
  await assert.rejects(async () => { for await (const r of queryMany(['127.0.0.1:1'], { protocol: 'vrisin' })) void r; },
    { code: 'GQ_INVALID_ARGUMENT', message: /^unknown protocol or game "vrisin"/ });
});

test('CLI: gamequery games [search], and a game queried by id with the port that answered', async () => {
  const { stdout } = await run('games', 'v', 'rising');
  assert.match(stdout, /^vrising +a2s +V Rising — game 27015, query \+1 or \+15$/m);
  const all = await run('games', '--json', '--all');
  assert.equal(JSON.parse(all.stdout).length, Object.keys(games).length);
  const server = await a2sWithRoomBelow(1);
  const human = await run('rust', `127.0.0.1:${server.port - 1}`, '--no-color');
  assert.match(human.stdout, new RegExp(`^queried as +Rust \\(rust\\), query port ${server.port}$`, 'm'));
  assert.match(human.stdout, /^connect +127\.0\.0\.1:27015$/m);
  const json = JSON.parse((await run('rust', '127.0.0.1:1', '--query-port', String(server.port), '--json')).stdout);
  assert.equal(json.game.queryPort, server.port);
  const failed = await run('vrising', '127.0.0.1:9', '--json', '--timeout', '500').catch((e) => e);
  assert.equal(failed.code, 1);
  assert.deepEqual(JSON.parse(failed.stdout).error.candidates.map((c) => c.port), [10, 24, 9]);
});

test("per-game A2S behaviour: CS:GO's fake player, rules fetched for Squad and Battalion 1944, their status from rules", async () => {
  const at = async (info, extra = {}) => {
    const state = { ...sampleState('a2s'), ...extra };
    state.info = { ...state.info, ...info };
    const server = await serve('a2s', state, { host: '127.0.0.1', port: 0 });
    closers.push(() => server.close());
    return `127.0.0.1:${server.port}`;
  };
  const csgo = await query('csgo', await at({ appId: 730, gameId: '730', players: 3 }, { players: [{ index: 0, name: 'Max Players', score: 0, duration: 0 }, { index: 0, name: 'Ana', score: 3, duration: 10 }] }));
  assert.deepEqual(csgo.players.list.map((p) => p.name), ['Ana'], 'no "Max Players" player');
  assert.equal(csgo.raw.players.length, 2, 'raw keeps what the server sent');
  const bat = await query('battalion1944', await at({ appId: 489940, gameId: '489940', name: 'Battalion host', players: 0 }, {
    rules: { bat_name_s: 'Battalion EU #1', bat_player_count_s: '7', bat_max_players_i: '10', bat_has_password_s: 'Y' },
  }));
  assert.deepEqual([bat.name, bat.players.online, bat.players.max, bat.password], ['Battalion EU #1', 7, 10, true]);
  assert.ok(bat.raw.rules, 'rules asked without rules: true');
  const squad = await query('a2s', await at({ appId: 393380, gameId: '393380', password: false }, { rules: { Password_b: 'true' } }));
  assert.equal(squad.password, true);
  // Other games are asked for rules only when the caller wants them.
  const plain = await query('a2s', await at({ appId: 730, gameId: '730' }));
  assert.equal(plain.raw.rules, undefined);
});

test('CLI: gamequery scan FILE|- writes NDJSON (or CSV) per server and a summary', async () => {
  const { spawn } = await import('node:child_process');
  const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const a2s = await a2sWithRoomBelow(15);
  const samp = await serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  closers.push(() => samp.close());
  const dir = mkdtempSync(join(tmpdir(), 'gq-scan-'));
  try {
    const list = join(dir, 'servers.txt');
    writeFileSync(list, `# servers\nvrising 127.0.0.1:${a2s.port - 15}\nsamp 127.0.0.1:${samp.port}\n\nrust 127.0.0.1:9\n`);
    const { stdout, stderr } = await run('scan', list, '--timeout', '1000');
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l)).sort((a, b) => a.line - b.line);
    assert.deepEqual(lines.map((l) => [l.line, l.query, Boolean(l.status)]), [[2, 'vrising', true], [3, 'samp', true], [5, 'rust', false]]);
    assert.equal(lines[0].status.game.queryPort, a2s.port);
    assert.equal(lines[2].error.code, 'GQ_PORT_CLOSED');
    assert.deepEqual(lines[2].error.candidates.map((c) => c.port), [10, 9]);
    assert.equal(stderr, '3 servers: 2 answered, 1 closed\n', 'no progress bar when stderr is not a terminal');
    // Bare addresses with --game, from stdin, as CSV.
    const child = spawn('node', [cli, 'scan', '-', '--game', 'vrising', '--csv', '--timeout', '1000']);
    child.stdin.end(`127.0.0.1:${a2s.port - 15}\n127.0.0.1:9\n`);
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    const code = await new Promise((r) => child.on('close', r));
    assert.equal(code, 0);
    const rows = out.trim().split('\n');
    assert.equal(rows[0], 'line,query,target,result,name,online,max,map,version,queryPort,connect,pingMs,error');
    assert.ok(rows.some((r) => r.startsWith(`1,vrising,127.0.0.1:${a2s.port - 15},ok,gamequery demo — A2S,20,32,de_dust2,1.40.4.5,${a2s.port},127.0.0.1:27015,`)), rows.join('\n'));
    assert.ok(rows.some((r) => r.startsWith('2,vrising,127.0.0.1:9,GQ_PORT_CLOSED,')));
    // Nothing answered: exit 1; an empty list too (#48, 18: it exited 0).
    writeFileSync(list, 'rust 127.0.0.1:9\n');
    assert.equal((await run('scan', list).catch((e) => e)).code, 1);
    writeFileSync(list, '# nothing\n\n');
    const empty = await run('scan', list).catch((e) => e);
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /^scan: the list has no servers/);
    // A malformed line is its own result; the rest is scanned (#48, 18: it aborted the scan).
    writeFileSync(list, `rust\nvrising 127.0.0.1:${a2s.port - 15}\n`);
    const bad = await run('scan', list);
    const results = bad.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(results[0], { line: 1, error: { code: 'GQ_INVALID_ARGUMENT', message: 'line 1: "rust" is not <game-or-protocol> <host[:port]>' } });
    assert.equal(results[1].status.name, 'gamequery demo — A2S');
    assert.equal(bad.stderr, '2 servers: 1 answered, 1 malformed\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('scan: Ctrl-C prints the summary so far and how many were not finished (#48, 16)', async () => {
  const { spawn } = await import('node:child_process');
  const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'gq-scan-int-'));
  try {
    const list = join(dir, 'servers.txt');
    // Silent servers: the scan is still running when it is interrupted.
    const silent = dgram.createSocket('udp4');
    await new Promise((r) => silent.bind(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => silent.close(r)));
    writeFileSync(list, Array.from({ length: 5 }, () => `a2s 127.0.0.1:${silent.address().port}`).join('\n'));
    const child = spawn('node', [cli, 'scan', list, '--timeout', '10000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    await new Promise((r) => setTimeout(r, 700));
    child.kill('SIGINT');
    const code = await new Promise((r) => child.on('close', r));
    assert.equal(code, 130);
    assert.equal(stderr, '5 servers: 0 answered, 5 not finished\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('scan: the progress line a terminal sees (done/total, answers, rate, ETA)', async () => {
  const { progress } = (await import('../../npm/gamequery/cli/scan.js')).default;
  let written = '';
  const bar = progress({ write: (s) => { written += s; } }, 4);
  bar.update(1, 1, true);
  assert.match(written, /^\r\[######\.{18}\] 1\/4  1 answered  \d+\/s  ETA \d+ s\x1b\[K$/);
  written = '';
  bar.update(4, 3, true);
  bar.end();
  assert.match(written, /^\r\[#{24}\] 4\/4  3 answered  \d+\/s  done\x1b\[K\r\x1b\[K$/);
});

test("queryMany: a game's candidate ports share the bulk engine's sockets — the first answer wins, none: each port's story", async () => {
  const a2s = await a2sWithRoomBelow(15);
  const gamePort = a2s.port - 15;
  await silentAt(gamePort + 1);
  const started = performance.now();
  const results = [];
  const items = [
    { protocol: 'vrising', target: `127.0.0.1:${gamePort}` },
    { protocol: 'rust', target: '127.0.0.1:9' },
    { protocol: 'vrising', target: `127.0.0.1:${gamePort}`, options: { queryPort: a2s.port } },
    // A name: looked up once for the three candidates.
    { protocol: 'vrising', target: `localhost:${gamePort}`, options: { family: 4 } },
  ];
  const took = new Map();
  for await (const r of queryMany(items, { timeout: 3000, concurrency: Infinity })) {
    results.push(r);
    took.set(r.target, performance.now() - started);
  }
  assert.ok(took.get(items[0]) < 1000, `+ 15 found in ${took.get(items[0])} ms, not after + 1's timeout`);
  const byItem = new Map(results.map((r) => [r.target, r]));
  assert.deepEqual(byItem.get(items[0]).status.game, { id: 'vrising', name: 'V Rising', gamePort, queryPort: a2s.port });
  assert.equal(byItem.get(items[0]).status.connect, '127.0.0.1:27015');
  const none = byItem.get(items[1]).error;
  assert.equal(none.code, 'GQ_PORT_CLOSED');
  assert.equal(none.message, 'A2S query of 127.0.0.1:9: no query port of Rust answered — 10 closed; 9 closed');
  assert.deepEqual(none.candidates.map((c) => c.port), [10, 9]);
  assert.equal(byItem.get(items[2]).status.game.queryPort, a2s.port);
  assert.equal(byItem.get(items[3]).status.game.queryPort, a2s.port);
  assert.equal(byItem.get(items[3]).status.connect, 'localhost:27015', 'the host as given');
  // Many game items at once (one server, its rate limit off): each answered once.
  const busy = await serve('a2s', sampleState('a2s'), { host: '127.0.0.1', port: 0, rateLimit: { burst: 1e6, perSecond: 1e6 } });
  closers.push(() => busy.close());
  const many = Array.from({ length: 600 }, () => ({ protocol: 'arma3', target: `127.0.0.1:${busy.port - 1}` }));
  const outcomes = {};
  const t0 = performance.now();
  // The native engine paces an unbounded batch to its receive buffers; the WASM engine,
  // with a socket per candidate in this same process as the server, is given a bound.
  for await (const r of queryMany(many, { timeout: 5000, concurrency: engine === 'native' ? Infinity : 64 })) {
    // (The game port itself is a candidate too: another test's server may hold it.)
    const key = r.status ? 'answered' : r.error.code;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  assert.deepEqual(outcomes, { answered: many.length });
  // Natively each item's game-port candidate is refused on a socket its sibling shares: the
  // refusal must not swallow the sibling's request (it did: a fifth waited for a
  // retransmission). The WASM engine runs each candidate on a socket of its own.
  if (engine === 'native') assert.ok(performance.now() - t0 < 1000, `${(performance.now() - t0).toFixed(0)} ms for ${many.length}`);
});

test('queryMany: many game items on the same two servers, both answering, all finish once', async () => {
  let low;
  let high;
  for (let tries = 0; tries < 20 && !low; tries++) {
    high = await serve('a2s', sampleState('a2s'), { host: '127.0.0.1', port: 0, rateLimit: { burst: 1e6, perSecond: 1e6 } });
    closers.push(() => high.close());
    low = await serve('a2s', sampleState('a2s'), { host: '127.0.0.1', port: high.port - 1, rateLimit: { burst: 1e6, perSecond: 1e6 } }).catch(() => undefined);
    if (low) closers.push(() => low.close());
  }
  assert.ok(low, 'two neighbouring ports');
  // arma3: query on the game port + 1 (high) and the game port (low): both answer.
  const items = Array.from({ length: 60 }, () => ({ protocol: 'arma3', target: `127.0.0.1:${low.port}` }));
  let answered = 0;
  const run = (async () => {
    for await (const r of queryMany(items, { timeout: 3000, concurrency: Infinity })) answered += r.status ? 1 : 0;
  })();
  await Promise.race([run, new Promise((_, reject) => setTimeout(() => reject(new Error(`stalled at ${answered}`)), 10_000).unref())]);
  assert.equal(answered, items.length);
});

test("a game's candidates and one local port do not mix; a race whose editions both fail at once ends at once", async () => {
  await assert.rejects(query('rust', '127.0.0.1:28015', { localPort: 40000 }),
    { code: 'GQ_INVALID_ARGUMENT', message: "option localPort cannot be used with Rust's 2 candidate query ports, asked at once: give queryPort" });
  const started = performance.now();
  await assert.rejects(query('minecraft', '127.0.0.1', { family: 6, timeout: 5000 }), { code: 'GQ_INVALID_ARGUMENT' });
  assert.ok(performance.now() - started < 1000);
});

test('vcm: Vice City: Multiplayer through SA:MP\'s query in its own dialect — VCMP out, MP04 back, names only', async () => {
  const state = openMpState(3);
  state.info.version = '04rel006';
  const server = await serve('samp', state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const status = await query('vcm', `127.0.0.1:${server.port}`);
  assert.equal(status.protocol, 'samp');
  assert.equal(status.raw.dialect, 'vcmp');
  assert.equal(status.version, '04rel006');
  assert.equal(status.name, state.info.hostname);
  assert.deepEqual(status.players.list, [{ name: 'Player_0' }, { name: 'Player_1' }, { name: 'Player_2' }], 'names, no scores');
  assert.deepEqual(status.raw.rules, {}, 'VC:MP answers no rules: none asked');
  assert.deepEqual(status.game, { id: 'vcm', name: 'Vice City Multiplayer', gamePort: server.port, queryPort: server.port });
  // The same server through SA:MP's own dialect: no dialect said, scores listed.
  const samp = await query('samp', `127.0.0.1:${server.port}`);
  assert.equal(samp.raw.dialect, undefined);
  assert.equal(samp.players.list[0].score, state.players[0].score);
  // The old id, in queryMany, with the option set by hand too.
  for await (const item of queryMany([{ protocol: 'vcmp', target: `127.0.0.1:${server.port}` }])) {
    assert.equal(item.status?.raw.dialect, 'vcmp');
    assert.equal(item.status.players.list.length, 3);
  }
  const own = await query('samp', `127.0.0.1:${server.port}`, { dialect: 'vcmp' });
  assert.equal(own.raw.info.version, '04rel006');
  await assert.rejects(query('samp', '127.0.0.1:1', { dialect: 'vc' }), { code: 'GQ_INVALID_ARGUMENT' });
});

test("sdtd: 7 Days to Die's console beside A2S — the players' names, the day, the version and mods; a wrong password is a warning", async () => {
  const a2s = await a2sWithRoomBelow(1);
  const { port: console, close } = await sdtdConsole('letmein', SDTD_OUTPUTS);
  closers.push(close);
  const status = await query('sdtd', `127.0.0.1:${a2s.port - 1}`, { timeout: 3000, telnet: { port: console, password: 'letmein', more: true } });
  assert.equal(status.protocol, 'a2s');
  assert.deepEqual(status.players.list, [{ name: 'Kane' }, { name: 'Lucia' }]);
  const c = status.raw.console;
  assert.deepEqual(c.players.map((p) => p.name), ['Kane', 'Lucia']);
  assert.match(c.players[1].line, /^1\. id=172, Lucia, pos=/);
  assert.deepEqual([c.day, c.time, c.hordeDay], [14, '22:05', true]);
  assert.deepEqual([c.gameVersion, c.compatibilityVersion], ['V 1.2 (b27)', 'V 1.2']);
  assert.deepEqual(c.mods, [{ name: 'TFP_Harmony', version: '1.2.0.27' }, { name: 'TFP_CommandExtensions', version: '1.2.0.27' }]);
  assert.deepEqual(c.responses.map((r) => r.command), ['listplayers', 'gettime', 'version']);
  assert.deepEqual(status.game, { id: 'sdtd', name: '7 Days to Die', gamePort: a2s.port - 1, queryPort: a2s.port });
  // A wrong password: the status stands, with a warning.
  const wrong = await query('sdtd', `127.0.0.1:${a2s.port - 1}`, { timeout: 3000, telnet: { port: console, password: 'nope' } });
  assert.equal(wrong.raw.console, undefined);
  assert.match(wrong.raw.warnings.join(), /7 Days to Die console: .*refused the password/);
  // queryMany: the item runs on its own connection.
  for await (const r of queryMany([{ protocol: 'sdtd', target: `127.0.0.1:${a2s.port - 1}`, options: { telnet: { port: console, password: 'letmein' } } }])) {
    assert.deepEqual(r.status.raw.console.players.map((p) => p.name), ['Kane', 'Lucia']);
  }
  // Not a game with a console: the option is unknown.
  await assert.rejects(query('rust', `127.0.0.1:${a2s.port - 1}`, { telnet: { port: console, password: 'x' } }), { code: 'GQ_INVALID_ARGUMENT' });
  await assert.rejects(query('sdtd', `127.0.0.1:${a2s.port - 1}`, { telnet: { port: console } }), /telnet.password is required/);
});
