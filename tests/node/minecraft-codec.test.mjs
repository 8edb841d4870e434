// Minecraft codecs through both packages: captured vectors, VarInt edges, frame splits
// at every byte boundary, identical results and errors from the addon and the WASM build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fixtures, hex, toHex } from './helpers.mjs';

const both = [['addon', addon], ['wasm', wasm]];
const vectors = fixtures('minecraft-java');
const legacyName = (v) => v.name.startsWith('legacy');

for (const v of vectors) {
  test(`minecraft vector: ${v.name}`, () => {
    const protocol = legacyName(v) ? 'minecraft-legacy' : 'minecraft-java';
    const bytes = hex(v.hex);
    const decode = (pkg) => (v.direction === 'request' ? pkg.decodeRequest(protocol, bytes) : pkg.decodeResponse(protocol, bytes));
    const a = decode(addon);
    assert.deepStrictEqual(decode(wasm), a);
    const e = v.expect;
    if (v.name.startsWith('handshake')) assert.deepEqual([a.type, a.protocol, a.host, a.port], ['status', e.protocol, e.host, e.port]);
    if (v.name === 'status response frame') {
      assert.deepEqual([a.version.name, a.version.protocol, a.players.online, a.players.max, a.motd.plain], [e.version, e.protocol, e.online, e.max, e.motdPlain]);
    }
    if (v.name === 'pong') assert.equal(a.payload, e.payload);
    if (legacyName(v) && v.direction === 'response') {
      assert.deepEqual([a.motd.raw, a.online, a.max], [e.motd, e.online, e.max]);
      if (e.protocol) assert.deepEqual([a.protocol, a.version], [e.protocol, e.version]);
    }
    if (legacyName(v) && v.direction === 'request') assert.deepEqual([a.variant, a.protocol, a.host, a.port], ['1.6', e.protocol, e.host, e.port]);
    const encode = v.direction === 'request' ? 'encodeRequest' : 'encodeResponse';
    for (const [name, pkg] of both) assert.equal(toHex(pkg[encode](protocol, a)), v.hex, `${name} re-encodes`);
  });
}

test('VarInt edge values in both packages', () => {
  const cases = [[0, '00'], [1, '01'], [127, '7f'], [128, '8001'], [255, 'ff01'], [25565, 'ddc701'], [2147483647, 'ffffffff07'], [-1, 'ffffffff0f'], [-2147483648, '8080808008']];
  for (const [value, bytes] of cases) {
    for (const [, pkg] of both) {
      assert.equal(toHex(pkg.encodeVarInt(value)), bytes);
      assert.deepEqual(pkg.decodeVarInt(hex(`aa${bytes}`), 1), { value, length: bytes.length / 2 });
    }
  }
  for (const [, pkg] of both) {
    assert.throws(() => pkg.decodeVarInt(hex('ffffffffff01')), { code: 'GQ_MALFORMED' });
    assert.throws(() => pkg.decodeVarInt(hex('8080')), { code: 'GQ_TRUNCATED' });
    assert.throws(() => pkg.encodeVarInt(2 ** 31), { code: 'GQ_INVALID_ARGUMENT' });
    assert.throws(() => pkg.encodeVarInt(1.5), { code: 'GQ_INVALID_ARGUMENT' });
  }
});

test('FrameDecoder: every split, one byte at a time, and the cap', () => {
  const status = hex(vectors.find((v) => v.name === 'status response frame').hex);
  const pong = hex(vectors.find((v) => v.name === 'pong').hex);
  const stream = new Uint8Array([...status, ...pong]);
  for (const [name, pkg] of both) {
    for (let cut = 0; cut <= stream.length; cut++) {
      const d = new pkg.FrameDecoder('minecraft-java');
      const frames = [...d.push(stream.subarray(0, cut)), ...d.push(stream.subarray(cut))];
      assert.deepEqual(frames.map(toHex), [toHex(status), toHex(pong)], `${name} cut ${cut}`);
    }
    const d = new pkg.FrameDecoder('minecraft-java');
    const frames = [];
    for (const b of stream) frames.push(...d.push(new Uint8Array([b])));
    assert.equal(frames.length, 2);
    assert.deepEqual(pkg.decodeResponse('minecraft-java', frames[1]), { type: 'pong', payload: '0123456789abcdef' });
    assert.throws(() => new pkg.FrameDecoder('minecraft-java', { maxFrame: 100 }).push(status), { code: 'GQ_FRAME_TOO_LARGE' });
    assert.throws(() => new pkg.FrameDecoder('minecraft-java').push(hex('8080808008')), { code: 'GQ_BAD_LENGTH' });
    assert.throws(() => new pkg.FrameDecoder('samp'), { code: 'GQ_INVALID_ARGUMENT' });
  }
});

test('hostile status documents: same typed errors in both packages', () => {
  const frame = (json) => {
    const body = new Uint8Array([0, ...addon.encodeVarInt(Buffer.byteLength(json)), ...Buffer.from(json)]);
    return new Uint8Array([...addon.encodeVarInt(body.length), ...body]);
  };
  for (const [, pkg] of both) {
    assert.throws(() => pkg.decodeResponse('minecraft-java', frame('{"oops"')), (e) => e.code === 'GQ_BAD_JSON' && e.text === '{"oops"');
    const s = pkg.decodeResponse('minecraft-java', frame(JSON.stringify({ description: { text: '<img src=x onerror=alert(1)>', color: 'red' } })));
    assert.equal(s.motd.html, '<span style="color:#ff5555">&lt;img src=x onerror=alert(1)&gt;</span>');
    assert.throws(() => pkg.decodeResponse('minecraft-java', hex('ffffffffff01')), { code: 'GQ_MALFORMED' });
  }
});

test('a decoded status can be encoded back, and Forge FML3 data survives', () => {
  const forge = { fml: 3, mods: [{ id: 'forge', version: '47.2.0' }, { id: 'jei', version: '15.2.0.27' }], channels: [{ name: 'jei:channel', version: '1', required: true }], truncated: false };
  const res = { type: 'status', version: { name: '1.20.1', protocol: 763 }, players: { online: 2, max: 10, sample: [] }, motd: '§aModded', forge };
  for (const [, pkg] of both) {
    const bytes = pkg.encodeResponse('minecraft-java', res);
    const back = pkg.decodeResponse('minecraft-java', bytes);
    assert.deepEqual(back.forge, forge);
    assert.equal(typeof back.document.forgeData.d, 'string');
    assert.equal(toHex(pkg.encodeResponse('minecraft-java', back)), toHex(bytes));
  }
});
