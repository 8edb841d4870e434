// What `npm run check:memory` runs under valgrind: every path through the addon's `unsafe`
// (the raw decoders' typed arrays and scratch, the tape's strings — ASCII, Latin-1,
// UTF-16 — the single-query results from the engine's thread, queryMany's batches, aborts,
// frame decoders, thrown errors), with real bytes and garbage. It checks its own results
// lightly; the memory checker is the test.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as gq from 'gamequery';

assert.equal(gq.engine, 'native', 'the addon, not the WebAssembly engine');
const dir = new URL('../fixtures/', import.meta.url);
const hex = (s) => new Uint8Array(Buffer.from(s, 'hex'));
let decoded = 0;
let refused = 0;

// 1. Every fixture, as a request or a reply of its protocol, and written back.
const vectors = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const doc = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
  const protocol = { ffow: 'a2s', captures: null, 'codepage-corpus': null }[file.slice(0, -5)] ?? file.slice(0, -5);
  for (const v of doc.vectors ?? []) {
    const name = v.protocol ?? protocol;
    if (!name || typeof v.hex !== 'string' || !gq.PROTOCOLS.includes(name)) continue;
    vectors.push([name, v.direction === 'request', hex(v.hex)]);
  }
}
for (const [protocol, request, bytes] of vectors) {
  try {
    const value = request ? gq.decodeRequest(protocol, bytes) : gq.decodeResponse(protocol, bytes);
    decoded++;
    try {
      request ? gq.encodeRequest(protocol, value) : gq.encodeResponse(protocol, value);
    } catch {
      // Not every decoded value writes back (a joined split reply …).
    }
  } catch (e) {
    assert.ok(gq.isGameQueryError(e), e.stack);
    refused++;
  }
}

// 2. Garbage: the fixtures cut, flipped and random, through every decoder.
let seed = 0x9e3779b9;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
for (let i = 0; i < 4000; i++) {
  const [, , base] = vectors[i % vectors.length];
  const bytes = random() < 0.3 ? new Uint8Array(Math.floor(random() * 300)).map(() => random() * 256) : base.slice(0, Math.floor(random() * (base.length + 1)));
  for (let k = 0; k < 3 && bytes.length; k++) bytes[Math.floor(random() * bytes.length)] ^= 1 << Math.floor(random() * 8);
  for (const protocol of gq.PROTOCOLS) {
    for (const decode of [gq.decodeRequest, gq.decodeResponse]) {
      try {
        decode(protocol, bytes);
        decoded++;
      } catch (e) {
        assert.ok(gq.isGameQueryError(e), e.stack);
        refused++;
      }
    }
  }
}

// 3. Frames, pushed a piece at a time.
const frames = new gq.FrameDecoder('minecraft-java');
const stream = new Uint8Array(Array.from({ length: 200 }, (_, i) => [3, 0, i & 0x7f, 2]).flat());
let joined = 0;
for (let at = 0; at < stream.length; at += 3) joined += frames.push(stream.subarray(at, at + 3)).length;
assert.equal(joined, 200);
assert.throws(() => new gq.FrameDecoder('minecraft-java').push(new Uint8Array([0])), { code: 'GQ_BAD_LENGTH' });

// 4. Queries: names in ASCII, Latin-1 and beyond, on the shared engine, alone, in bulk, aborted.
const names = ['Plain', 'Jürgen ÿ', '名字 🎮', '^1Cölour'];
const state = gq.sampleState('quake3');
state.players = names.map((name, i) => ({ name, score: i, ping: 10 + i }));
const server = await gq.serve('quake3', state, { host: '127.0.0.1', port: 0, rateLimit: { burst: 100000, perSecond: 100000 } });
const target = `127.0.0.1:${server.port}`;
for (let i = 0; i < 50; i++) {
  const s = await gq.query('quake3', target, { timeout: 2000 });
  assert.deepEqual(s.players.list.map((p) => p.name), ['Plain', 'Jürgen ÿ', '名字 🎮', 'Cölour']);
}
await gq.query('quake3', target, { timeout: 2000, trace: () => {} });
const many = [];
for await (const item of gq.queryMany(Array.from({ length: 200 }, () => target), { protocol: 'quake3', timeout: 2000 })) many.push(item);
assert.equal(many.filter((m) => m.status).length, 200);
const controller = new AbortController();
const aborted = gq.query('quake3', '127.0.0.1:9', { timeout: 2000, signal: controller.signal }).catch((e) => e);
controller.abort();
assert.equal((await aborted).code, 'GQ_ABORTED');
await server.close();

console.log(`memory workload: ${vectors.length} fixtures, ${decoded} decoded, ${refused} refused, 251 queries`);
