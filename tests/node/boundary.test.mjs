// Results cross from Rust as a tape (core/src/tape), not JSON text. The objects built
// from it must equal JSON.parse of the core's JSON for every result kind, in both
// packages, including hostile documents; long values must not cross twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fixtures, hex, players, javaState, sqpState, openMpState, FAVICON, frameOf } from './helpers.mjs';

const require = createRequire(import.meta.url);
const binding = require('../../npm/gamequery/binding.js');
const wasmRaw = require('../../npm/gamequery-wasm/pkg/node/gamequery_wasm.js');
// The addon's sync decoders take protocol ids, in the order binding.protocols() lists.
const id = (protocol) => binding.protocols().indexOf(protocol);
const viaJson = (protocol, bytes, options) =>
  JSON.parse(binding.__decodeResponseJson(protocol, bytes, options == null ? undefined : JSON.stringify(options)));

/** Every decode result kind we can make: captures, generated replies, odd documents. */
function replies() {
  const out = [];
  for (const p of ['samp', 'sqp', 'minecraft-java']) {
    for (const v of fixtures(p)) {
      if (v.direction !== 'response' || JSON.stringify(v.expect).includes('error')) continue;
      out.push([v.name.startsWith('legacy') ? 'minecraft-legacy' : p, hex(v.hex), undefined, v.name]);
    }
  }
  const samp = (r) => addon.encodeResponse('samp', r);
  out.push(['samp', samp({ opcode: 'd', players: players(100) }), undefined, '100-player d']);
  out.push(['samp', samp({ opcode: 'c', players: players(30, { detailed: false }), encoding: 'windows-1251' }), { rawStrings: true }, 'c with raw strings']);
  out.push(['samp', samp({ opcode: 'i', password: true, players: 3, maxPlayers: 50, hostname: 'Русский сервер', gamemode: 'RP', language: 'ru', encoding: 'windows-1251' }), undefined, 'cp1251 i']);
  out.push(['samp', samp({ opcode: 'r', rules: { version: 'omp 1.4.0.2779', weburl: 'open.mp', 'a"b': '\\n' } }), undefined, 'rules']);
  out.push(['samp', samp({ opcode: 'o', discord: 'discord.gg/x', lightBanner: '', darkBanner: 'https://x/😀.png' }), undefined, 'o with astral text']);
  const mc = (status) => addon.encodeResponse('minecraft-java', { type: 'status', ...status });
  out.push(['minecraft-java', mc(javaState()), undefined, 'status']);
  const doc = JSON.stringify({
    version: { name: '1.21', protocol: 767 }, players: { max: 1e3, online: -0, sample: [{ name: '§aWelcome', id: '00000000-0000-0000-0000-000000000000' }] },
    description: [{ text: 'a', color: '#123456' }, 'b', 3.5, null, true], favicon: FAVICON,
    __proto__: { polluted: true }, constructor: 'x', '': 'empty key', big: 18446744073709551615, tiny: 5e-324, 'ключ': ['значение', { nested: { deep: [[]] } }],
    dup: 1, dupe: { z: 1, a: 2, z2: [1, 2, 3] },
  }).replace('"dup":1', '"dup":1,"dup":2');
  out.push(['minecraft-java', frameOf(doc), undefined, 'odd document']);
  out.push(['sqp', addon.encodeResponse('sqp', { type: 'query', challenge: 1, ...sqpState() }), undefined, 'sqp all chunks']);
  return out;
}

test('tape results equal JSON.parse of the core JSON, in both packages', () => {
  for (const [protocol, bytes, options, name] of replies()) {
    const want = viaJson(protocol, bytes, options);
    assert.deepStrictEqual(addon.decodeResponse(protocol, bytes, options), want, `addon: ${name}`);
    assert.deepStrictEqual(wasm.decodeResponse(protocol, bytes, options), want, `wasm: ${name}`);
  }
});

test('__proto__ in a server document is an own property, never the prototype', () => {
  const doc = '{"description":"x","__proto__":{"polluted":true},"players":{"max":1,"online":0,"__proto__":[1]}}';
  for (const pkg of [addon, wasm]) {
    const r = pkg.decodeResponse('minecraft-java', frameOf(doc));
    assert.equal(Object.getPrototypeOf(r.document), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(r.document, '__proto__').value, { polluted: true });
    assert.equal({}.polluted, undefined);
    assert.equal(r.document.polluted, undefined);
  }
});

test('a long value crosses once: the favicon is in the tape text once', () => {
  const frame = addon.encodeResponse('minecraft-java', { type: 'status', ...javaState() });
  const data = FAVICON.slice(FAVICON.indexOf(',') + 1);
  const out = binding.decodeResponse(id('minecraft-java'), frame, undefined, new Float64Array(4096));
  const text = typeof out === 'string' ? out : out[0];
  assert.equal(text.split(data).length - 1, 1);
  const r = addon.decodeResponse('minecraft-java', frame);
  assert.equal(r.favicon.dataUri, r.document.favicon);
});

