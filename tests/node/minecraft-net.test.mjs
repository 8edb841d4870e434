// Our Minecraft client against our responder over real TCP (127.0.0.1 and ::1), and
// against scripted hostile servers; SRV through a real DNS server (dnsmasq) on loopback.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { query, serve, encodeResponse, decodeRequest, encodeVarInt } from 'gamequery';
import { DNSMASQ } from '../../scripts/ensure-system.mjs';
import { javaState, fakeTcpServer, FAVICON } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
async function start(state = javaState(), options = {}) {
  const s = await serve('minecraft-java', state, { host: '127.0.0.1', port: 0, ...options });
  closers.push(() => s.close());
  return s;
}
async function fake(onConnection, host) {
  const f = await fakeTcpServer(onConnection, host);
  closers.push(f.close);
  return f;
}

for (const host of ['127.0.0.1', '::1']) {
  test(`status, MOTD renderings, sample, favicon, ping over ${host}`, async () => {
    const server = await start(javaState(), { host });
    const target = host.includes(':') ? `[${host}]:${server.port}` : `${host}:${server.port}`;
    const s = await query('minecraft-java', target, { timeout: 2000 });
    assert.equal(s.protocol, 'minecraft-java');
    assert.equal(s.address, host);
    assert.equal(s.name, 'gamequery test\nsecond line');
    assert.equal(s.version, '1.21.4');
    assert.deepEqual(s.players, { online: 5, max: 100, bots: null, partial: true, list: [{ name: 'Steve', id: '8667ba71-b85a-4004-af54-457a9734eed7' }, { name: 'Alex', id: 'ec561538-f3fd-461d-aff5-086b22154bce' }] });
    assert.equal(s.raw.latencySource, 'ping');
    assert.equal(s.raw.legacy, false);
    assert.equal(s.raw.favicon.dataUri, FAVICON);
    assert.equal(s.raw.favicon.byteLength, 70);
    assert.equal(s.raw.enforcesSecureChat, true);
    assert.equal(s.raw.motd.ansi, '\x1b[33mgamequery \x1b[0m\x1b[38;2;51;102;255;1mtest\x1b[0m\x1b[33;3m\nsecond line\x1b[0m');
    assert.equal(s.raw.motd.html, '<span style="color:#ffaa00">gamequery </span><span style="color:#3366ff;font-weight:bold">test</span><span style="color:#ffaa00;font-style:italic"><br>second line</span>');
    assert.equal(s.raw.motd.minecraft, '§6gamequery §x§3§3§6§6§f§f§ltest§6§o\nsecond line');
  });
}

test('all three legacy pings against our responder', async () => {
  const server = await start();
  for (const variant of ['beta', '1.4', '1.6']) {
    const s = await query('minecraft-legacy', `127.0.0.1:${server.port}`, { variant, timeout: 2000 });
    assert.equal(s.name, 'gamequery test\nsecond line');
    assert.deepEqual([s.players.online, s.players.max], [5, 100]);
    assert.equal(s.raw.variant, variant === 'beta' ? 'beta' : '1.4');
    if (variant !== 'beta') assert.deepEqual([s.raw.protocol, s.version], [127, '1.21.4']);
  }
});

test('serve(query().raw) mirrors the server; update() changes it', async () => {
  const first = await start();
  const a = await query('minecraft-java', `127.0.0.1:${first.port}`);
  const mirror = await start(a.raw);
  const b = await query('minecraft-java', `127.0.0.1:${mirror.port}`);
  assert.deepEqual(b.raw.document, a.raw.document);
  mirror.update({ ...a.raw, players: { ...a.raw.players, online: 77 } });
  assert.equal((await query('minecraft-java', `127.0.0.1:${mirror.port}`)).players.online, 77);
  assert.throws(() => mirror.update({ favicon: 'not a data uri' }), { code: 'GQ_INVALID_ARGUMENT' });
});

