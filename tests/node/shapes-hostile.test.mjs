// A server cannot fill the addon's shape registry: a document's objects whose names all
// come from the protocol get shapes from a budget of their own (core/src/tape/shapes.rs),
// and past it they cross with their keys. Its own file: the registry lives as long as the
// process, and this test spends the budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { frameOf } from './helpers.mjs';

const require = createRequire(import.meta.url);
const binding = require('../../npm/gamequery/binding.js');
const viaJson = (bytes) => JSON.parse(binding.__decodeResponseJson('minecraft-java', bytes, undefined));

/** `count` components, each with its own order of four of the protocol's names. */
function components(count) {
  const names = ['text', 'color', 'bold', 'italic', 'underlined', 'strikethrough', 'obfuscated', 'font'];
  const value = (name, i) => (['text', 'color', 'font'].includes(name) ? `"${i}"` : 'true');
  const out = [];
  for (const a of names) for (const b of names) for (const c of names) for (const d of names) {
    const keys = [a, b, c, d];
    if (new Set(keys).size === 4 && out.length < count) out.push(`{${keys.map((k) => `"${k}":${value(k, out.length)}`).join(',')}}`);
  }
  return out;
}

test('a document with more distinct shapes than the budget decodes as JSON.parse reads it, keys in order', () => {
  const shapesBefore = JSON.parse(binding.shapes()).length;
  const extra = components(600);
  const frame = frameOf(`{"description":{"text":"","extra":[${extra.join(',')}]},"players":{"max":1,"online":0}}`);
  const want = viaJson(frame);
  for (const round of [1, 2]) {
    for (const pkg of [addon, wasm]) {
      const got = pkg.decodeResponse('minecraft-java', frame);
      assert.deepStrictEqual(got, want, `round ${round}`);
      assert.equal(JSON.stringify(got.document), JSON.stringify(want.document), 'the same keys in the same order');
      // Past the budget an object's keys follow its values, and the description then
      // crosses twice (the shared compare reads shapes only): equal, not the same object.
      assert.deepStrictEqual(got.motd.raw, got.document.description);
    }
  }
  // The addon registered its budget for them (256) and no more: the objects past it were
  // built from the keys they carry (checked above). The wasm engine leaves it alone.
  const added = JSON.parse(binding.shapes()).length - shapesBefore;
  if (process.env.GAMEQUERY_ENGINE !== 'wasm') assert.ok(added >= 256 && added <= 256 + 8, `${added} shapes added`);
});