test('a value a result holds twice is one object: the MOTD component and the document description', () => {
  const frame = addon.encodeResponse('minecraft-java', { type: 'status', ...javaState() });
  const want = viaJson('minecraft-java', frame);
  // Both packages' Node builds share it; the browser's codec module leaves sharing out.
  for (const pkg of [addon, wasm]) {
    const r = pkg.decodeResponse('minecraft-java', frame);
    assert.deepStrictEqual(r, want);
    assert.equal(r.motd.raw, r.document.description);
    assert.equal(typeof r.motd.raw, 'object');
    // The typed sample and the document's, when each line is `{ name, id }` in that order.
    assert.equal(r.players.sample, r.document.players.sample);
  }
  // Lines with another member, or in another order, are the server's own: two arrays.
  const withSample = (sample) => addon.decodeResponse('minecraft-java', frameOf(JSON.stringify({ description: 'x', players: { max: 2, online: 1, sample } })));
  const extra = withSample([{ name: 'A', id: 'x', extra: 1 }]);
  assert.notEqual(extra.players.sample, extra.document.players.sample);
  assert.deepStrictEqual(extra.document.players.sample, [{ name: 'A', id: 'x', extra: 1 }]);
  const swapped = withSample([{ id: 'x', name: 'A' }]);
  assert.deepStrictEqual(Object.keys(swapped.document.players.sample[0]), ['id', 'name']);
  const plain = withSample([{ name: 'A', id: 'x' }]);
  assert.equal(plain.document.players.sample, plain.players.sample);
  // Only the document's own `players.sample`, not one nested deeper; and an empty
  // description is not an empty player list.
  const nested = addon.decodeResponse('minecraft-java', frameOf(JSON.stringify({ description: [], players: { max: 1, online: 0, sample: [], players: { sample: [] } } })));
  assert.equal(nested.document.players.sample, nested.players.sample);
  assert.notEqual(nested.document.players.players.sample, nested.players.sample);
  assert.notEqual(nested.motd.raw, nested.players.sample);
  assert.deepStrictEqual(nested, viaJson('minecraft-java', frameOf(JSON.stringify({ description: [], players: { max: 1, online: 0, sample: [], players: { sample: [] } } }))));
  // A document whose description differs from what `motd.raw` holds keeps both.
  const served = addon.decodeResponse('minecraft-java', frameOf('{"description":{"text":"a"},"players":{"max":1,"online":0}}'));
  assert.equal(served.motd.raw, served.document.description);
  const odd = addon.decodeResponse('minecraft-java', frameOf('{"description":null,"players":{"max":1,"online":0}}'));
  assert.deepStrictEqual([odd.motd.raw, odd.document.description], ['', null]);
});

test('a query result holds the player list once: raw.players is players.list', async () => {
  const samp = await addon.serve('samp', openMpState(3), { host: '127.0.0.1', port: 0 });
  const java = await addon.serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  const fake = { ...javaState(), players: { online: 5, max: 100, sample: [...javaState().players.sample, { name: '§aWelcome', id: '00000000-0000-0000-0000-000000000000' }] } };
  const withLine = await addon.serve('minecraft-java', fake, { host: '127.0.0.1', port: 0 });
  try {
    const s = await addon.query('samp', `127.0.0.1:${samp.port}`);
    assert.equal(s.raw.players, s.players.list);
    assert.deepStrictEqual(s.players.list.map((p) => p.name), openMpState(3).players.map((p) => p.name));
    const j = await addon.query('minecraft-java', `127.0.0.1:${java.port}`);
    assert.equal(j.raw.players.sample, j.players.list);
    assert.equal(j.raw.motd.raw, j.raw.document.description);
    // The non-player line is in the sample only: two arrays.
    const w = await addon.query('minecraft-java', `127.0.0.1:${withLine.port}`);
    assert.deepStrictEqual([w.raw.players.sample.length, w.players.list.length], [3, 2]);
    // Batches (queryMany) share within each result, never across results.
    const many = [];
    for await (const r of addon.queryMany([`127.0.0.1:${samp.port}`, `127.0.0.1:${samp.port}`], { protocol: 'samp' })) many.push(r.status);
    assert.equal(many[0].raw.players, many[0].players.list);
    assert.notEqual(many[0].players.list, many[1].players.list);
    assert.deepStrictEqual(many[0].players.list, many[1].players.list);
  } finally {
    await Promise.all([samp.close(), java.close(), withLine.close()]);
  }
});