test('a server that closes after the status still yields it (latency flagged)', async () => {
  const srv = await fake((socket) => socket.once('data', () => {
    socket.end(encodeResponse('minecraft-java', { type: 'status', version: { name: 'x', protocol: 47 }, players: { online: 1, max: 2 }, motd: 'closing' }));
  }));
  const s = await query('minecraft-java', `127.0.0.1:${srv.port}`, { timeout: 2000 });
  assert.equal(s.name, 'closing');
  assert.equal(s.raw.latencySource, 'status');
});

test('a pre-1.7 server (legacy kick) is read through the legacy fallback, unless disabled', async () => {
  const srv = await fake((socket) => socket.once('data', (d) => {
    const reply = encodeResponse('minecraft-legacy', { variant: '1.4', protocol: 78, version: '1.6.4', motd: '§cOld server', online: 3, max: 8 });
    if (d[0] === 0xfe) socket.end(reply);
    else socket.end(encodeResponse('minecraft-legacy', { variant: 'beta', motd: 'Protocol error', online: 0, max: 0 }));
  }));
  const s = await query('minecraft-java', `127.0.0.1:${srv.port}`, { timeout: 2000 });
  assert.deepEqual([s.name, s.version, s.players.online, s.raw.legacy], ['Old server', '1.6.4', 3, true]);
  await assert.rejects(query('minecraft-java', `127.0.0.1:${srv.port}`, { legacyFallback: false, timeout: 2000 }), { code: 'GQ_UNEXPECTED_OPCODE' });
});

test('a server sending one byte per 100 ms: the deadline is honoured', async () => {
  const srv = await fake((socket) => socket.once('data', () => {
    const bytes = encodeResponse('minecraft-java', { type: 'status', motd: 'x'.repeat(200) });
    let i = 0;
    const timer = setInterval(() => (i < bytes.length && !socket.destroyed ? socket.write(bytes.subarray(i, ++i)) : clearInterval(timer)), 100);
    socket.on('close', () => clearInterval(timer));
  }));
  const t0 = Date.now();
  await assert.rejects(query('minecraft-java', `127.0.0.1:${srv.port}`, { timeout: 500 }), { code: 'GQ_TIMEOUT' });
  const elapsed = Date.now() - t0;
  assert.ok(elapsed >= 450 && elapsed < 3000, `gave up after ${elapsed} ms`);
});

test('hostile frames: 2 GiB length, JSON over the cap, invalid JSON', async () => {
  const reply = (bytes) => fake((socket) => socket.once('data', () => socket.end(bytes)));
  const huge = await reply(new Uint8Array([0x80, 0x80, 0x80, 0x80, 0x08]));
  await assert.rejects(query('minecraft-java', `127.0.0.1:${huge.port}`, { legacyFallback: false }), { code: 'GQ_BAD_LENGTH' });
  const big = await reply(encodeResponse('minecraft-java', { type: 'status', motd: 'y'.repeat(5000) }));
  await assert.rejects(query('minecraft-java', `127.0.0.1:${big.port}`, { maxFrame: 1024 }), { code: 'GQ_FRAME_TOO_LARGE' });
  const json = '{"description": "unterminated';
  const body = [0, ...encodeVarInt(json.length), ...Buffer.from(json)];
  const bad = await reply(new Uint8Array([...encodeVarInt(body.length), ...body]));
  await assert.rejects(query('minecraft-java', `127.0.0.1:${bad.port}`), (e) => e.code === 'GQ_BAD_JSON' && e.text === json);
});

test('the responder drops a client that holds the connection open', async () => {
  const server = await start(javaState(), { connectionTimeout: 300 });
  const t0 = Date.now();
  await new Promise((resolve, reject) => {
    const socket = createConnection(server.port, '127.0.0.1');
    socket.on('connect', () => socket.write(Buffer.from([0x10])));
    socket.on('close', resolve);
    socket.on('error', reject);
  });
  const elapsed = Date.now() - t0;
  assert.ok(elapsed >= 250 && elapsed < 3000, `closed after ${elapsed} ms`);
});

