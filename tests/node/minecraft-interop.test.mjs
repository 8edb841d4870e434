// Interop with Minecraft software nobody here wrote, over UDP on 127.0.0.1 only:
//  - npm minecraft-server-util 5.4.4 (queryBasic, queryFull, statusBedrock) reads our
//    Minecraft Query and Bedrock responders;
//  - PyPI rak-net 1.9 (Podrum's RakNet library, with binary-utils 1.3) answers unconnected
//    pings in a Python subprocess (tests/peers/raknet_pong.py); our client decodes its pong;
//  - npm mcquery 1.0.3 ships its GS4 mock server (test/mock-server.js, which needs its
//    devDependency xtend 4.0.2): our client reads it, full and basic stat; mcquery's own
//    client reads our responder too;
//  - Debian's qstat 2.17 (binary /usr/bin/quakestat, type -gs4) reads our Query responder.
// Each peer decodes real values that must equal what was served.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import util from 'minecraft-server-util';
import { query, serve } from 'gamequery';
import { ensureSystem, QSTAT } from '../../scripts/ensure-system.mjs';

const require = createRequire(import.meta.url);
const McQuery = require('mcquery');
const McQueryMock = require('mcquery/test/mock-server.js');

const root = fileURLToPath(new URL('../../', import.meta.url));
const RAKNET = { pkg: 'rak-net', version: '1.9', deps: ['binary-utils==1.3'] };
const raknetSite = `${root}.cache/python/${RAKNET.pkg}-${RAKNET.version}`;
const raknetLauncher = `${root}tests/peers/raknet_pong.py`;

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

before(() => {
  ensureSystem(); // qstat
  if (!existsSync(`${raknetSite}/rak_net`)) {
    execFileSync('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', raknetSite,
      `${RAKNET.pkg}==${RAKNET.version}`, ...RAKNET.deps], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
  }
});

const QUERY_STATE = {
  motd: '§6Query §lInterop',
  version: '1.21.4',
  plugins: 'Paper on Bukkit 1.21: Essentials 2.20; WorldEdit 7.3',
  map: 'world_nether',
  online: 3,
  max: 20,
  hostPort: 25565,
  hostIp: '127.0.0.1',
  players: ['Steve', 'Alex', 'Zoë'],
};

const BEDROCK_STATE = {
  serverGuid: '1234605616436508552',
  motd: '§bBedrock §lInterop',
  protocol: 766,
  version: '1.21.50',
  online: 4,
  max: 30,
  levelName: 'Größe Welt',
  gameMode: 'Survival',
  gameModeNumeric: 1,
  portV4: 19132,
  portV6: 19133,
};

async function serveQuery(state = QUERY_STATE) {
  const server = await serve('minecraft-query', state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

// ---- minecraft-server-util 5.4.4 (npm) reads our responders ------------------------------

const UTIL_OPTS = { enableSRV: false, timeout: 3000 };

test('minecraft-server-util 5.4.4 queryBasic() reads our Minecraft Query responder', { timeout: 10_000 }, async () => {
  const server = await serveQuery();
  const r = await util.queryBasic('127.0.0.1', server.port, UTIL_OPTS);
  assert.equal(r.motd.clean, 'Query Interop');
  assert.equal(r.motd.raw, '§6Query §6§lInterop', 'its formatter repeats the colour before the bold');
  assert.equal(r.gameType, 'SMP');
  assert.equal(r.map, 'world_nether');
  assert.deepEqual(r.players, { online: 3, max: 20 });
  assert.equal(r.hostPort, 25565);
  assert.equal(r.hostIP, '127.0.0.1');
});

test('minecraft-server-util 5.4.4 queryFull() reads our Minecraft Query responder: players, software, plugins', { timeout: 10_000 }, async () => {
  const server = await serveQuery();
  const r = await util.queryFull('127.0.0.1', server.port, UTIL_OPTS);
  assert.equal(r.motd.clean, 'Query Interop');
  assert.equal(r.version, '1.21.4');
  assert.equal(r.software, 'Paper on Bukkit 1.21');
  assert.deepEqual(r.plugins, ['Essentials 2.20', 'WorldEdit 7.3']);
  assert.equal(r.map, 'world_nether');
  // It reads one byte per character (Latin-1), which is what vanilla sends: Zoë survives.
  assert.deepEqual(r.players, { online: 3, max: 20, list: ['Steve', 'Alex', 'Zoë'] });
  assert.equal(r.hostIP, '127.0.0.1');
  assert.equal(r.hostPort, 25565);
});

test('minecraft-server-util 5.4.4 statusBedrock() reads our Bedrock responder', { timeout: 10_000 }, async () => {
  const server = await serve('minecraft-bedrock', BEDROCK_STATE, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const r = await util.statusBedrock('127.0.0.1', server.port, UTIL_OPTS);
  assert.equal(r.edition, 'MCPE');
  assert.equal(r.motd.clean, 'Bedrock Interop\nGröße Welt', 'line two is the level name, UTF-8 intact');
  assert.deepEqual(r.version, { name: '1.21.50', protocol: 766 });
  assert.deepEqual(r.players, { online: 4, max: 30 });
  assert.equal(r.serverGUID, 1234605616436508552n);
  assert.equal(r.serverID, '1234605616436508552');
  assert.equal(r.gameMode, 'Survival');
  assert.equal(r.gameModeID, 1);
  assert.equal(r.portIPv4, 19132);
  assert.equal(r.portIPv6, 19133);
});

// ---- PyPI rak-net 1.9 answers our unconnected ping ---------------------------------------

/** Starts tests/peers/raknet_pong.py; resolves with its port once it has bound. */
async function startRaknet(guid, motd) {
  const child = spawn('python3', [raknetLauncher, '127.0.0.1', guid, motd], {
    env: { ...process.env, PYTHONPATH: raknetSite }, stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  // Killed in after(); should this process die first, its closed stdin stops the launcher.
  closers.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('rak-net did not report its port within 10 s')), 10_000);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(JSON.parse(line).port);
      }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`rak-net exited early (${code})`)); });
  });
  return port;
}

