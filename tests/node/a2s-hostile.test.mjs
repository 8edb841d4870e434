// Hostile Valve A2S servers scripted on 127.0.0.1 (they answer `FF FF FF FF 54` A2S_INFO
// requests, and `55` A2S_PLAYER where a test needs it): a split reply that never completes,
// 255 parts of garbage, bzip2 bombs (a 64 MB declared size; 1 KB declared that inflates to
// 8 MB), a players reply claiming 255 players with 3 records, a server answering every
// request with a new challenge, and one that never answers A2S_PLAYER. Every call must end
// within its deadline (timeout + 1 s) with a typed error or a correct, bounded result. The
// bytes are built by hand here: little-endian ints, NUL-terminated strings, Source split
// header FE FF FF FF · id u32 · total u8 · number u8 · size u16 · payload; compressed: id
// bit 31 set, the joined payload i32 decompressed size · u32 CRC32 · bzip2 stream.
// Both engines run this file (GAMEQUERY_ENGINE=wasm).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { query } from 'gamequery';
import { fakeServer, failure, peakGrowth } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const MARGIN = 1000; // ms past `timeout` that a call may take to report its end
const TIMEOUT = 1500;

// ---- bytes ----------------------------------------------------------------------------------

const HEADER = Buffer.from([0xff, 0xff, 0xff, 0xff]);
const cstr = (s) => Buffer.from(`${s}\0`, 'utf8');
const u8 = (n) => Buffer.from([n]);
const u16 = (n) => { const b = Buffer.alloc(2); b.writeUInt16LE(n); return b; };
const u32 = (n) => { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; };
const i32 = (n) => { const b = Buffer.alloc(4); b.writeInt32LE(n); return b; };
const f32 = (n) => { const b = Buffer.alloc(4); b.writeFloatLE(n); return b; };

/** A Source A2S_INFO reply (`I`), no EDF. */
function infoReply({ name = 'Hostile', map = 'de_nuke', players = 5, max = 24, bots = 1 } = {}) {
  return Buffer.concat([HEADER, u8(0x49), u8(17), cstr(name), cstr(map), cstr('csgo'), cstr('Counter-Strike 2'), u16(730),
    u8(players), u8(max), u8(bots), u8(0x64 /* d */), u8(0x6c /* l */), u8(0), u8(1), cstr('1.40.5.3')]);
}

/** A Source split part: FE FF FF FF · id · total · number · size · payload. */
const part = (id, total, number, payload, size = 1400) =>
  Buffer.concat([Buffer.from([0xfe, 0xff, 0xff, 0xff]), u32(id), u8(total), u8(number), u16(size), payload]);

/** A compressed split reply's parts: `size`, `crc` and `stream` as given, cut into 1,388-byte payloads. */
function compressedParts(id, size, crc, stream) {
  const payload = Buffer.concat([i32(size), u32(crc), stream]);
  const chunks = [];
  for (let at = 0; at < payload.length; at += 1388) chunks.push(payload.subarray(at, at + 1388));
  return chunks.map((c, n) => part((id | 0x80000000) >>> 0, chunks.length, n, c));
}

// bzip2 streams made with Python's bz2.compress(b'\0' * N, 9) (checked there: they inflate
// to exactly N bytes): 79 bytes for 64 MiB of zeros, 48 bytes for 8 MiB.
const BZ_64_MIB = Buffer.from('425a68393141592653590e09e2df015f8e4000c0000008200030804d4642a025a90a8097314159265359bc04b5c300a275c000c0000008200020a40836328a884d2a2a2138bb9229c2848500bb83e8', 'hex');
const BZ_8_MIB = Buffer.from('425a6839314159265359a23d4b580040404080c00000040008200030cc0529a60100d8808078bb9229c2848511ea5ac0', 'hex');

const isInfoRequest = (msg) => msg.length >= 25 && msg.subarray(0, 4).equals(HEADER) && msg[4] === 0x54;
const isPlayerRequest = (msg) => msg.length === 9 && msg.subarray(0, 4).equals(HEADER) && msg[4] === 0x55;

// ---- helpers --------------------------------------------------------------------------------