test('strings past ASCII cross in a text of their own, the favicon stays a byte per character', () => {
  const motd = { text: 'A ', extra: [{ text: 'Сервер • 服务器', color: 'gold' }, { text: ' é' }] };
  const frame = addon.encodeResponse('minecraft-java', { type: 'status', ...javaState(), motd });
  const out = binding.decodeResponse(id('minecraft-java'), frame, undefined, new Float64Array(4096));
  assert.ok(Array.isArray(out) && out[1] === null, 'the numbers went into the scratch array');
  const [text, , wide] = out;
  assert.ok(text.includes(FAVICON.slice(FAVICON.indexOf(',') + 1)));
  assert.ok([...text].every((c) => c.charCodeAt(0) < 0x80), 'the text is ASCII');
  assert.ok(wide.includes('Сервер • 服务器') && wide.includes(' é'));
  const [wText, , wWide] = wasmRaw.decodeResponse('minecraft-java', frame, undefined);
  assert.equal(wText, text);
  assert.equal(wWide, wide);
  const want = viaJson('minecraft-java', frame);
  assert.equal(want.motd.plain, 'A Сервер • 服务器 é');
  for (const pkg of [addon, wasm]) assert.deepStrictEqual(pkg.decodeResponse('minecraft-java', frame), want);
  // Only Latin-1: one string crosses, the wide text after the text, where the scratch's
  // last slot says.
  const latin = addon.encodeResponse('minecraft-java', { type: 'status', ...javaState(), motd: '§aCafé' });
  const scratch = new Float64Array(4096);
  const one = binding.decodeResponse(id('minecraft-java'), latin, undefined, scratch);
  assert.equal(typeof one, 'string');
  const [lText, , lWide] = wasmRaw.decodeResponse('minecraft-java', latin, undefined);
  assert.equal(one, lText + lWide);
  assert.equal(scratch[4095], lText.length);
  assert.ok(lWide.startsWith('§aCafé'));
  const wantLatin = viaJson('minecraft-java', latin);
  assert.equal(wantLatin.motd.plain, 'Café');
  for (const pkg of [addon, wasm]) assert.deepStrictEqual(pkg.decodeResponse('minecraft-java', latin), wantLatin);
});

test('the addon lists the protocols the packages name, and decodes by their ids', async () => {
  const { PROTOCOLS } = await import('gamequery-wasm/glue');
  assert.deepStrictEqual(binding.protocols(), [...PROTOCOLS]);
  assert.throws(() => binding.decodeResponse(PROTOCOLS.length, Buffer.alloc(1), undefined, new Float64Array(8)), new RegExp(`no protocol has id ${PROTOCOLS.length}`));
});

test('the sync decoders (plain Node-API callbacks) check their arguments and work in worker threads', async () => {
  const scratch = new Float64Array(8);
  assert.throws(() => binding.decodeResponse(id('samp'), 'not bytes', undefined, scratch), /expected a typed array/);
  assert.throws(() => binding.decodeResponse(id('samp'), Buffer.alloc(1), undefined, new Uint8Array(8)), /another kind/);
  assert.throws(() => binding.decodeRequest(undefined, Buffer.alloc(1), scratch), /expected a number/);
  const { Worker } = await import('node:worker_threads');
  const code = `const g = require('gamequery');
    const bytes = g.encodeResponse('samp', { opcode: 'i', password: false, players: 1, maxPlayers: 2, hostname: 'Café', gamemode: 'g', language: 'l', encoding: 'windows-1252' });
    require('node:worker_threads').parentPort.postMessage([g.decodeResponse('samp', bytes), g.decodeRequest('samp', g.encodeRequest('samp', { opcode: 'i' }))]);`;
  const results = await Promise.all([0, 1].map(() => new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true });
    worker.once('message', resolve);
    worker.once('error', reject);
  })));
  for (const [response, request] of results) {
    assert.deepEqual([response.hostname, response.encoding, request.opcode], ['Café', 'windows-1252', 'i']);
  }
});

test('results with more numbers than the scratch array holds', () => {
  const bytes = addon.encodeResponse('samp', { opcode: 'c', players: players(1000, { detailed: false }) });
  const out = binding.decodeResponse(id('samp'), bytes, undefined, new Float64Array(4096));
  assert.ok(Array.isArray(out), 'the numbers crossed in their own array');
  const r = addon.decodeResponse('samp', bytes);
  assert.equal(r.players.length, 1000);
  assert.deepStrictEqual(r, viaJson('samp', bytes));
});

test('raw string bytes only when asked for', () => {
  const bytes = addon.encodeResponse('samp', { opcode: 'i', password: false, players: 0, maxPlayers: 1, hostname: 'é', gamemode: '', language: '' });
  for (const pkg of [addon, wasm]) {
    assert.equal(pkg.decodeResponse('samp', bytes).rawStrings, undefined);
    assert.deepEqual(pkg.decodeResponse('samp', bytes, { rawStrings: true }).rawStrings, ['c3a9', '', '']);
  }
});

test('shapes: the registry of struct key lists is plain JSON', () => {
  const shapes = JSON.parse(binding.shapes());
  assert.ok(shapes.length > 0 && shapes.every((keys) => Array.isArray(keys) && keys.every((k) => typeof k === 'string')));
});
