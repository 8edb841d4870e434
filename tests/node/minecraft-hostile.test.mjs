// Hostile Minecraft servers scripted on 127.0.0.1: a Query (GS4) full stat in one 65,000-
// byte datagram, a Query server whose tokens never work, a Bedrock pong of 300 fields, and
// RCON servers that flood, never end, or declare a 2 GiB packet. Every call must end within
// its deadline with a typed error or a correct, bounded result. Both engines run this file
// (GAMEQUERY_ENGINE=wasm).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { query, rcon } from 'gamequery';
import { failure, fakeServer, fakeTcpServer, peakGrowth, rconPacket as packet } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const latin1 = (s) => Buffer.from(s, 'latin1');
const MARGIN = 1000; // ms past `timeout` that a call may take to report its end

// --- Minecraft Query (GameSpy4) -------------------------------------------------------

/** A Query server: a token for every handshake; `stat(request)` is the full stat's reply or null. */
async function gs4(stat) {
  const seen = { handshakes: 0, stats: 0 };
  const server = await fakeServer((msg, rinfo, socket) => {
    if (msg[2] === 9) {
      seen.handshakes++;
      socket.send(Buffer.concat([Buffer.from([9]), msg.subarray(3, 7), latin1(`${9513307 + seen.handshakes}\0`)]), rinfo.port, rinfo.address);
    } else if (msg[2] === 0) {
      seen.stats++;
      const reply = stat(msg);
      if (reply) socket.send(reply, rinfo.port, rinfo.address);
    }
  });
  closers.push(server.close);
  return { port: server.port, seen };
}

const fullStatHead = (msg, numplayers) => Buffer.concat([Buffer.from([0]), msg.subarray(3, 7), latin1('splitnum\0\x80\0'),
  latin1(`hostname\0\xa7cHostile\0gametype\0SMP\0game_id\0MINECRAFT\0version\x001.21.4\0plugins\0\0map\0world\0numplayers\0${numplayers}\0maxplayers\x0010000\0hostport\x0025565\0hostip\x00127.0.0.1\0\0\x01player_\0\0`)]);
/** `n` bytes of garbage without a NUL. */
const garbage = (n) => Buffer.from(Array.from({ length: n }, (_, i) => 1 + ((i * 7919 + 13) % 255)));

test('(a) Query: a full stat of 65,000 bytes in one datagram — every one of ~4,900 names', async () => {
  const names = [];
  for (let len = fullStatHead(Buffer.alloc(7), 9999).length + 1; len + 12 <= 65_000; len += 12) names.push(`Player_${String(names.length).padStart(4, '0')}`);
  const server = await gs4((msg) => {
    const reply = Buffer.concat([fullStatHead(msg, names.length), latin1(`${names.join('\0')}\0\0`)]);
    assert.ok(reply.length > 64_900 && reply.length <= 65_000, `${reply.length}`);
    return reply;
  });
  const t0 = performance.now();
  const s = await query('minecraft-query', `127.0.0.1:${server.port}`, { timeout: 1500 });
  assert.ok(performance.now() - t0 < 1500);
  assert.equal(s.name, 'Hostile');
  assert.equal(s.players.online, names.length);
  assert.equal(s.players.max, 10000);
  assert.equal(s.players.partial, false);
  assert.equal(s.players.list.length, names.length);
  assert.ok(names.length > 4800, `${names.length}`);
  assert.ok(s.players.list.every((p, i) => p.name === names[i]), 'every name, in order');
  assert.equal(s.raw.players.length, names.length);
});

test('(a) Query: 65,000 bytes of garbage are GQ_TRUNCATED naming the field and the byte, at once', async () => {
  // After the player marker: one "name" of 64,8xx bytes that no NUL ends.
  const afterMarker = await gs4((msg) => { const head = fullStatHead(msg, 5); return Buffer.concat([head, garbage(65_000 - head.length)]); });
  let { e, took } = await failure(() => query('minecraft-query', `127.0.0.1:${afterMarker.port}`, { timeout: 1500 }));
  assert.equal(e.code, 'GQ_TRUNCATED');
  assert.equal(e.field, 'player');
  assert.equal(e.offset, fullStatHead(Buffer.alloc(7), 5).length);
  assert.match(e.message, /^Minecraft Query of 127\.0\.0\.1:\d+: player at byte \d+: no NUL ends it$/);
  assert.ok(took < 1000, `${took} ms`);
  // Right after the padding: a key of 64,984 bytes.
  const afterPadding = await gs4((msg) => Buffer.concat([Buffer.from([0]), msg.subarray(3, 7), latin1('splitnum\0\x80\0'), garbage(65_000 - 16)]));
  ({ e, took } = await failure(() => query('minecraft-query', `127.0.0.1:${afterPadding.port}`, { timeout: 1500 })));
  assert.deepEqual([e.code, e.field, e.offset], ['GQ_TRUNCATED', 'key', 16]);
  assert.ok(took < 1000, `${took} ms`);
});

