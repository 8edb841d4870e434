// The codec through both packages: every captured vector, golden bytes, identical
// results and identical errors from the addon and the WASM build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fixtures, hex, toHex } from './helpers.mjs';

const both = [['addon', addon], ['wasm', wasm]];

for (const v of fixtures('samp')) {
  test(`samp vector: ${v.name}`, () => {
    const bytes = hex(v.hex);
    const decode = (pkg) => (v.direction === 'request' ? pkg.decodeRequest('samp', bytes) : pkg.decodeResponse('samp', bytes));
    if (v.expect.error) {
      for (const [, pkg] of both) assert.throws(() => decode(pkg), { code: 'GQ_TRUNCATED', field: 'hostname', offset: 16 });
      return;
    }
    const fromAddon = decode(addon);
    assert.deepStrictEqual(decode(wasm), fromAddon);
    for (const [key, want] of Object.entries(v.expect)) assert.deepStrictEqual(fromAddon[key], want, key);
    const encode = v.direction === 'request' ? 'encodeRequest' : 'encodeResponse';
    for (const [name, pkg] of both) assert.equal(toHex(pkg[encode]('samp', fromAddon)), v.hex, `${name} re-encodes the capture`);
  });
}

test('golden request bytes for every opcode, identical in both packages', () => {
  const base = { ip: '127.0.0.1', port: 7777 };
  const cases = [
    [{ opcode: 'i' }, '53414d507f000001611e69'],
    [{ opcode: 'r' }, '53414d507f000001611e72'],
    [{ opcode: 'c' }, '53414d507f000001611e63'],
    [{ opcode: 'd' }, '53414d507f000001611e64'],
    [{ opcode: 'o' }, '53414d507f000001611e6f'],
    [{ opcode: 'p', payload: 'deadbeef' }, '53414d507f000001611e70deadbeef'],
    [{ opcode: 'x', password: 'pw', command: 'say hi' }, '53414d507f000001611e78020070770600736179206869'],
  ];
  for (const [req, want] of cases) {
    for (const [name, pkg] of both) {
      const bytes = pkg.encodeRequest('samp', { ...base, ...req });
      assert.ok(bytes instanceof Uint8Array, name);
      assert.equal(toHex(bytes), want, `${name} ${req.opcode}`);
    }
    assert.deepStrictEqual(wasm.decodeRequest('samp', hex(want)), addon.decodeRequest('samp', hex(want)));
  }
});

test('responses round-trip through both packages with explicit encodings', () => {
  const responses = [
    { opcode: 'i', ip: '10.0.0.1', port: 7777, password: true, players: 3, maxPlayers: 50, hostname: 'Сервер', gamemode: 'RP', language: 'RU', encoding: 'windows-1251' },
    { opcode: 'r', rules: { version: 'omp 1.4.0.2779', weburl: 'open.mp' } },
    { opcode: 'c', players: [{ name: 'a', score: -1 }, { name: 'b', score: 2147483647 }] },
    { opcode: 'd', players: [{ id: 255, name: 'Żółw', score: -2147483648, ping: 4294967295 }], encoding: 'windows-1250' },
    { opcode: 'o', discord: 'x', lightBanner: 'y', darkBanner: 'z', logo: 'w' },
    { opcode: 'p', payload: '01020304' },
    { opcode: 'x', line: 'Console: hello' },
  ];
  for (const res of responses) {
    const bytes = addon.encodeResponse('samp', res);
    assert.equal(toHex(wasm.encodeResponse('samp', res)), toHex(bytes));
    const opts = res.encoding ? { encoding: res.encoding } : undefined;
    const a = addon.decodeResponse('samp', bytes, opts);
    assert.deepStrictEqual(wasm.decodeResponse('samp', bytes, opts), a);
    for (const [k, v] of Object.entries(res)) if (k !== 'encoding') assert.deepStrictEqual(a[k], v, `${res.opcode}.${k}`);
    assert.equal(toHex(addon.encodeResponse('samp', a)), toHex(bytes), 'decode → encode is the identity');
  }
});

test('raw string bytes are kept so callers can re-decode', () => {
  const bytes = addon.encodeResponse('samp', { opcode: 'i', password: false, players: 0, maxPlayers: 1, hostname: 'Привет', gamemode: '', language: '', encoding: 'koi8-r' });
  assert.equal(addon.decodeResponse('samp', bytes).rawStrings, undefined, 'only when asked for');
  const wrong = addon.decodeResponse('samp', bytes, { encoding: 'windows-1252', rawStrings: true });
  assert.notEqual(wrong.hostname, 'Привет');
  assert.equal(new TextDecoder('koi8-r').decode(Buffer.from(wrong.rawStrings[0], 'hex')), 'Привет');
});

test('errors carry the same code, field and offset in both packages', () => {
  const bad = [
    [hex('53414d50'), 'GQ_TRUNCATED'],
    [hex('47414d5000000000611e69'), 'GQ_BAD_MAGIC'],
    [hex('53414d5000000000611e7a'), 'GQ_UNEXPECTED_OPCODE'],
    [hex('53414d5000000000611e69000100020000ffffff7f'), 'GQ_BAD_LENGTH'],
    [hex('53414d5000000000611e700102030405'), 'GQ_TRAILING_BYTES'],
  ];
  for (const [bytes, code] of bad) {
    const errors = both.map(([, pkg]) => {
      try {
        pkg.decodeResponse('samp', bytes);
      } catch (e) {
        return e;
      }
      assert.fail(`${code} not thrown`);
    });
    for (const e of errors) assert.ok(e instanceof Error);
    assert.deepStrictEqual(errors.map((e) => [e.code, e.field, e.offset, e.message]), Array(2).fill([errors[0].code, errors[0].field, errors[0].offset, errors[0].message]));
    assert.equal(errors[0].code, code);
  }
  for (const [, pkg] of both) {
    assert.throws(() => pkg.decodeResponse('sanp', hex('00')), { code: 'GQ_INVALID_ARGUMENT' });
    assert.throws(() => pkg.encodeRequest('samp', { opcode: 'z' }), { code: 'GQ_INVALID_ARGUMENT' });
    assert.throws(() => pkg.encodeRequest('samp', { opcode: 'p', payload: 'abc' }), { code: 'GQ_INVALID_ARGUMENT' });
    assert.throws(() => pkg.decodeResponse('samp', hex('53414d5000000000611e7001020304'), { encoding: 'nope' }), { code: 'GQ_BAD_ENCODING' });
  }
});

test('hostile bytes never crash either package', () => {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  for (let i = 0; i < 2000; i++) {
    const bytes = new Uint8Array(rand() % 64);
    for (let j = 0; j < bytes.length; j++) bytes[j] = rand() & 0xff;
    if (i % 2) bytes.set([0x53, 0x41, 0x4d, 0x50].slice(0, bytes.length));
    for (const [, pkg] of both) {
      for (const fn of [() => pkg.decodeResponse('samp', bytes), () => pkg.decodeRequest('samp', bytes)]) {
        try {
          fn();
        } catch (e) {
          assert.match(e.code, /^GQ_/);
        }
      }
    }
  }
});
