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
import { fakeTcpServer, toHex } from './helpers.mjs';

const { rcon } = addon;
const both = [['addon', addon], ['wasm', wasm]];
const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const packet = (id, type, body = '') => {
  const b = Buffer.from(body, 'utf8');
  const out = Buffer.alloc(14 + b.length);
  out.writeInt32LE(10 + b.length, 0);
  out.writeInt32LE(id, 4);
  out.writeInt32LE(type, 8);
  b.copy(out, 12);
  return out;
};

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
