// Our client against our responder over real UDP on 127.0.0.1 and ::1, and against
// scripted fake servers for the hostile cases.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { query, queryMany, rcon, serve, encodeResponse, decodeRequest } from 'gamequery';
import { fakeServer, legacyState, openMpState, players } from './helpers.mjs';

const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));
async function start(state, options = {}) {
  const s = await serve('samp', state, { host: '127.0.0.1', port: 0, ...options });
  servers.push(s);
  return s;
}

for (const host of ['127.0.0.1', '::1']) {
  const target = (port) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

  test(`open.mp server over ${host}: c list, extras, detection, utf-8`, async () => {
    const state = openMpState(20);
    const server = await start(state, { host });
    const s = await query('samp', target(server.port), { timeout: 500 });
    assert.equal(s.protocol, 'samp');
    assert.equal(s.address, host);
    assert.equal(s.port, server.port);
    assert.equal(s.name, state.info.hostname);
    assert.equal(s.mode, 'Freeroam');
    assert.equal(s.map, 'San Andreas');
    assert.equal(s.version, 'omp 1.4.0.2779');
    assert.deepEqual(s.players.list.map((p) => [p.name, p.score]), state.players.map((p) => [p.name, p.score]));
    assert.equal(s.players.online, 20);
    assert.equal(s.raw.isOpenMp, true);
    assert.equal(s.raw.playersSource, 'c');
    assert.deepEqual(s.raw.openMp, state.openMp);
    assert.deepEqual(s.raw.rules, state.rules);
    assert.equal(s.raw.encoding, 'utf-8');
    assert.equal(s.raw.latencySource, 'ping');
    assert.equal(typeof s.pingMs, 'number');
  });

  test(`legacy SA:MP server over ${host}: d list with ids and pings, cp1251, negative scores`, async () => {
    const state = legacyState(12);
    const server = await start(state, { host, legacy: true });
    const s = await query('samp', target(server.port), { timeout: 300 });
    assert.equal(s.name, 'Русский сервер ролевой игры');
    assert.equal(s.mode, 'Ролевая игра');
    assert.equal(s.password, true);
    assert.equal(s.raw.encoding, 'windows-1251');
    assert.equal(s.raw.isOpenMp, false);
    assert.equal(s.raw.playersSource, 'd');
    assert.deepEqual(s.raw.players, state.players);
    assert.ok(s.raw.players.some((p) => p.score < 0));
    assert.equal(s.players.list[3].id, 3);
    assert.equal(s.raw.openMp, undefined);
  });
}

test('serving a query result mirrors the server, byte for byte', async () => {
  const original = await start(legacyState(5), { legacy: true });
  const first = await query('samp', `127.0.0.1:${original.port}`, { timeout: 300 });
  const mirror = await start(first.raw, { legacy: true });
  const second = await query('samp', `127.0.0.1:${mirror.port}`, { timeout: 300 });
  const strip = ({ latencyMs, ...raw }) => raw;
  assert.deepEqual(strip(second.raw), strip(first.raw));
});

test('players option chooses c, d or nothing', async () => {
  const server = await start(legacyState(4), { legacy: true });
  const t = `127.0.0.1:${server.port}`;
  assert.equal((await query('samp', t, { players: 'c', timeout: 300 })).raw.playersSource, 'c');
  const d = await query('samp', t, { players: 'd', timeout: 300 });
  assert.equal(d.raw.playersSource, 'd');
  assert.equal(d.raw.players[2].ping, 12);
  const none = await query('samp', t, { players: false, timeout: 300 });
  assert.deepEqual(none.players.list, []);
  assert.equal(none.raw.playersSource, undefined);
  await assert.rejects(query('samp', t, { players: 'all' }), { code: 'GQ_INVALID_ARGUMENT' });
});

test('openMp: false and ping: false leave out the o and p requests, in query and queryMany', async () => {
  const server = await start(openMpState(3));
  // Between client and responder: what the client asks, by opcode, as the server sees it.
  let asked = [];
  const back = dgram.createSocket('udp4');
  await new Promise((resolve) => back.bind(0, '127.0.0.1', resolve));
  let client;
  const front = await fakeServer((msg, rinfo, socket) => {
    asked.push(String.fromCharCode(msg[10]));
    client = { port: rinfo.port, address: rinfo.address, socket };
    back.send(msg, server.port, '127.0.0.1');
  });
  back.on('message', (msg) => client.socket.send(msg, client.port, client.address));
  const target = `127.0.0.1:${front.port}`;
  try {
    const cases = [
      [{}, 'ciopr', true, 'ping'],
      [{ openMp: false }, 'cipr', false, 'ping'],
      [{ ping: false }, 'cior', true],
      [{ openMp: false, ping: false }, 'cir', false],
    ];
    for (const [options, requests, extras, latencySource] of cases) {
      const many = async () => {
        for await (const item of queryMany([target], { protocol: 'samp', ...options })) return item.status;
      };
      for (const run of [() => query('samp', target, options), many]) {
        asked = [];
        const s = await run();
        assert.equal(asked.sort().join(''), requests, JSON.stringify(options));
        assert.deepEqual(s.players.list.map((p) => p.name), ['Player_0', 'Player_1', 'Player_2']);
        assert.equal(s.raw.isOpenMp, true);
        assert.deepEqual(s.raw.openMp, extras ? openMpState(3).openMp : undefined);
        if (latencySource) assert.equal(s.raw.latencySource, latencySource);
        else assert.notEqual(s.raw.latencySource, 'ping');
        assert.equal(typeof s.pingMs, 'number');
      }
    }
    await assert.rejects(query('samp', target, { ping: 'no' }), { code: 'GQ_INVALID_ARGUMENT' });
    await assert.rejects(query('samp', target, { openMp: 0 }), { code: 'GQ_INVALID_ARGUMENT' });
  } finally {
    await front.close();
    await new Promise((resolve) => back.close(resolve));
  }
});

