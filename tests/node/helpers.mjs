// Shared test helpers: fixtures, sample states, a scriptable fake UDP server, and what the
// hostile-server suites measure (a call's typed failure, its peak memory).
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import dgram from 'node:dgram';
import net from 'node:net';
import { Duplex } from 'node:stream';
import assert from 'node:assert/strict';
import { isGameQueryError, encodeVarInt, serve, sampleState, games } from 'gamequery';
import { PROTOCOL_REGISTRY } from 'gamequery-wasm/glue';

export function fixtures(name) {
  const url = new URL(`../fixtures/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')).vectors;
}

export const hex = (s) => new Uint8Array(Buffer.from(s, 'hex'));
export const toHex = (b) => Buffer.from(b).toString('hex');

export function players(n, { detailed = true } = {}) {
  return Array.from({ length: n }, (_, i) => ({
    ...(detailed ? { id: i, ping: 10 + i } : {}),
    name: `Player_${i}`,
    score: i % 3 === 0 && i > 0 ? -i * 10 : i * 7,
  }));
}

export function openMpState(n = 20) {
  return {
    info: { password: false, players: n, maxPlayers: 200, hostname: 'open.mp test — ünïcödé ✓', gamemode: 'Freeroam', language: 'English' },
    rules: { lagcomp: 'On', mapname: 'San Andreas', version: 'omp 1.4.0.2779', weather: '10', worldtime: '12:00' },
    players: n <= 100 ? players(n, { detailed: false }) : [],
    openMp: { discord: 'discord.gg/test', lightBanner: 'https://example.org/l.png', darkBanner: 'https://example.org/d.png', logo: 'https://example.org/logo.png' },
    encoding: 'utf-8',
  };
}

export function legacyState(n = 12) {
  return {
    info: { password: true, players: n, maxPlayers: 100, hostname: 'Русский сервер ролевой игры', gamemode: 'Ролевая игра', language: 'Russian' },
    rules: { lagcomp: 'On', mapname: 'San Andreas', version: '0.3.7-R2', weather: '10', weburl: 'www.sa-mp.com', worldtime: '18:00' },
    players: players(n),
    encoding: 'windows-1251',
  };
}

/** A UDP socket on loopback whose replies the test scripts: onMessage(msg, rinfo, socket). */
export async function fakeServer(onMessage, type = 'udp4') {
  const socket = dgram.createSocket(type);
  socket.on('message', (msg, rinfo) => onMessage(msg, rinfo, socket));
  await new Promise((resolve) => socket.bind(0, type === 'udp4' ? '127.0.0.1' : '::1', resolve));
  return { port: socket.address().port, close: () => new Promise((r) => socket.close(r)) };
}

/** A Minecraft status response frame around this JSON text, as it is (key order, repeats). */
export function frameOf(json) {
  const text = Buffer.from(json);
  const body = Buffer.concat([encodeVarInt(0), encodeVarInt(text.length), text]);
  return new Uint8Array(Buffer.concat([encodeVarInt(body.length), body]));
}

export const FAVICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function javaState() {
  return {
    version: { name: '1.21.4', protocol: 769 },
    players: { online: 5, max: 100, sample: [{ name: 'Steve', id: '8667ba71-b85a-4004-af54-457a9734eed7' }, { name: 'Alex', id: 'ec561538-f3fd-461d-aff5-086b22154bce' }] },
    motd: { text: 'gamequery ', color: 'gold', extra: [{ text: 'test', bold: true, color: '#3366ff' }, { text: '\nsecond line', italic: true }] },
    favicon: FAVICON,
    enforcesSecureChat: true,
  };
}

/** A TCP server on loopback whose behaviour the test scripts: onConnection(socket). */
export async function fakeTcpServer(onConnection, host = '127.0.0.1') {
  const { createServer } = await import('node:net');
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  await new Promise((r) => server.listen(0, host, r));
  return {
    port: server.address().port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

export function sqpState() {
  return {
    info: { currentPlayers: 3, maxPlayers: 16, serverName: 'Arena #1', gameType: 'tdm', buildId: '1.4.2', map: 'dust', port: 7777 },
    rules: {
      difficulty: { type: 'byte', value: 2 }, tickrate: { type: 'u16', value: 64 }, seed: { type: 'u32', value: 4294967295 },
      worldId: { type: 'u64', value: '18446744073709551615' }, motd: { type: 'string', value: 'Welcome ✓' }, gravity: { type: 'f32', value: 9.5 },
    },
    players: {
      fields: [{ name: 'name', type: 'string' }, { name: 'score', type: 'u32' }, { name: 'ping', type: 'u16' }],
      records: [{ name: 'alice', score: 10, ping: 30 }, { name: 'bob', score: 3, ping: 45 }, { name: 'carol', score: 0, ping: 12 }],
    },
    teams: { fields: [{ name: 'team', type: 'string' }, { name: 'score', type: 'u16' }], records: [{ team: 'red', score: 2 }, { team: 'blue', score: 1 }] },
    metrics: [0.25, 60],
  };
}

/** One Source RCON packet: size, id, type, body, two NULs. */
export function rconPacket(id, type, body = '') {
  const b = Buffer.from(body, 'utf8');
  const out = Buffer.alloc(14 + b.length);
  out.writeInt32LE(10 + b.length, 0);
  out.writeInt32LE(id, 4);
  out.writeInt32LE(type, 8);
  b.copy(out, 12);
  return out;
}

/** Runs `call`, expecting a GameQueryError; returns it and the time taken. */
export async function failure(call) {
  const t0 = performance.now();
  const e = await call().then((r) => assert.fail(Array.isArray(r)
    ? `resolved with ${r.length} lines, ${r.reduce((n, l) => n + l.length, 0)} characters`
    : `resolved: ${JSON.stringify(r).slice(0, 300)}`), (err) => err);
  const took = performance.now() - t0;
  assert.ok(isGameQueryError(e), `not a GameQueryError: ${e?.stack ?? e}`);
  return { e, took };
}

/** The peak RSS growth while `call` runs, sampled every 2 ms (the addon runs off the JS thread). */
export async function peakGrowth(call) {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 2);
  try {
    const result = await call();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

/** A TCP connection shaped as `cloudflare:sockets`' `connect()` returns it: a Node socket through Duplex.toWeb. */
export function whatwgSocket({ hostname, port }) {
  const socket = net.connect(port, hostname);
  const { readable, writable } = Duplex.toWeb(socket);
  const ready = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { readable, writable, opened: ready, close: () => socket.destroy() };
}

/** A 7 Days to Die console on loopback as the game's telnet answers: the prompt, the logon, each command's lines. */
export async function sdtdConsole(password, outputs) {
  const server = net.createServer((socket) => {
    let logged = false;
    socket.write('*** Connected with 7DTD server.\r\n*** Server version: V 1.2 (b27)\r\n\r\nPlease enter password:\r\n');
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk;
      let at;
      while ((at = buffered.search(/\r?\n/)) >= 0) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + (buffered[at] === '\r' ? 2 : 1));
        if (!logged) {
          if (line === password) {
            logged = true;
            socket.write('Logon successful.\r\n\r\n\r\n*** Server version: V 1.2 (b27) Compatibility Version: V 1.2\r\n');
          } else socket.write('Password incorrect, please enter password:\r\n');
        } else if (outputs[line]) socket.write(outputs[line]);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, close: () => new Promise((r) => server.close(r)) };
}

export const SDTD_OUTPUTS = {
  listplayers: '0. id=171, Kane, pos=(-1.5, 61.0, 2.5), rot=(0.0, 90.0, 0.0), remote=True, health=100, deaths=0, zombies=12, players=0, score=4, level=5, pltfmid=Steam_76561198000000001, ip=192.168.1.2, ping=20\r\n'
    + '1. id=172, Lucia, pos=(10.0, 61.0, 2.5), rot=(0.0, 0.0, 0.0), remote=True, health=80, deaths=1, zombies=3, players=0, score=1, level=2, pltfmid=Steam_76561198000000002, ip=192.168.1.3, ping=35\r\n'
    + 'Total of 2 in the game\r\n',
  gettime: 'Day 14, 22:05\r\n',
  version: 'Game version: V 1.2 (b27) Compatibility Version: V 1.2\r\nMod TFP_Harmony: 1.2.0.27\r\nMod TFP_CommandExtensions: 1.2.0.27\r\n',
};

/** A UDP port on 127.0.0.1 nothing listens on now (for a server that takes a port number). */
export async function freeUdpPort() {
  const s = dgram.createSocket('udp4');
  await new Promise((r) => s.bind(0, '127.0.0.1', r));
  const p = s.address().port;
  await new Promise((r) => s.close(r));
  return p;
}

/**
 * A port on 127.0.0.1 free for both UDP and TCP now, for a server that listens on both at
 * one number (murmurd): a port free for UDP alone may be a TCP port in use, and such a
 * server then answers nothing.
 */
export async function freeUdpTcpPort() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const tcp = net.createServer();
    await new Promise((r) => tcp.listen(0, '127.0.0.1', r));
    const port = tcp.address().port;
    const udp = dgram.createSocket('udp4');
    const bound = await new Promise((r) => {
      udp.once('error', () => r(false));
      udp.bind(port, '127.0.0.1', () => r(true));
    });
    if (bound) await new Promise((r) => udp.close(r));
    await new Promise((r) => tcp.close(r));
    if (bound) return port;
  }
  throw new Error('no port free for both UDP and TCP');
}

/** Stops a server process, then removes the home it writes to until it is gone. */
export async function stopServer(child, home) {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill();
    await exited;
  }
  if (home) rmSync(home, { recursive: true, force: true, maxRetries: 5 });
}

/** A UDP or TCP responder of `protocol` at `port` (0: any), or undefined when the port is taken. */
export async function responder(protocol, state, port = 0, options = {}, closers = []) {
  try {
    const server = await serve(protocol, state, { host: '127.0.0.1', port, ...options });
    closers.push(() => server.close());
    return server;
  } catch (e) {
    if (e.code === 'GQ_NETWORK') return undefined;
    throw e;
  }
}

/**
 * The responder for a game, placed where its rule puts the query for a game port; the game
 * port to give, and gamedig's options that find it (`options`). `closers` collects what
 * closes it.
 */
export async function placeGame(game, given, closers = []) {
  const { protocol, queryPort, queryPortOffsets } = games[game];
  const state = given ?? (protocol === 'samp' ? (game === 'gtasam' ? legacyState(8) : openMpState(8))
    : protocol === 'minecraft' ? (game === 'mbe' ? bedrockState() : javaState())
      : game === 'jc2m' ? jc2mpState() : sampleState(protocol));
  const served = protocol === 'minecraft' ? (game === 'mbe' ? 'minecraft-bedrock' : 'minecraft-java') : protocol;
  // A game whose protocol needs an option to serve it (Frontlines: Fuel of War's A2S dialect,
  // id Tech 4's games their layouts).
  // Hytale's plugin in plain HTTP: gamedig asks nothing else.
  const options = game === 'ffow' ? { dialect: 'ffow' } : protocol === 'doom3' ? { dialect: game } : protocol === 'hytale' ? { tls: false } : {};
  const registered = PROTOCOL_REGISTRY.find((p) => p.name === protocol);
  if (registered?.servedAt === 'api') {
    // A vendor's API (Factorio's matchmaking server) answers about the game: it listens
    // anywhere, named by our option api; the game's port is the state's. A target that is
    // not an address (a Discord guild's id) is the sample's, given as the host; what else its
    // query needs (SCP: SL's account), the sample's.
    const server = await responder(served, state, 0, options, closers);
    const target = registered.sampleTarget ? { host: registered.sampleTarget } : {};
    return { server, gamePort: games[game].gamePort ?? queryPort, options: { api: `http://127.0.0.1:${server.port}`, ...target, ...registered.sampleOptions } };
  }
  if (protocol === 'teamspeak3') {
    // The ServerQuery (anywhere: gamedig's teamspeakQueryPort) of the voice server at the
    // state's port.
    const server = await responder(served, state, 0, options, closers);
    return { server, gamePort: Number(state.serverinfo.virtualserver_port), options: { teamspeakQueryPort: server.port } };
  }
  if (queryPort !== null) {
    // A fixed query port belongs to the game's default game port.
    const server = await responder(served, state, queryPort, options, closers);
    return server && { server, gamePort: games[game].gamePort };
  }
  for (let tries = 0; tries < 20; tries++) {
    const server = await responder(served, state, 0, options, closers);
    const gamePort = server.port - (queryPortOffsets[0] ?? 0);
    // Farming Simulator's feed is asked with its code (any, to our responder).
    if (gamePort >= 1024 && gamePort <= 65535) return { server, gamePort, ...(protocol === 'farmingsimulator' && { options: { token: 'gamequery' } }) };
    await server.close();
  }
  throw new Error(`no place for ${game}`);
}