/** A scripted server: `onRequest(msg, reply)` where reply(...datagrams) sends them back in order. */
async function a2sServer(onRequest) {
  const seen = { info: 0, players: 0, other: 0 };
  const server = await fakeServer((msg, rinfo, socket) => {
    if (isInfoRequest(msg)) seen.info++;
    else if (isPlayerRequest(msg)) seen.players++;
    else seen.other++;
    const reply = async (...datagrams) => {
      for (let i = 0; i < datagrams.length; i++) {
        await new Promise((r) => socket.send(datagrams[i], rinfo.port, rinfo.address, r));
        // A little pacing so that a burst of 255 parts does not overflow the receive buffer.
        if (i % 16 === 15) await new Promise((r) => setTimeout(r, 1));
      }
    };
    onRequest(msg, reply);
  });
  closers.push(server.close);
  return { target: `127.0.0.1:${server.port}`, seen };
}

const a2s = (target, options = {}) => query('a2s', target, { timeout: TIMEOUT, retries: 1, ...options });

// ---- (a) a split reply that never completes -------------------------------------------------

test('(a) a split INFO reply that never completes (part 0 of 2 only, every time) is GQ_TIMEOUT on time', async () => {
  const whole = infoReply();
  const server = await a2sServer((msg, reply) => { if (isInfoRequest(msg)) reply(part(0x1234, 2, 0, whole.subarray(0, 30))); });
  const { e, took } = await failure(() => a2s(server.target));
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.match(e.message, /A2S_INFO/);
  assert.ok(took >= TIMEOUT - 10 && took <= TIMEOUT + MARGIN, `${took} ms`);
  assert.ok(server.seen.info >= 1 && server.seen.info <= 2, `${server.seen.info} INFO requests (retries: 1)`);
});

// ---- (b) 255 parts of garbage ---------------------------------------------------------------

test('(b) 255 parts of garbage (part 0 not starting FF FF FF FF) is a typed error, at once', async () => {
  const server = await a2sServer((msg, reply) => {
    if (!isInfoRequest(msg)) return;
    const parts = Array.from({ length: 255 }, (_, n) => {
      const payload = randomBytes(100 + ((n * 7919) % 1200));
      if (n === 0) payload.fill(0x42, 0, 16); // neither FF FF FF FF nor a compressed header at 10 or 12
      return part(0x0badf00d & 0x7fffffff, 255, n, payload);
    });
    reply(...parts.reverse()); // last first: order must not matter
  });
  const { e, took } = await failure(() => a2s(server.target));
  assert.equal(e.code, 'GQ_MALFORMED');
  assert.match(e.message, /part 0 does not start a reply/);
  assert.ok(took < TIMEOUT, `${took} ms: no waiting for a deadline`);
});

test('(b) 255 parts of garbage under a compressed id (bit 31) are a typed error too', async () => {
  const server = await a2sServer((msg, reply) => {
    if (!isInfoRequest(msg)) return;
    reply(...Array.from({ length: 255 }, (_, n) => part(0x80000777, 255, n, randomBytes(200).fill(0x42, 0, 24))));
  });
  const { e, took } = await failure(() => a2s(server.target));
  assert.equal(e.code, 'GQ_MALFORMED');
  assert.ok(took < TIMEOUT, `${took} ms`);
});

// ---- (c) bzip2 bombs ------------------------------------------------------------------------

test('(c) a compressed split reply declaring 64 MB is GQ_BAD_LENGTH before inflating; memory stays flat', async () => {
  const server = await a2sServer((msg, reply) => {
    if (isInfoRequest(msg)) reply(...compressedParts(0x51, 64 << 20, 0, BZ_64_MIB));
  });
  const { result: { e, took }, growth } = await peakGrowth(() => failure(() => a2s(server.target)));
  assert.equal(e.code, 'GQ_BAD_LENGTH');
  assert.match(e.message, /67108864 bytes declared/);
  assert.ok(took < TIMEOUT, `${took} ms`);
  assert.ok(growth < 16 << 20, `RSS grew ${(growth / 1048576).toFixed(1)} MiB`);
});

test('(c) a compressed split reply declaring 1 KB whose stream inflates to 8 MB is GQ_BAD_LENGTH; memory stays flat', async () => {
  const server = await a2sServer((msg, reply) => {
    if (isInfoRequest(msg)) reply(...compressedParts(0x52, 1024, 0, BZ_8_MIB));
  });
  const { result: { e, took }, growth } = await peakGrowth(() => failure(() => a2s(server.target)));
  assert.equal(e.code, 'GQ_BAD_LENGTH');
  assert.match(e.message, /1024 bytes declared/);
  assert.ok(took < TIMEOUT, `${took} ms`);
  assert.ok(growth < 16 << 20, `RSS grew ${(growth / 1048576).toFixed(1)} MiB`);
});