test('(b) Query: a token that never works — GQ_TIMEOUT on time, handshakes bounded', async () => {
  const server = await gs4(() => null); // every handshake answered, no stat ever
  const { e, took } = await failure(() => query('minecraft-query', `127.0.0.1:${server.port}`, { timeout: 1200 }));
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.match(e.message, /^Minecraft Query of 127\.0\.0\.1:\d+: no answer to the stat request \(sent \d+ times\) before the deadline$/);
  assert.ok(took >= 1190 && took <= 1200 + MARGIN, `${took} ms`);
  // Default retries (1): one re-handshake per stat that got nothing, not a handshake storm.
  assert.ok(server.seen.handshakes >= 1 && server.seen.handshakes <= 4, `${server.seen.handshakes} handshakes`);
  assert.ok(server.seen.stats >= 1 && server.seen.stats <= 4, `${server.seen.stats} stats`);
});

// --- Minecraft Bedrock --------------------------------------------------------------------

const MAGIC = Buffer.from('00ffff00fefefefefdfdfdfd12345678', 'hex');
async function bedrock(text) {
  const body = Buffer.from(text, 'utf8');
  const server = await fakeServer((msg, rinfo, socket) => {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(body.length);
    socket.send(Buffer.concat([Buffer.from([0x1c]), msg.subarray(1, 9), Buffer.from('0102030405060708', 'hex'), MAGIC, length, body]), rinfo.port, rinfo.address);
  });
  closers.push(server.close);
  return server.port;
}

test('(c) Bedrock: a pong of 300 fields — the twelve known decoded, the other 288 kept in raw.extra', async () => {
  const fields = ['MCPE', '§aHostile §lPong', '766', '1.21.50', '4', '30', '123', '§bLevel', 'Survival', '1', '19132', '19133'];
  const extra = Array.from({ length: 288 }, (_, i) => `extra${i + 12}`);
  const text = `${[...fields, ...extra].join(';')};`;
  const port = await bedrock(text);
  const t0 = performance.now();
  const s = await query('minecraft-bedrock', `127.0.0.1:${port}`, { timeout: 1500 });
  assert.ok(performance.now() - t0 < 1500);
  assert.deepEqual([s.name, s.map, s.mode, s.version], ['Hostile Pong', 'Level', 'Survival', '1.21.50']);
  assert.deepEqual(s.players, { online: 4, max: 30, bots: null, list: [], partial: true });
  assert.deepEqual([s.raw.protocol, s.raw.serverId, s.raw.gameModeNumeric, s.raw.portV4, s.raw.portV6], [766, '123', 1, 19132, 19133]);
  assert.deepEqual(s.raw.extra, extra);
  assert.equal(s.raw.text, text);
  // 300 empty fields: nothing known, nothing thrown.
  const empty = await query('minecraft-bedrock', `127.0.0.1:${await bedrock(';'.repeat(300))}`, { timeout: 1500 });
  assert.deepEqual([empty.name, empty.version, empty.raw.online, empty.raw.max], ['', null, null, null]);
});

// --- RCON --------------------------------------------------------------------------------

/** An RCON server: accepts any password; `onCommand(socket, p)` and `onSentinel(socket, p)` script the rest. */
async function rconServer({ onCommand, onSentinel = () => {}, onLogin = (socket, p) => socket.write(packet(p.id, 2)) }) {
  const seen = { closed: false };
  const server = await fakeTcpServer((socket) => {
    socket.on('close', () => { seen.closed = true; });
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 4 && buf.length >= buf.readInt32LE(0) + 4) {
        const size = buf.readInt32LE(0);
        const p = { id: buf.readInt32LE(4), type: buf.readInt32LE(8), body: buf.subarray(12, size + 2).toString() };
        buf = buf.subarray(size + 4);
        if (p.type === 3) onLogin(socket, p);
        else if (p.type === 2) onCommand(socket, p);
        else onSentinel(socket, p);
      }
    });
  });
  closers.push(server.close);
  return { target: `127.0.0.1:${server.port}`, seen };
}

// 40 lines of 99 characters: a 4,000-byte body, as vanilla's 4096-character slices.
const SLICE = `${'y'.repeat(99)}\n`.repeat(40);