test('more than 100 players: the list is reported withheld, without waiting', async () => {
  const server = await start(openMpState(150));
  const s = await query('samp', `127.0.0.1:${server.port}`, { timeout: 5000 });
  assert.equal(s.players.online, 150);
  assert.deepEqual(s.players.list, []);
  assert.match(s.raw.playersWithheld, /150 players/);
  assert.equal(s.raw.isOpenMp, true);
});

test('open.mp detected by its o reply even with a custom version rule', async () => {
  const state = openMpState(3);
  state.rules.version = 'custom build';
  const server = await start(state);
  const s = await query('samp', `127.0.0.1:${server.port}`, { timeout: 5000 });
  assert.equal(s.raw.isOpenMp, true);
  assert.equal(s.raw.playersSource, 'c');
});

test('update() changes what the responder serves', async () => {
  const state = openMpState(2);
  const server = await start(state);
  server.update({ ...state, info: { ...state.info, players: 3, hostname: 'renamed' }, players: players(3, { detailed: false }) });
  const s = await query('samp', `127.0.0.1:${server.port}`, { timeout: 500 });
  assert.equal(s.name, 'renamed');
  assert.equal(s.players.list.length, 3);
  assert.throws(() => server.update({ nope: 1 }), { code: 'GQ_INVALID_ARGUMENT' });
});

test('RCON: lines from the handler, async handlers, wrong password', async () => {
  const seen = [];
  const server = await start(legacyState(1), {
    legacy: true,
    rcon: { password: 's3cret', handler: async (cmd) => { seen.push(cmd); return cmd === 'players' ? ['ID Name', '0 Player_0'] : `unknown: ${cmd}`; } },
  });
  const t = { host: '127.0.0.1', port: server.port };
  assert.deepEqual(await rcon('samp', t, { password: 's3cret' }, 'players'), ['ID Name', '0 Player_0']);
  assert.deepEqual(await rcon('samp', t, { password: 's3cret', idle: 100 }, 'gmx'), ['unknown: gmx']);
  await assert.rejects(rcon('samp', t, { password: 'wrong' }, 'players'), { code: 'GQ_RCON_AUTH' });
  assert.deepEqual(seen, ['players', 'gmx']);
});

test('RCON with Cyrillic in a cp1251 console', async () => {
  const server = await start({ ...legacyState(1) }, { legacy: true, rcon: { password: 'p', handler: (cmd) => [`Игрок ${cmd.slice(4)} кикнут`] } });
  const lines = await rcon('samp', `127.0.0.1:${server.port}`, { password: 'p', encoding: 'windows-1251' }, 'say Привет');
  assert.deepEqual(lines, ['Игрок Привет кикнут']);
});

test('timeout is the whole call: silence rejects with GQ_TIMEOUT at the deadline, retries inside it', async () => {
  let received = 0;
  const silent = await fakeServer(() => received++);
  const t0 = Date.now();
  const err = await query('samp', `127.0.0.1:${silent.port}`, { timeout: 600, retries: 2 }).catch((e) => e);
  const elapsed = Date.now() - t0;
  assert.equal(err.code, 'GQ_TIMEOUT');
  assert.equal(err.attempts, 3);
  assert.equal(received, 3, 'one attempt plus two retries, each after a third of the budget');
  assert.ok(elapsed >= 600 && elapsed < 800, `gave up after ${elapsed} ms`);
  await silent.close();
});

test('AbortSignal aborts a running query', async () => {
  const silent = await fakeServer(() => {});
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  const t0 = Date.now();
  await assert.rejects(query('samp', `127.0.0.1:${silent.port}`, { timeout: 10_000, signal: controller.signal }), { code: 'GQ_ABORTED' });
  assert.ok(Date.now() - t0 < 5000);
  await assert.rejects(query('samp', `127.0.0.1:${silent.port}`, { signal: AbortSignal.abort() }), { code: 'GQ_ABORTED' });
  // Aborted right after the call, before the addon's task first runs.
  const early = new AbortController();
  const t1 = Date.now();
  const pending = query('samp', `127.0.0.1:${silent.port}`, { timeout: 10_000, signal: early.signal });
  early.abort();
  await assert.rejects(pending, { code: 'GQ_ABORTED' });
  assert.ok(Date.now() - t1 < 2000, 'the early abort was not lost');
  await silent.close();
});