// ---- (d) a players count that lies ----------------------------------------------------------

test('(d) a players reply claiming 255 players with 3 records gives the 3 players', async () => {
  const records = [['Alice', 12, 61.5], ['Bob ✓', -3, 2.25], ['', 0, 0.5]];
  const server = await a2sServer((msg, reply) => {
    if (isInfoRequest(msg)) reply(infoReply({ players: 5, bots: 1 }));
    else if (isPlayerRequest(msg)) {
      reply(Buffer.concat([HEADER, u8(0x44), u8(255),
        ...records.flatMap(([name, score, time], i) => [u8(i), cstr(name), i32(score), f32(time)])]));
    }
  });
  const t0 = performance.now();
  const s = await a2s(server.target);
  assert.ok(performance.now() - t0 < TIMEOUT);
  assert.deepEqual(s.raw.players, records.map(([name, score, duration], index) => ({ index, name, score, duration })));
  assert.deepEqual(s.players.list.map((p) => [p.name, p.score]), records.map(([name, score]) => [name, score]));
  assert.deepEqual([s.players.online, s.players.bots, s.players.partial], [5, 1, true], 'the count as sent, bots included; 3 listed');
  assert.equal(s.players.max, 24);
  assert.equal(s.name, 'Hostile');
  assert.equal(s.raw.warnings, undefined);
  assert.deepEqual(server.seen, { info: 1, players: 1, other: 0 });
});

// ---- (e) a challenge loop -------------------------------------------------------------------

test('(e) a server answering every request with a new challenge is GQ_MALFORMED quickly', async () => {
  let n = 0;
  const server = await a2sServer((msg, reply) => { n++; reply(Buffer.concat([HEADER, u8(0x41), u32(0x10203040 + n)])); });
  const { e, took } = await failure(() => a2s(server.target));
  assert.equal(e.code, 'GQ_MALFORMED');
  assert.match(e.message, /challenge after challenge/);
  assert.ok(took < 500, `${took} ms`);
  assert.ok(server.seen.info >= 2 && server.seen.info <= 6, `${server.seen.info} INFO requests: bounded`);
  assert.equal(server.seen.players, 0);
});

// ---- (f) PLAYER never answered --------------------------------------------------------------

test('(f) INFO answered, PLAYER never: the info is the result, with a warning naming A2S_PLAYER', async () => {
  const server = await a2sServer((msg, reply) => { if (isInfoRequest(msg)) reply(infoReply({ players: 7, max: 10, bots: 2 })); });
  const t0 = performance.now();
  const s = await a2s(server.target);
  const took = performance.now() - t0;
  assert.ok(took <= TIMEOUT + MARGIN, `${took} ms`);
  assert.equal(s.name, 'Hostile');
  assert.equal(s.map, 'de_nuke');
  assert.deepEqual(s.players, { online: 7, max: 10, bots: 2, list: [], partial: true });
  assert.deepEqual(s.raw.players, []);
  assert.deepEqual(s.raw.warnings, ['no answer to A2S_PLAYER (sent 2 times)']);
  assert.equal(s.raw.info.players, 7);
  assert.ok(server.seen.players >= 1 && server.seen.players <= 2, `${server.seen.players} PLAYER requests`);

  // With rules asked too: the silent PLAYER step spends the budget, RULES gets none.
  const t1 = performance.now();
  const r = await a2s(server.target, { rules: true });
  assert.ok(performance.now() - t1 <= TIMEOUT + MARGIN);
  assert.deepEqual(r.raw.warnings, ['no answer to A2S_PLAYER (sent 2 times)', 'no time left for A2S_RULES']);
  assert.equal(r.raw.rules, undefined);
});

// ---- a stray part of another answer id ------------------------------------------------------

