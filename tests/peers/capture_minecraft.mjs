// Records, on loopback, the exact bytes independent peers exchange for every Minecraft
// packet type: a peer *client* talks to a peer *server* through a recording proxy (TCP: one
// connection per exchange, both directions kept with their chunk boundaries; UDP: every
// datagram). Nothing of ours is on the wire. Prints one JSON document on stdout; the
// vectors in tests/fixtures/captures.json were copied from its output.
//
//   node tests/peers/capture_minecraft.mjs > /tmp/captures-raw.json
//
// Peers (as installed for the interop tests): npm minecraft-server-util 5.4.4 (clients for
// status, FE / FE01 / FE01FA, GS4 basic + full, Bedrock, RCON), npm minecraft-protocol 1.68.0
// (its ping client and its server: status + legacy kick replies), npm mcquery 1.0.3 (its
// client and its shipped GS4 mock server), PyPI mcstatus 14.2.0 (Java status/ping, legacy,
// query, Bedrock), PyPI rak-net 1.9 (tests/peers/raknet_pong.py), PyPI rcon-server 0.1.3
// (tests/peers/rcon_peer.py), Debian qstat (quakestat -gs4).
import net from 'node:net';
import dgram from 'node:dgram';
import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
const util = require('minecraft-server-util');
const mc = require('minecraft-protocol');
const McQuery = require('mcquery');
const McQueryMock = require('mcquery/test/mock-server.js');
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const hex = (b) => Buffer.from(b).toString('hex');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const out = { date: new Date().toISOString(), exchanges: [] };
const cleanup = [];

/** TCP proxy to upstream on `port` (0: OS-chosen); each connection's traffic recorded. */
async function tcpProxy(upstreamPort, label, port = 0) {
  const server = net.createServer((client) => {
    const rec = { label, kind: 'tcp', chunks: [] };
    const up = net.connect(upstreamPort, '127.0.0.1');
    out.exchanges.push(rec); // recorded in order of connection, open or closed
    const done = () => {};
    client.on('data', (d) => { rec.chunks.push({ from: 'client', hex: hex(d) }); up.write(d); });
    up.on('data', (d) => { rec.chunks.push({ from: 'server', hex: hex(d) }); client.write(d); });
    client.on('close', () => { up.end(); done(); });
    up.on('close', () => { client.end(); done(); });
    client.on('error', () => {});
    up.on('error', () => client.destroy());
  });
  await new Promise((r, j) => server.once('error', j).listen(port, '127.0.0.1', r));
  cleanup.push(() => server.close());
  return {
    port: server.address().port,
    relabel(l) { label = l; },
  };
}

/** UDP proxy to upstream: every datagram recorded in order with its direction. */
async function udpProxy(upstreamPort, label) {
  const front = dgram.createSocket('udp4');
  const backs = new Map();
  const rec = () => {
    let r = out.exchanges.find((e) => e.label === label);
    if (!r) out.exchanges.push(r = { label, kind: 'udp', datagrams: [] });
    return r;
  };
  front.on('message', (msg, rinfo) => {
    const key = `${rinfo.address}:${rinfo.port}`;
    let back = backs.get(key);
    if (!back) {
      back = dgram.createSocket('udp4');
      back.on('message', (m) => { rec().datagrams.push({ from: 'server', hex: hex(m) }); front.send(m, rinfo.port, rinfo.address); });
      back.bind(0, '127.0.0.1');
      backs.set(key, back);
    }
    rec().datagrams.push({ from: 'client', hex: hex(msg) });
    back.send(msg, upstreamPort, '127.0.0.1');
  });
  await new Promise((r) => front.bind(0, '127.0.0.1', r));
  cleanup.push(() => { front.close(); for (const b of backs.values()) b.close(); });
  return { port: front.address().port, relabel(l) { label = l; } };
}

async function step(label, fn) {
  try { const r = await fn(); out.exchanges.push({ label, result: r ?? null }); } catch (e) { out.exchanges.push({ label, error: String(e) }); }
  await sleep(300);
}

function firstLine(child) {
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (c) => reject(new Error(`exited ${c}`)));
  });
}

const py = (site, args) => run('python3', args, { env: { ...process.env, PYTHONPATH: `${root}.cache/python/${site}` }, timeout: 20_000 })
  .then((r) => r.stdout.trim(), (e) => `error: ${e.stderr || e.message}`.trim());
const mcstatus = (code) => py('mcstatus-14.2.0', ['-c', `from mcstatus import *\n${code}`]);

// ---- Java: minecraft-protocol 1.68.0's server ---------------------------------------------
const server = mc.createServer({ 'online-mode': false, host: '127.0.0.1', port: 0, motd: '§aHello §lWorld', maxPlayers: 42 });
await new Promise((r) => server.on('listening', r));
cleanup.push(() => server.close());
const javaPort = server.socketServer.address().port;
const java = await tcpProxy(javaPort, '');
const low = await tcpProxy(javaPort, '', 25565);
out.javaServer = { version: server.mcversion.minecraftVersion, protocol: server.mcversion.version };