test('our client decodes PyPI rak-net 1.9\'s unconnected pong (its string length counted in characters)', { timeout: 30_000 }, async () => {
  // Podrum's server sets server.name to the advertisement; rak-net writes its length as
  // len(str), in characters: it declares 88 bytes and sends 92 ("§" twice, "ö", "ß" are
  // two bytes each in UTF-8). Our client reads to the end of the datagram.
  const guid = '12345678901234567890'; // above 2^63: the GUID is unsigned
  const text = `MCPE;§cPodrum §lGröße;766;1.21.50;2;20;${guid};Welt;Creative;1;19132;19133;`;
  const port = await startRaknet(guid, text);
  const s = await query('minecraft-bedrock', `127.0.0.1:${port}`, { timeout: 2000, retries: 2 });
  assert.equal(s.protocol, 'minecraft-bedrock');
  assert.equal(s.name, 'Podrum Größe');
  assert.equal(s.version, '1.21.50');
  assert.equal(s.map, 'Welt');
  assert.equal(s.mode, 'Creative');
  assert.deepEqual(s.players, { online: 2, max: 20, bots: null, list: [], partial: true });
  assert.equal(s.address, '127.0.0.1');
  assert.equal(s.port, port);
  assert.equal(s.raw.edition, 'MCPE');
  assert.equal(s.raw.protocol, 766);
  assert.equal(s.raw.serverGuid, guid);
  assert.equal(s.raw.serverId, guid);
  assert.equal(s.raw.gameModeNumeric, 1);
  assert.deepEqual([s.raw.portV4, s.raw.portV6], [19132, 19133]);
  assert.equal(s.raw.text, text, 'the whole string, past the short length');
});

// ---- mcquery 1.0.3 (npm): its mock server, and its client --------------------------------

test('our client reads mcquery 1.0.3\'s shipped GS4 mock server (test/mock-server.js): full and basic stat', { timeout: 15_000 }, async () => {
  const mock = new McQueryMock();
  mock.settings.port = 0; // its constructor turns port 0 into 25565; bind an OS-chosen port
  await mock.bind();
  closers.push(() => new Promise((r) => mock.socket.close(r)));
  const target = `127.0.0.1:${mock.socket.address().port}`;

  // The mock's own data, as shipped.
  const full = await query('minecraft-query', target, { timeout: 2000 });
  assert.equal(full.name, 'A Minecraft Server');
  assert.equal(full.version, '1.8');
  assert.equal(full.map, 'world');
  assert.equal(full.mode, 'SMP');
  assert.deepEqual(full.players, { online: 1, max: 20, bots: null, list: [{ name: 'crippledcanary' }], partial: false });
  assert.equal(full.raw.full, true);
  assert.equal(full.raw.gameId, 'MINECRAFT');
  assert.equal(full.raw.plugins, '');
  assert.deepEqual([full.raw.hostPort, full.raw.hostIp], [25565, '127.0.0.1']);

  const basic = await query('minecraft-query', target, { timeout: 2000, full: false });
  assert.equal(basic.raw.full, false);
  assert.equal(basic.name, 'A Minecraft Server');
  assert.equal(basic.map, 'world');
  assert.deepEqual(basic.players, { online: 1, max: 20, bots: null, list: [], partial: true });
  assert.deepEqual([basic.raw.hostPort, basic.raw.hostIp], [25565, '127.0.0.1']);

  // The mock serves whatever its data says (ASCII: it writes strings' UTF-16 length as bytes).
  Object.assign(mock.data, {
    hostname: 'Mock Survival', plugins: 'CraftBukkit on Bukkit 1.8: WorldEdit 6.1; Essentials 2.0',
    numplayers: '3', maxplayers: '50', player_: ['crippledcanary', 'Notch', 'jeb_'],
  });
  const more = await query('minecraft-query', target, { timeout: 2000 });
  assert.equal(more.name, 'Mock Survival');
  assert.deepEqual(more.players, { online: 3, max: 50, bots: null, list: [{ name: 'crippledcanary' }, { name: 'Notch' }, { name: 'jeb_' }], partial: false });
  assert.equal(more.raw.serverMod, 'CraftBukkit on Bukkit 1.8');
  assert.deepEqual(more.raw.pluginList, ['WorldEdit 6.1', 'Essentials 2.0']);
});