// Split replies are joined per answer id (a few at once), so a stray part cannot block.
test('a stray split part of another answer id before a complete split reply: the complete reply is read', async () => {
  const whole = infoReply({ name: 'Real reply' });
  const server = await a2sServer((msg, reply) => {
    if (!isInfoRequest(msg)) return;
    // Part 1 of 2 of answer 9, whose part 0 never comes; then answer 7, whole.
    reply(part(9, 2, 1, Buffer.from('stray')), part(7, 2, 0, whole.subarray(0, 20)), part(7, 2, 1, whole.subarray(20)));
  });
  const t0 = performance.now();
  const s = await a2s(server.target, { players: false });
  assert.ok(performance.now() - t0 < TIMEOUT / 2, 'read from the first attempt');
  assert.equal(s.name, 'Real reply');
});

// ---- game dialects and the rules' binary pages (#30) ----------------------------------------

const isRulesRequest = (msg) => msg.length === 9 && msg.subarray(0, 4).equals(HEADER) && msg[4] === 0x56;
const challenge = Buffer.concat([HEADER, u8(0x41), u32(0x01020304)]);

test("Arma's pages that never make a message — 20,000 two-byte keys claiming 255 pages each — leave text rules, at once and bounded", async () => {
  const keys = [];
  for (let i = 0; i < 20_000; i++) keys.push(Buffer.from([1 + (i % 254), 255, 0]), Buffer.from([0x01, 0x01, 0]));
  const rules = Buffer.concat([HEADER, u8(0x45), u16(20_000), ...keys]);
  const parts = [];
  for (let at = 0, n = Math.ceil(rules.length / 1388); at < rules.length; at += 1388) parts.push(part(0x77, n, at / 1388, rules.subarray(at, at + 1388)));
  const server = await a2sServer((msg, reply) => {
    if (isInfoRequest(msg)) reply(infoReply());
    else if (isPlayerRequest(msg) || (isRulesRequest(msg) && msg.readUInt32LE(5) !== 0x01020304)) reply(challenge);
    else if (isRulesRequest(msg)) reply(...parts);
  });
  const { result: status, growth } = await peakGrowth(() => a2s(server.target, { rules: true, players: false }));
  assert.equal(status.raw.serverBrowser, undefined);
  // As text (lossy UTF-8): keys 1..127 stay distinct, 128..254 all read U+FFFD U+FFFD.
  assert.equal(Object.keys(status.raw.rules).length, 128, 'the distinct keys, as text');
  assert.ok(growth < 64 * 1024 * 1024, `${growth} bytes`);
});

/** Frontlines: Fuel of War's replies, as a server in its dialect sends them (big-endian). */
async function ffowServer(replies) {
  const server = await fakeServer((msg, rinfo, socket) => {
    const reply = replies[msg[4]];
    if (reply) socket.send(reply, rinfo.port, rinfo.address);
  });
  closers.push(server.close);
  return `127.0.0.1:${server.port - 2}`;
}

test('Frontlines: Fuel of War: a truncated info is a typed error; a rule count past the data and a player count of 255 with none are bounded', async () => {
  const cut = Buffer.concat([HEADER, u8(0x49), u8(2), cstr('FL'), cstr('map')]);
  const target = await ffowServer({ 0x46: cut });
  const { e, took } = await failure(() => query('ffow', target, { timeout: TIMEOUT }));
  assert.equal(e.code, 'GQ_TRUNCATED');
  assert.ok(took <= TIMEOUT + MARGIN, `${took} ms`);

  const info = Buffer.concat([HEADER, u8(0x49), u8(2), ...['FL test', 'FL-Gnaw', 'FOW', 'FL', 'Frontlines: Fuel of War', '1.3.0'].map(cstr),
    Buffer.from([0x15, 0x64]), u8(1), u8(32), u8(0x64), u8(0x77), u8(0), u8(0), u8(1), u8(0), u8(1), Buffer.from([0x07, 0x08])]);
  const lying = await ffowServer({
    0x46: info,
    0x57: challenge,
    0x55: Buffer.concat([HEADER, u8(0x44), u8(255)]),
    0x56: Buffer.concat([HEADER, u8(0x45), Buffer.from([0xff, 0xff]), cstr('FriendlyFire'), cstr('0')]),
  });
  const status = await query('ffow', lying, { timeout: TIMEOUT, rules: true });
  assert.equal(status.connect, '127.0.0.1:5476');
  assert.deepEqual(status.raw.players, []);
  assert.deepEqual(status.raw.rules, { FriendlyFire: '0' });
  assert.match(status.raw.warnings.join(), /cut its rule list/);
});