/** What a JC2-MP server sends: its six keys (a version among them), names with Steam ids. */
export function jc2mpState() {
  return {
    rules: { description: 'Freeroam', hostname: 'JC2-MP compare', maxplayers: '500', numplayers: '2', password: '0', version: '0.9.4' },
    players: [{ name: 'Rico', steamid: 'STEAM_0:1:80615257', ping: '42' }, { name: 'Sheldon', steamid: 'STEAM_0:0:55435815', ping: '69' }],
    teams: [],
  };
}

export function bedrockState() {
  return { motd: 'Bedrock compare', levelName: 'Skyblock', gameMode: 'Survival', version: '1.21.50', online: 3, max: 10 };
}

/**
 * `pkg==version` from PyPI, installed into `.cache/python/` on first use — into a
 * directory of its own, then moved, so that two suites installing at once do not write
 * into one another. Returns the directory (for PYTHONPATH).
 */
export function pythonPackage(pkg, version, module = pkg) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const site = `${root}.cache/python/${pkg}-${version}`;
  if (!existsSync(`${site}/${module}`)) {
    const fresh = `${site}.${process.pid}`;
    execFileSync('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', fresh, `${pkg}==${version}`],
      { stdio: ['ignore', 'ignore', 'inherit'] });
    try {
      renameSync(fresh, site);
    } catch {
      // Another suite's install landed first: use it.
      rmSync(fresh, { recursive: true, force: true });
    }
  }
  return site;
}

