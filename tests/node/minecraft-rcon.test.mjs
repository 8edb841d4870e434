// Source RCON: the `source-rcon` packet codec and FrameDecoder in both packages, and
// rcon('minecraft-java') against scripted servers that behave as the decompiled vanilla
// server does (one packet per read — two in one read drop the connection —, output
// split every 4096 characters, "Unknown request 0" for the sentinel, id −1 for a wrong
// password) and as SRCDS does (an empty value before the login's answer, the sentinel
// mirrored then `00 01 00 00`). Both engines run this file.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fakeTcpServer, toHex, rconPacket as packet } from './helpers.mjs';

const { rcon } = addon;
const both = [['addon', addon], ['wasm', wasm]];
const closers = [];
after(() => Promise.all(closers.map((c) => c())));

/** Reads whole packets off a socket; `strict`: as vanilla, a read holding two kills it. */
function packets(socket, onPacket, { strict = false } = {}) {
  let buf = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    if (strict && chunk.length >= 4 && chunk.readInt32LE(0) + 4 < chunk.length) {
      socket.destroy();
      return;
    }
    buf = Buffer.concat([buf, chunk]);
    while (buf.length >= 4 && buf.length >= buf.readInt32LE(0) + 4) {
      const size = buf.readInt32LE(0);
      onPacket({ id: buf.readInt32LE(4), type: buf.readInt32LE(8), body: buf.subarray(12, size + 2).toString('utf8') });
      buf = buf.subarray(size + 4);
    }
  });
}

/** Vanilla Minecraft's RCON thread, as decompiled. */
async function vanilla(password, run) {
  const seen = [];
  const server = await fakeTcpServer((socket) => {
    let authed = false;
    packets(socket, (p) => {
      seen.push(p);
      if (p.type === 3) {
        authed = p.body === password;
        socket.write(packet(authed ? p.id : -1, 2));
      } else if (!authed) {
        socket.write(packet(-1, 2));
      } else if (p.type === 2) {
        const out = run(p.body);
        // sendCmdResponse: 4096-character slices, each its own packet.
        for (let i = 0; i < Math.max(out.length, 1); i += 4096) socket.write(packet(p.id, 0, out.slice(i, i + 4096)));
      } else {
        socket.write(packet(p.id, 0, `Unknown request ${p.type.toString(16)}`));
      }
    }, { strict: true });
  });
  closers.push(server.close);
  return { port: server.port, seen };
}