for (const [label, fn] of [
  ['java: minecraft-server-util status()', () => util.status('127.0.0.1', java.port, { timeout: 3000, enableSRV: false }).then((r) => r.version)],
  ['java: minecraft-protocol ping()', () => mc.ping({ host: '127.0.0.1', port: java.port }).then((r) => r.version)],
  ['java: mcstatus JavaServer.status()', () => mcstatus(`print(JavaServer('127.0.0.1', ${java.port}, timeout=3).status().raw)`)],
  ['java: mcstatus JavaServer.ping()', () => mcstatus(`print(JavaServer('127.0.0.1', ${java.port}, timeout=3).ping())`)],
  ['legacy: minecraft-server-util statusFE()', () => util.statusFE('127.0.0.1', java.port, { timeout: 3000, enableSRV: false })],
  ['legacy: minecraft-server-util statusFE01()', () => util.statusFE01('127.0.0.1', java.port, { timeout: 3000, enableSRV: false })],
  ['legacy: minecraft-server-util statusFE01FA()', () => util.statusFE01FA('127.0.0.1', java.port, { timeout: 3000, enableSRV: false })],
  // msu writes the port with writeInt16BE: an OS-chosen port above 32767 throws.
  ['legacy: minecraft-server-util statusFE01FA() via port 25565', () => util.statusFE01FA('127.0.0.1', low.port, { timeout: 3000, enableSRV: false })],
  ['legacy: minecraft-server-util statusLegacy() via port 25565', () =>
    util.statusLegacy('127.0.0.1', 25565, { timeout: 3000, enableSRV: false })],
  ['legacy: mcstatus LegacyServer.status()', () => mcstatus(`s = LegacyServer('127.0.0.1', ${java.port}, timeout=3).status(); print(s.version, s.motd.raw, s.players)`)],
]) {
  java.relabel(label);
  low.relabel(label);
  await step(`${label} (result)`, fn);
}

// ---- GS4: mcquery 1.0.3's shipped mock server ------------------------------------------
const mock = new McQueryMock();
mock.settings.port = 0;
await mock.bind();
cleanup.push(() => mock.socket.close());
const gs4 = await udpProxy(mock.socket.address().port, '');
for (const [label, fn] of [
  ['query: minecraft-server-util queryBasic()', () => util.queryBasic('127.0.0.1', gs4.port, { timeout: 3000, enableSRV: false, sessionID: 0x0a0b0c0d })],
  ['query: minecraft-server-util queryFull()', () => util.queryFull('127.0.0.1', gs4.port, { timeout: 3000, enableSRV: false })],
  ['query: mcquery client basic_stat + full_stat', () => new Promise((resolve, reject) => {
    const q = new McQuery('127.0.0.1', gs4.port, { timeout: 3000 });
    q.connect().then(() => {
      q.basic_stat((e1, basic) => q.full_stat((e2, full) => { q.close(); (e1 || e2) ? reject(e1 || e2) : resolve({ basic, full }); }));
    }, reject);
  })],
  ['query: mcstatus JavaServer.query()', () => mcstatus(`print(JavaServer('127.0.0.1', ${gs4.port}, timeout=3).query().raw)`)],
  ['query: qstat -gs4', () => run('quakestat', ['-gs4', `127.0.0.1:${gs4.port}`, '-R', '-P', '-json'], { timeout: 10_000 }).then((r) => r.stdout)],
]) {
  gs4.relabel(label);
  await step(`${label} (result)`, fn);
}

// ---- Bedrock: PyPI rak-net 1.9 ------------------------------------------------------------
const rak = spawn('python3', [`${root}tests/peers/raknet_pong.py`, '127.0.0.1', '1234605616436508552',
  'MCPE;§bRak §lNet;766;1.21.50;4;30;1234605616436508552;Welt;Creative;1;19132;19133;'],
{ env: { ...process.env, PYTHONPATH: `${root}.cache/python/rak-net-1.9` }, stdio: ['pipe', 'pipe', 'inherit'] });
cleanup.push(() => rak.kill('SIGKILL'));
const rakPort = JSON.parse(await firstLine(rak)).port;
const bedrock = await udpProxy(rakPort, '');
for (const [label, fn] of [
  ['bedrock: minecraft-server-util statusBedrock()', () => util.statusBedrock('127.0.0.1', bedrock.port, { timeout: 3000, enableSRV: false }).then((r) => r.motd)],
  ['bedrock: mcstatus BedrockServer.status()', () => mcstatus(`print(BedrockServer('127.0.0.1', ${bedrock.port}, timeout=3).status().motd.raw)`)],
]) {
  bedrock.relabel(label);
  await step(`${label} (result)`, fn);
}

// ---- RCON: PyPI rcon-server 0.1.3 (Source-like) and rcon-fake 0.1 (Minecraft-like) ------
for (const kind of ['rcon-server', 'rcon-fake']) {
  const child = spawn('python3', [`${root}tests/peers/rcon_peer.py`, kind, 's3cret-Passw0rd'],
    { env: { ...process.env, PYTHONPATH: `${root}.cache/python/${kind}-${kind === 'rcon-fake' ? '0.1' : '0.1.3'}` }, stdio: ['ignore', 'pipe', 'ignore'] });
  cleanup.push(() => child.kill('SIGKILL'));
  const port = JSON.parse(await firstLine(child)).port;
  const proxy = await tcpProxy(port, '');
  for (const [label, fn] of [
    [`rcon (${kind}): minecraft-server-util RCON login + execute('echo hello §aworld')`, async () => {
      const c = new util.RCON();
      await c.connect('127.0.0.1', proxy.port);
      await c.login('s3cret-Passw0rd', { timeout: 3000 });
      const r = await c.execute(kind === 'rcon-fake' ? 'echo hello §aworld' : 'echo hello world');
      await sleep(200);
      c.close();
      return r;
    }],
    [`rcon (${kind}): minecraft-server-util RCON login, wrong password`, async () => {
      const c = new util.RCON();
      await c.connect('127.0.0.1', proxy.port);
      try { await c.login('wrong', { timeout: 3000 }); return 'logged in?'; } finally { await sleep(200); c.close(); }
    }],
  ]) {
    proxy.relabel(label);
    await step(`${label} (result)`, fn);
  }
}

await sleep(500);
for (const c of cleanup) { try { c(); } catch {} }
process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
process.exit(0);