// dnsmasq on a random port below Linux's ephemeral range (32768+), where the test's own
// servers live; a port some other process holds is retried, not a failure.
async function dnsmasq(records) {
  let stderr = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = 10000 + Math.floor(Math.random() * 22000);
    const dns = spawn(DNSMASQ, ['--no-daemon', '--conf-file=/dev/null', '--no-resolv', '--no-hosts', '--bind-interfaces',
      '--listen-address=127.0.0.1', `--port=${port}`, '--user=root', '--pid-file=', ...records],
    { stdio: ['ignore', 'ignore', 'pipe'] });
    closers.push(() => dns.kill());
    stderr = '';
    dns.stderr.on('data', (d) => { stderr += d; });
    // Up once it answers (any answer: NXDOMAIN for a name it does not hold); a fixed wait
    // lost the first lookup on a busy machine.
    const { Resolver } = await import('node:dns/promises');
    const resolver = new Resolver({ timeout: 200, tries: 1 });
    resolver.setServers([`127.0.0.1:${port}`]);
    for (let t = 0; t < 25 && dns.exitCode === null; t++) {
      const code = await resolver.resolve4('ready.gamequery.test').then(() => 'OK', (e) => e.code);
      if (code !== 'ETIMEOUT' && code !== 'ECONNREFUSED') return port;
      await new Promise((r) => setTimeout(r, 100));
    }
    if (dns.exitCode === null) return port;
    if (!/in use/.test(stderr)) break;
  }
  assert.fail(`dnsmasq exited: ${stderr}`);
}

test('SRV: _minecraft._tcp through dnsmasq on loopback; the handshake carries the target', async () => {
  let handshake;
  const srv = await fake((socket) => socket.once('data', (d) => {
    handshake = decodeRequest('minecraft-java', d);
    socket.end(encodeResponse('minecraft-java', { type: 'status', motd: 'via SRV', players: { online: 0, max: 1 } }));
  }));
  const dnsPort = await dnsmasq([`--srv-host=_minecraft._tcp.play.gamequery.test,mc1.gamequery.test,${srv.port},0,5`,
    '--address=/mc1.gamequery.test/127.0.0.1']);
  const s = await query('minecraft-java', 'play.gamequery.test', { dnsServer: `127.0.0.1:${dnsPort}`, timeout: 2000 });
  assert.equal(s.name, 'via SRV');
  assert.deepEqual(s.raw.srv, { target: 'mc1.gamequery.test', port: srv.port });
  assert.equal(s.port, srv.port);
  assert.deepEqual([handshake.host, handshake.port], ['mc1.gamequery.test', srv.port]);
  // With an explicit port (or srv: false) no SRV lookup happens.
  await assert.rejects(query('minecraft-java', 'play.gamequery.test:25565', { dnsServer: `127.0.0.1:${dnsPort}`, timeout: 1000 }), { code: 'GQ_DNS' });
});

test('AbortSignal and bad options', async () => {
  const silent = await fake(() => {});
  const c = new AbortController();
  setTimeout(() => c.abort(), 50);
  await assert.rejects(query('minecraft-java', `127.0.0.1:${silent.port}`, { timeout: 10_000, signal: c.signal }), { code: 'GQ_ABORTED' });
  await assert.rejects(query('minecraft-java', '127.0.0.1:1', { srv: 'sometimes' }), { code: 'GQ_INVALID_ARGUMENT' });
  await assert.rejects(query('minecraft-legacy', '127.0.0.1:1', { variant: '1.9' }), { code: 'GQ_INVALID_ARGUMENT' });
  await assert.rejects(query('minecraft-java', '127.0.0.1:1', { dnsServer: 'nope' }), { code: 'GQ_INVALID_ARGUMENT' });
});