test('stray, wrong-echo and malformed datagrams are ignored', async () => {
  const state = openMpState(2);
  const real = await start(state);
  // A man in the middle: forwards to the real responder, but first sprays junk at the client.
  const { default: dgram } = await import('node:dgram');
  const upstream = dgram.createSocket('udp4');
  await new Promise((r) => upstream.bind(0, '127.0.0.1', r));
  const stranger = dgram.createSocket('udp4');
  await new Promise((r) => stranger.bind(0, '127.0.0.1', r));
  let client;
  let proxySocket;
  upstream.on('message', (msg) => proxySocket.send(msg, client.port, client.address));
  const proxy = await fakeServer((msg, rinfo, socket) => {
    client = rinfo;
    proxySocket = socket;
    const req = decodeRequest('samp', msg);
    const wrongEcho = Buffer.from(msg);
    wrongEcho[9] ^= 0xff;
    socket.send(Buffer.concat([wrongEcho, Buffer.from([0, 0])]), rinfo.port, rinfo.address);
    socket.send(Buffer.from('garbage'), rinfo.port, rinfo.address);
    socket.send(Buffer.from(encodeResponse('samp', { opcode: 'i', ip: req.ip, port: req.port + 1, password: true, players: 9, maxPlayers: 9, hostname: 'spoof', gamemode: '', language: '' })), rinfo.port, rinfo.address);
    stranger.send(Buffer.from(encodeResponse('samp', { opcode: 'i', ip: req.ip, port: req.port, password: true, players: 9, maxPlayers: 9, hostname: 'stranger', gamemode: '', language: '' })), rinfo.port, rinfo.address);
    setTimeout(() => upstream.send(msg, real.port, '127.0.0.1'), 20);
  });
  const s = await query('samp', `127.0.0.1:${proxy.port}`, { timeout: 1000 });
  assert.equal(s.name, state.info.hostname);
  assert.equal(s.players.online, 2);
  await proxy.close();
  upstream.close();
  stranger.close();
});

test('bad targets and hosts fail with typed errors', async () => {
  await assert.rejects(query('samp', 'host:99999'), { code: 'GQ_INVALID_ARGUMENT' });
  await assert.rejects(query('samp', ''), { code: 'GQ_INVALID_ARGUMENT' });
  await assert.rejects(query('samp', 'no-such-host.invalid:7777', { timeout: 2000 }), (e) => ['GQ_DNS', 'GQ_TIMEOUT'].includes(e.code));
  await assert.rejects(query('samp', '127.0.0.1:7777', { family: 6 }), { code: 'GQ_INVALID_ARGUMENT' });
  await assert.rejects(query('minecraft-pe', '127.0.0.1'), { code: 'GQ_INVALID_ARGUMENT' });
});

test('the responder limits each source (anti-amplification)', async () => {
  const server = await start(openMpState(1), { rateLimit: { burst: 3, perSecond: 1 } });
  const { default: dgram } = await import('node:dgram');
  const socket = dgram.createSocket('udp4');
  let replies = 0;
  socket.on('message', () => replies++);
  const req = Buffer.from('SAMP\x7f\x00\x00\x01\x00\x00i', 'latin1');
  for (let i = 0; i < 20; i++) socket.send(req, server.port, '127.0.0.1');
  await new Promise((r) => setTimeout(r, 300));
  socket.close();
  assert.equal(replies, 3);
});

test('VC:MP: a reply with its version cut, or in SA:MP\'s magic, is no answer; the call ends typed and on time', async () => {
  const headerOf = (msg, magic) => Buffer.concat([Buffer.from(magic), msg.subarray(4, 11)]);
  // MP04, but the info ends inside the 12-byte version.
  const cut = await fakeServer((msg, rinfo, socket) => {
    if (msg.subarray(0, 4).toString() === 'VCMP') socket.send(Buffer.concat([headerOf(msg, 'MP04'), Buffer.from('04rel0')]), rinfo.port, rinfo.address);
  });
  servers.push(cut);
  const t0 = performance.now();
  const e = await query('vcm', `127.0.0.1:${cut.port}`, { timeout: 1200 }).catch((err) => err);
  assert.equal(e.code, 'GQ_TRUNCATED');
  assert.match(e.message, /version/);
  // Answered in SA:MP's magic: not VC:MP's reply, so silence.
  const samp = await fakeServer((msg, rinfo, socket) => {
    socket.send(Buffer.concat([headerOf(msg, 'SAMP'), Buffer.alloc(12), Buffer.from([0, 0, 0, 1, 0])]), rinfo.port, rinfo.address);
  });
  servers.push(samp);
  const e2 = await query('vcm', `127.0.0.1:${samp.port}`, { timeout: 600 }).catch((err) => err);
  assert.equal(e2.code, 'GQ_WRONG_PROTOCOL');
  assert.ok(performance.now() - t0 < 1200 + 600 + 2000);
});