test('mcquery 1.0.3\'s client reads our Minecraft Query responder: basic_stat and full_stat', { timeout: 15_000 }, async () => {
  const server = await serveQuery();
  const q = await McQuery.createConnected('127.0.0.1', server.port, { timeout: 2000 });
  closers.push(() => q.online && q.close());
  assert.ok(Number.isInteger(q.challengeToken), 'our handshake gave it a token');
  const call = (method) => new Promise((resolve, reject) => q[method]((err, res) => (err ? reject(err) : resolve(res))));
  const basic = await call('basic_stat');
  // mcquery decodes strings as UTF-8; our Latin-1 § (0xA7, as vanilla sends it) becomes U+FFFD.
  assert.equal(basic.MOTD, '\ufffd6Query \ufffdlInterop');
  assert.deepEqual([basic.gametype, basic.map, basic.numplayers, basic.maxplayers, basic.hostport, basic.hostip],
    ['SMP', 'world_nether', 3, 20, 25565, '127.0.0.1']);
  const full = await call('full_stat');
  assert.equal(full.game_id, 'MINECRAFT');
  assert.equal(full.version, '1.21.4');
  assert.equal(full.plugins, QUERY_STATE.plugins);
  assert.equal(full.map, 'world_nether');
  assert.deepEqual([full.numplayers, full.maxplayers, full.hostport, full.hostip], ['3', '20', '25565', '127.0.0.1']);
  assert.deepEqual(full.player_, ['Steve', 'Alex', 'Zo\ufffd']);
  q.close();
});

// ---- Debian qstat 2.17 (quakestat -gs4) reads our responder ------------------------------

test('qstat 2.17 (Debian, quakestat -gs4) reads our Minecraft Query responder: name, map, counts, rules, players', { timeout: 30_000 }, async () => {
  const server = await serveQuery();
  // -raw TAB: one server line, one rules line, one line per player; -nnx: no name
  // transformations, so qstat prints the bytes it got: Latin-1, as vanilla sends them
  // (without -nnx it would print "Zoë" as "Zok").
  const { stdout } = await promisify(execFile)(QSTAT,
    ['-timeout', '5', '-retry', '2', '-nnx', '-raw', '\t', '-P', '-R', '-gs4', `127.0.0.1:${server.port}`],
    { encoding: 'latin1', timeout: 20_000 });
  const [serverLine, rulesLine, ...playerLines] = stdout.split('\n').filter((l) => l.length > 0);
  const [type, address, name, map, max, online] = serverLine.split('\t');
  assert.deepEqual({ type, address, name, map, max, online },
    { type: 'GS4', address: `127.0.0.1:${server.port}`, name: '§6Query §lInterop', map: 'world_nether', max: '20', online: '3' });
  const rules = Object.fromEntries(rulesLine.split('\t').map((kv) => kv.split(/=(.*)/s, 2)));
  assert.deepEqual(rules, {
    gametype: 'SMP', game_id: 'MINECRAFT', version: '1.21.4', plugins: QUERY_STATE.plugins, hostport: '25565', hostip: '127.0.0.1',
  });
  // qstat lists players last-received first; every one arrives, Latin-1 "Zoë" intact.
  assert.deepEqual(playerLines.map((l) => l.split('\t')[0]).sort(), ['Alex', 'Steve', 'Zoë']);
});
