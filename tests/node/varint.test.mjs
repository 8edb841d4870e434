// VarInt runs in JavaScript (a native call per value costs more than the loop); the core's
// implementation is the oracle, over the whole i32 range and every error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';

const binding = createRequire(import.meta.url)('../../npm/gamequery/binding.js');
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Every value around each 7-bit group boundary, a dense middle, and a sweep of the range. */
function values() {
  const out = [];
  for (let bits = 0; bits <= 32; bits++) {
    for (const base of [2 ** bits, -(2 ** bits)]) for (let d = -3; d <= 3; d++) out.push(base + d);
  }
  for (let v = -70_000; v <= 70_000; v++) out.push(v);
  for (let v = INT32_MIN; v <= INT32_MAX; v += 4099) out.push(v);
  out.push(INT32_MIN, INT32_MAX);
  return Int32Array.from(out.filter((v) => v >= INT32_MIN && v <= INT32_MAX));
}

test('encodeVarInt matches the core over the i32 range, in both packages', () => {
  const all = values();
  const want = binding.__encodeVarInts(all);
  for (const pkg of [addon, wasm]) {
    const got = new Uint8Array(want.length);
    let at = 0;
    for (const v of all) {
      const bytes = pkg.encodeVarInt(v);
      got.set(bytes, at);
      at += bytes.length;
    }
    assert.equal(at, want.length);
    assert.deepEqual(Buffer.from(got), Buffer.from(want));
  }
});

test('decodeVarInt reads back every value, in both packages', () => {
  const all = values();
  const stream = binding.__encodeVarInts(all);
  for (const pkg of [addon, wasm]) {
    let at = 0;
    for (const v of all) {
      const { value, length } = pkg.decodeVarInt(stream, at);
      if (value !== v) assert.fail(`at byte ${at}: ${value} !== ${v}`);
      at += length;
    }
    assert.equal(at, stream.length);
  }
});

test('overlong, truncated and odd encodings: the same values and errors as the core', () => {
  const cases = ['ffffffff0f', 'ffffffff7f', '8080808070', '808080807f', 'ffffffffff', 'ffffffffff01', '80', '', 'ff', '00', '7f', 'dd c7 01'];
  for (const h of cases) {
    const bytes = new Uint8Array(Buffer.from(h.replace(/ /g, ''), 'hex'));
    for (const offset of [0, 1, bytes.length, bytes.length + 5]) {
      let want;
      try {
        const [value, length] = binding.__decodeVarInt(bytes, offset);
        want = { value, length };
      } catch (e) {
        const d = JSON.parse(e.message.slice(e.message.indexOf('{')));
        want = { code: d.code, field: d.field, offset: d.offset };
      }
      for (const pkg of [addon, wasm]) {
        let got;
        try {
          got = pkg.decodeVarInt(bytes, offset);
        } catch (e) {
          got = { code: e.code, field: e.field, offset: e.offset };
        }
        assert.deepEqual(got, want, `${h} at ${offset}`);
      }
    }
  }
});

test('invalid arguments are GQ_INVALID_ARGUMENT', () => {
  for (const pkg of [addon, wasm]) {
    for (const bad of [1.5, 2 ** 31, INT32_MIN - 1, NaN, Infinity, '1', null, undefined]) {
      assert.throws(() => pkg.encodeVarInt(bad), { code: 'GQ_INVALID_ARGUMENT' }, String(bad));
    }
    assert.throws(() => pkg.decodeVarInt([1, 2, 3]), { code: 'GQ_INVALID_ARGUMENT' });
    assert.throws(() => pkg.decodeVarInt(new Uint8Array([1]), -1), { code: 'GQ_INVALID_ARGUMENT' });
  }
});

test('VarInt is the shared glue\'s JavaScript in both packages, not a native or WASM call per value', () => {
  // Under Node both packages are CommonJS inside (their ESM faces re-export it).
  const glue = createRequire(import.meta.url)('gamequery-wasm/glue');
  for (const name of ['encodeVarInt', 'decodeVarInt']) {
    assert.equal(addon[name], glue[name], `gamequery's ${name}`);
    assert.equal(wasm[name], glue[name], `gamequery-wasm's ${name}`);
  }
});