/** Runs a probe of ours (tests/peers/<probe>) over opengsq (PyPI) and returns what it printed. */
export async function opengsq(probe, args) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const site = pythonPackage('opengsq', '3.7.0');
  const { stdout } = await promisify(execFile)('python3', [`${root}tests/peers/${probe}`, ...args],
    { env: { ...process.env, PYTHONPATH: site }, timeout: 30_000 });
  return stdout;
}

/**
 * Debian's qstat 2.17 (`quakestat`, installed by scripts/ensure-system.mjs) asking one server
 * of its `type` (`ksp`, `terraria`, `farmsim` …) at 127.0.0.1:`port` (with qstat's server
 * parameters, `,code=…`), with its rules and players: its TAB-separated lines (`-raw`), each
 * split at TABs, the names' bytes as sent (`-nnx`). The type is given as `-default`: 2.17
 * takes `-farmsim` from no command line ("option flag missing").
 */
export async function quakestat(type, port, parameters = '') {
  const { ensureSystem, QSTAT } = await import('../../scripts/ensure-system.mjs');
  ensureSystem();
  const args = ['-timeout', '5', '-retry', '2', '-nnx', '-raw', '\t', '-P', '-R', '-default', type, `127.0.0.1:${port}${parameters}`];
  const { stdout } = await promisify(execFile)(QSTAT, args, { encoding: 'utf8', timeout: 20_000 });
  return stdout.split('\n').map((l) => l.split('\t'));
}