test('the source-rcon codec: golden bytes, both packages, frames however chunked', async () => {
  for (const [, pkg] of both) {
    assert.equal(toHex(pkg.encodeRequest('source-rcon', { id: 1, type: 3, body: 'pw' })), '0c0000000100000003000000707700' + '00');
    assert.deepEqual(pkg.decodeResponse('source-rcon', packet(-1, 2)), { id: -1, type: 2, body: '' });
    const stream = Buffer.concat([packet(7, 0, 'a'.repeat(5000)), packet(8, 0, 'é')]);
    const frames = new pkg.FrameDecoder('source-rcon');
    const out = [];
    for (let i = 0; i < stream.length; i += 333) out.push(...frames.push(stream.subarray(i, i + 333)));
    assert.deepEqual(out.map((f) => pkg.decodeResponse('source-rcon', f).body.length), [5000, 1]);
    assert.throws(() => new pkg.FrameDecoder('source-rcon').push(Buffer.from('05000000', 'hex')), (e) => e.code === 'GQ_BAD_LENGTH');
    assert.throws(() => pkg.decodeResponse('source-rcon', packet(1, 0, 'x').subarray(0, 12)), (e) => e.code === 'GQ_TRUNCATED' && e.field === 'body');
  }
  await assert.rejects(addon.query('source-rcon', '127.0.0.1:1'), (e) => e.code === 'GQ_INVALID_ARGUMENT' && /rcon\('minecraft-java'/.test(e.message));
});

test('rcon(minecraft-java) against vanilla: one packet per read, output split at 4096 characters', async () => {
  const long = `§6There are 3 of a max of 20 players online: §f${'Steve, '.repeat(1000)}Alex`;
  const server = await vanilla('s3cret', (cmd) => (cmd === 'list' ? long : `Unknown command: ${cmd}`));
  const lines = await rcon('minecraft-java', `127.0.0.1:${server.port}`, { password: 's3cret', timeout: 3000 }, 'list');
  assert.deepEqual(lines, [long.replace(/§./g, '')]);
  // Login, command, and the sentinel only after the first reply packet.
  assert.deepEqual(server.seen.map((p) => [p.id, p.type]), [[1, 3], [2, 2], [3, 0]]);
  const ansi = await rcon('minecraft-java', `127.0.0.1:${server.port}`, { password: 's3cret', format: 'ansi' }, 'say hi');
  assert.deepEqual(ansi, ['Unknown command: say hi']);
  const raw = await rcon('minecraft-java', { host: '127.0.0.1', port: server.port }, { password: 's3cret', format: 'minecraft' }, 'list');
  assert.equal(raw[0], long);
});

test('a wrong password is GQ_RCON_AUTH; a long command is refused before sending; a closed port', async () => {
  const server = await vanilla('right', () => '');
  const e = await rcon('minecraft-java', `127.0.0.1:${server.port}`, { password: 'wrong' }, 'list').catch((err) => err);
  assert.equal(e.code, 'GQ_RCON_AUTH');
  assert.match(e.message, /^Minecraft RCON of 127\.0\.0\.1:\d+: the server refused the RCON password$/);
  assert.equal(e.protocol, 'minecraft-java');
  const long = await rcon('minecraft-java', `127.0.0.1:${server.port}`, { password: 'right' }, 'x'.repeat(1447)).catch((err) => err);
  assert.equal(long.code, 'GQ_INVALID_ARGUMENT');
  assert.match(long.message, /1446/);
  const closed = await rcon('minecraft-java', '127.0.0.1:1', { password: 'x', timeout: 1000 }, 'list').catch((err) => err);
  assert.equal(closed.code, 'GQ_PORT_CLOSED');
  const missing = await rcon('minecraft-java', '127.0.0.1:1', {}, 'list').catch((err) => err);
  assert.equal(missing.code, 'GQ_INVALID_ARGUMENT');
});

test('SRCDS-style: an empty value before the login answer, a mirrored sentinel', async () => {
  const server = await fakeTcpServer((socket) => packets(socket, (p) => {
    if (p.type === 3) socket.write(Buffer.concat([packet(p.id, 0), packet(p.id, 2)]));
    else if (p.type === 2) socket.write(Buffer.concat([packet(p.id, 0, 'hostname: test\n'), packet(p.id, 0, 'players : 0\n')]));
    else socket.write(Buffer.concat([packet(p.id, 0), packet(p.id, 0, '\u0000\u0001\u0000\u0000')]));
  }));
  closers.push(server.close);
  const lines = await rcon('minecraft-java', `127.0.0.1:${server.port}`, { password: 'x' }, 'status');
  assert.deepEqual(lines, ['hostname: test', 'players : 0']);
});

test('a server that never answers the command ends at the deadline', async () => {
  const server = await fakeTcpServer((socket) => packets(socket, (p) => { if (p.type === 3) socket.write(packet(p.id, 2)); }));
  closers.push(server.close);
  const t0 = performance.now();
  const e = await rcon('minecraft-java', `127.0.0.1:${server.port}`, { password: 'x', timeout: 800 }, 'list').catch((err) => err);
  const took = performance.now() - t0;
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.match(e.message, /the command's reply/);
  assert.ok(took >= 790 && took < 1100, `${took} ms`);
});

// ── The responder: serve('minecraft-java', state, { rcon }) ──────────────────────────
const { serve, rconSession } = addon;
const mcState = { version: { name: '1.21.4', protocol: 769 }, players: { online: 2, max: 20 }, motd: 'RCON test' };
const listLine = '§6There are 2 of a max of 20 players online: §fSteve, Alex';

async function rconServer(handler = (command) => (command === 'list' ? listLine : `Unknown command: ${command}`)) {
  const server = await serve('minecraft-java', mcState, { host: '127.0.0.1', port: 0, rcon: { port: 0, password: 'pw', handler } });
  closers.push(() => server.close());
  assert.ok(server.rconPort > 0 && server.rconPort !== server.port);
  return server;
}

/** Talks to a responder packet by packet: `send(...)` then `next()` for each packet back. */
async function rawClient(port) {
  const { connect } = await import('node:net');
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const queue = [];
  let wake;
  packets(socket, (p) => {
    queue.push(p);
    wake?.();
  });
  closers.push(() => socket.destroy());
  return {
    send: (...ps) => socket.write(Buffer.concat(ps)),
    next: async () => {
      while (!queue.length) await new Promise((r) => (wake = r));
      return queue.shift();
    },
    closed: new Promise((r) => socket.once('close', r)),
  };
}

test('serve(minecraft-java) answers RCON as vanilla: login, commands in order, output split every 4096 characters', async () => {
  const long = 'é'.repeat(5000);
  const server = await rconServer(async (command) => (command === 'long' ? [long] : ['a', 'b']));
  const c = await rawClient(server.rconPort);
  // Before the login a command is refused as vanilla refuses it: id −1.
  c.send(packet(5, 2, 'list'));
  assert.deepEqual(await c.next(), { id: -1, type: 2, body: '' });
  c.send(packet(7, 3, 'pw'));
  assert.deepEqual(await c.next(), { id: 7, type: 2, body: '' });
  // Pipelined in one write (vanilla would drop the connection): answered in order.
  c.send(packet(8, 2, 'long'), packet(9, 0, ''), packet(10, 2, 'two'));
  const first = await c.next();
  const second = await c.next();
  assert.deepEqual([first.id, first.type, [...first.body].length], [8, 0, 4096]);
  assert.deepEqual([second.id, [...second.body].length], [8, 904]);
  assert.equal(first.body + second.body, long);
  assert.deepEqual(await c.next(), { id: 9, type: 0, body: 'Unknown request 0' });
  assert.deepEqual(await c.next(), { id: 10, type: 0, body: 'a\nb' });
  // A wrong password answers −1; a packet above Valve's 4096 bytes closes the connection.
  c.send(packet(11, 3, 'nope'));
  assert.deepEqual(await c.next(), { id: -1, type: 2, body: '' });
  c.send(packet(12, 2, 'x'.repeat(5000)));
  await c.closed;
});

test('rcon() and minecraft-server-util 5.4.4 (its RCON client) read our RCON responder', async () => {
  const server = await rconServer();
  const lines = await rcon('minecraft-java', `127.0.0.1:${server.rconPort}`, { password: 'pw', timeout: 2000 }, 'list');
  assert.deepEqual(lines, ['There are 2 of a max of 20 players online: Steve, Alex']);
  const { RCON } = await import('minecraft-server-util');
  const client = new RCON();
  await client.connect('127.0.0.1', server.rconPort);
  await client.login('pw', { timeout: 2000 });
  assert.equal(await client.execute('list'), listLine);
  assert.equal(await client.execute('time set day'), 'Unknown command: time set day');
  client.close();
  const refused = new RCON();
  await refused.connect('127.0.0.1', server.rconPort);
  await assert.rejects(refused.login('wrong', { timeout: 2000 }));
  refused.close();
});

test('rconSession: one login, commands in order on one connection, then closed', async () => {
  const seen = [];
  const server = await rconServer(async (command) => {
    seen.push(command);
    // The first command answers last: order comes from the session, not from timing.
    if (command === 'slow') await new Promise((r) => setTimeout(r, 50));
    return `did ${command}`;
  });
  const session = await rconSession('minecraft-java', `127.0.0.1:${server.rconPort}`, { password: 'pw', timeout: 2000, format: 'minecraft' });
  const results = await Promise.all(['slow', 'fast', 'list'].map((c) => session.run(c)));
  assert.deepEqual(results, [['did slow'], ['did fast'], ['did list']]);
  assert.deepEqual(seen, ['slow', 'fast', 'list']);
  assert.deepEqual(await session.run('say §ahi'), ['did say §ahi']);
  const long = await session.run('x'.repeat(1447)).catch((e) => e);
  assert.equal(long.code, 'GQ_INVALID_ARGUMENT');
  assert.deepEqual(await session.run('still'), ['did still'], 'a refused command leaves the session usable');
  await session.close();
  const after = await session.run('list').catch((e) => e);
  assert.equal(after.code, 'GQ_NETWORK');
  assert.match(after.message, /^Minecraft RCON of 127\.0\.0\.1:\d+: the RCON session is closed$/);
  const wrong = await rconSession('minecraft-java', `127.0.0.1:${server.rconPort}`, { password: 'nope' }).catch((e) => e);
  assert.equal(wrong.code, 'GQ_RCON_AUTH');
  const closed = await rconSession('minecraft-java', '127.0.0.1:1', { password: 'x', timeout: 1000 }).catch((e) => e);
  assert.equal(closed.code, 'GQ_PORT_CLOSED');
  for (const [protocol, pattern] of [['samp', /rcon\('samp'/], ['sqp', /minecraft-java/]]) {
    const e = await rconSession(protocol, '127.0.0.1:1', { password: 'x' }).catch((err) => err);
    assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
    assert.match(e.message, pattern);
  }
});

test('rconSession against vanilla: each command its own ids, a silent reply ends the session at its deadline', async () => {
  const server = await vanilla('pw', (cmd) => (cmd === 'list' ? listLine : ''));
  const session = await rconSession('minecraft-java', `127.0.0.1:${server.port}`, { password: 'pw', timeout: 1000 });
  assert.deepEqual(await session.run('list'), ['There are 2 of a max of 20 players online: Steve, Alex']);
  assert.deepEqual(await session.run('save-all'), []);
  assert.deepEqual(server.seen.map((p) => [p.id, p.type]), [[1, 3], [2, 2], [3, 0], [4, 2], [5, 0]]);
  await session.close();

  const silent = await fakeTcpServer((socket) => packets(socket, (p) => { if (p.type === 3) socket.write(packet(p.id, 2)); }));
  closers.push(silent.close);
  const s = await rconSession('minecraft-java', `127.0.0.1:${silent.port}`, { password: 'x', timeout: 600 });
  const t0 = performance.now();
  const e = await s.run('list').catch((err) => err);
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.match(e.message, /the command's reply/);
  assert.ok(performance.now() - t0 < 1500);
  assert.equal((await s.run('list').catch((err) => err)).code, 'GQ_NETWORK', 'a reply still in flight ends the session');
  const controller = new AbortController();
  const s2 = await rconSession('minecraft-java', `127.0.0.1:${silent.port}`, { password: 'x', timeout: 5000 });
  setTimeout(() => controller.abort(), 50);
  const aborted = await s2.run('list', { signal: controller.signal }).catch((err) => err);
  assert.equal(aborted.name, 'AbortError');
  await s2.close();
});

test('serve options for RCON are checked', async () => {
  const bad = [
    [{ rcon: { port: 0, password: 'pw' } }, /handler/],
    [{ rcon: { port: 0, password: '', handler: () => [] } }, /must not be empty/],
  ];
  for (const [options, pattern] of bad) {
    const e = await serve('minecraft-java', mcState, { host: '127.0.0.1', port: 0, ...options }).catch((err) => err);
    assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
    assert.match(e.message, pattern);
  }
  const samp = await serve('samp', { info: { password: false, players: 0, maxPlayers: 10, hostname: 'x', gamemode: 'g', language: 'l' } }, { host: '127.0.0.1', port: 0, rcon: { port: 1, password: 'pw', handler: () => [] } }).catch((err) => err);
  assert.equal(samp.code, 'GQ_INVALID_ARGUMENT');
  assert.match(samp.message, /port/);
});