// One command's output is held until its end is known, so it is bounded (1 MiB,
// MAX_OUTPUT in core/src/source_rcon/session.rs): 10 MB is refused, not returned.
test('(d) RCON: 10 MB of reply packets for one command is a typed error, not 10 MB of lines', async () => {
  const count = Math.ceil((10 << 20) / (SLICE.length + 14));
  // All 10 MB is queued before the sentinel's answer, so it comes last, as vanilla would send it.
  const server = await rconServer({
    onCommand: (socket, p) => socket.write(Buffer.concat(Array.from({ length: count }, () => packet(p.id, 0, SLICE)))),
    onSentinel: (socket, p) => socket.write(packet(p.id, 0, 'Unknown request 0')),
  });
  const { e, took } = await failure(() => rcon('minecraft-java', server.target, { password: 'x', timeout: 1500 }, 'spam'));
  assert.equal(e.code, 'GQ_FRAME_TOO_LARGE', 'refused once over the bound, not at the deadline');
  assert.match(e.message, /^Minecraft RCON of 127\.0\.0\.1:\d+: the command's output passed \d+ bytes$/);
  assert.ok(took <= 1500 + MARGIN, `${took} ms`);
});

test('(e) RCON: reply packets forever, the sentinel never answered — GQ_TIMEOUT at the deadline', async () => {
  // A one-line packet every 5 ms for as long as the connection lives (~20 KB/s: it is the
  // endlessness under test here, not the volume — that is the flood's test below).
  const server = await rconServer({
    onCommand: (socket, p) => {
      const timer = setInterval(() => socket.write(packet(p.id, 0, `${'y'.repeat(99)}\n`)), 5);
      socket.on('close', () => clearInterval(timer));
    },
  });
  const { e, took } = await failure(() => rcon('minecraft-java', server.target, { password: 'x', timeout: 1200 }, 'spam'));
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.match(e.message, /^Minecraft RCON of 127\.0\.0\.1:\d+: no answer to the command's reply \(sent once\) before the deadline$/);
  assert.ok(took >= 1190 && took <= 1200 + MARGIN, `${took} ms`);
  await new Promise((r) => setTimeout(r, 50));
  assert.ok(server.seen.closed, 'the connection is closed at the deadline');
});

// The same bound seen as memory: a server sending reply packets as fast as loopback carries
// them, never answering the sentinel (before the bound, the client held ~480 MB in 1.5 s).
// The flood stops at 128 MB to spare the machine.
test('(e) RCON: a reply flood at full speed keeps memory bounded', async () => {
  const CAP = 128 << 20;
  const server = await rconServer({
    onCommand: (socket, p) => {
      const burst = Buffer.concat(Array.from({ length: 256 }, () => packet(p.id, 0, SLICE))); // ~1 MB
      let sent = 0;
      const pump = () => {
        while (sent < CAP && !socket.destroyed) {
          sent += burst.length;
          if (!socket.write(burst)) return void socket.once('drain', pump);
        }
      };
      pump();
    },
  });
  const { result, growth } = await peakGrowth(() => failure(() => rcon('minecraft-java', server.target, { password: 'x', timeout: 1500 }, 'spam')));
  assert.ok(result.took <= 1500 + MARGIN, `${result.took} ms`);
  assert.ok(growth < 64 << 20, `peak RSS grew by ${(growth / 2 ** 20).toFixed(0)} MB`);
});

test('(f) RCON: a declared packet size of 2^31-1 is refused at once, at the login or the reply', async () => {
  const huge = Buffer.alloc(12);
  huge.writeInt32LE(0x7fffffff, 0);
  huge.writeInt32LE(1, 4);
  huge.writeInt32LE(2, 8);
  // The header alone, then silence with the connection open: nothing to wait for.
  const atLogin = await rconServer({ onLogin: (socket) => socket.write(huge), onCommand: () => {} });
  let { e, took } = await failure(() => rcon('minecraft-java', atLogin.target, { password: 'x', timeout: 1500 }, 'list'));
  assert.equal(e.code, 'GQ_FRAME_TOO_LARGE');
  assert.deepEqual([e.field, e.offset], ['frame length', 0]);
  assert.match(e.message, /^Minecraft RCON of 127\.0\.0\.1:\d+: frame length at byte 0: a frame of 2147483647 bytes exceeds the cap of 65536 bytes$/);
  assert.ok(took < 500, `${took} ms`);
  await new Promise((r) => setTimeout(r, 50));
  assert.ok(atLogin.seen.closed, 'the connection is closed');
  // After a good login and a first reply packet: the offset counts the stream's bytes.
  const first = packet(2, 0, 'first'); // 19 bytes, whatever id the command has
  const atReply = await rconServer({ onCommand: (socket, p) => socket.write(Buffer.concat([packet(p.id, 0, 'first'), huge])) });
  ({ e, took } = await failure(() => rcon('minecraft-java', atReply.target, { password: 'x', timeout: 1500 }, 'list')));
  assert.equal(e.code, 'GQ_FRAME_TOO_LARGE');
  assert.equal(e.field, 'frame length');
  assert.equal(e.offset, 14 + first.length, 'after the login answer and the first packet');
  assert.ok(took < 500, `${took} ms`);
  // Sizes below the 10-byte minimum, and negative ones: GQ_BAD_LENGTH, as fast.
  for (const size of [9, -1, -0x80000000]) {
    const bad = Buffer.alloc(12);
    bad.writeInt32LE(size, 0);
    const server = await rconServer({ onLogin: (socket) => socket.write(bad), onCommand: () => {} });
    ({ e, took } = await failure(() => rcon('minecraft-java', server.target, { password: 'x', timeout: 1500 }, 'list')));
    assert.deepEqual([e.code, e.field, e.offset], ['GQ_BAD_LENGTH', 'frame length', 0], `size ${size}`);
    assert.match(e.message, new RegExp(`frame length ${size}$`));
    assert.ok(took < 500, `${took} ms`);
  }
});
