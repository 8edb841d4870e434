// Both packages load from the repo by path, as CommonJS and as ESM, and the WASM package
// resolves to the nodejs build under Node and to the web build for browsers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url);
const codec = ['encodeRequest', 'decodeRequest', 'encodeResponse', 'decodeResponse'];

test('require() by path', () => {
  const node = require('../../npm/gamequery');
  const wasm = require('../../npm/gamequery-wasm');
  for (const fn of [...codec, 'query', 'rcon', 'serve']) assert.equal(typeof node[fn], 'function', fn);
  for (const fn of [...codec, 'init']) assert.equal(typeof wasm[fn], 'function', fn);
  assert.deepEqual(node.PROTOCOLS, wasm.PROTOCOLS);
});

test('import by path', async () => {
  const node = await import(new URL('npm/gamequery/index.mjs', root));
  const wasm = await import('gamequery-wasm');
  await wasm.default();
  for (const fn of codec) {
    assert.equal(typeof node[fn], 'function');
    assert.equal(typeof wasm[fn], 'function');
  }
  const bytes = node.encodeRequest('samp', { opcode: 'i' });
  assert.deepEqual(wasm.decodeRequest('samp', bytes), node.decodeRequest('samp', bytes));
});

test('gamequery-wasm: browsers and bundlers get the web build behind the shared glue', () => {
  const pkg = JSON.parse(readFileSync(new URL('npm/gamequery-wasm/package.json', root)));
  const web = pkg.exports['.'].browser;
  assert.equal(web, './web.mjs');
  assert.equal(pkg.exports['.'].default, web);
  const source = readFileSync(new URL(`npm/gamequery-wasm/${web}`, root), 'utf8');
  assert.match(source, /from '\.\/pkg\/web\/gamequery_wasm\.js'/);
  assert.match(source, /export const \{[^}]*\bdecodeResponse\b/);
  assert.match(readFileSync(new URL('npm/gamequery-wasm/pkg/web/gamequery_wasm.js', root), 'utf8'), /__wbg_init as default/);
});

test('both packages ship the same generated declarations', () => {
  const a = readFileSync(new URL('npm/gamequery/types.d.ts', root), 'utf8');
  const b = readFileSync(new URL('npm/gamequery-wasm/types.d.ts', root), 'utf8');
  assert.equal(a, b);
  assert.match(a, /export type Protocol = 'samp'/);
});
