// Every name a package's typings declare exists at run time, in each of its Node entries,
// and the `.wasm` is reachable through `exports` for bundlers that want its URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { declaredValues, missingExports } from '../declared.mjs';

const require = createRequire(import.meta.url);
const dts = (pkg) => fileURLToPath(new URL(`../../npm/${pkg}/index.d.ts`, import.meta.url));

test('gamequery-wasm: the Node entries (import and require) export every declared name', async () => {
  const declared = declaredValues(dts('gamequery-wasm'));
  assert.ok(declared.length >= 17, `found ${declared.map(([n]) => n)}`);
  for (const name of ['PROTOCOLS', 'init', 'initSync', 'query', 'createEngine', 'FrameDecoder', 'default']) {
    assert.ok(declared.some(([n]) => n === name), name);
  }
  assert.deepEqual(missingExports(declared, await import('gamequery-wasm')), []);
  assert.deepEqual(missingExports(declared, require('gamequery-wasm')), []);
});

test('gamequery: the Node entries (import and require) export every declared name', async () => {
  const declared = declaredValues(dts('gamequery'));
  for (const name of ['query', 'queryMany', 'rcon', 'serve', 'engine', 'PROTOCOLS', 'GameQueryError']) {
    assert.ok(declared.some(([n]) => n === name), name);
  }
  assert.deepEqual(missingExports(declared.filter(([n]) => n !== 'engineError'), await import('gamequery')), []);
  assert.deepEqual(missingExports(declared.filter(([n]) => n !== 'engineError'), require('gamequery')), []);
  // Declared for the fallback's reason; present as a key even when the addon loaded.
  assert.ok('engineError' in require('gamequery'));
});

test('gamequery-wasm: both .wasm files resolve through exports, for bundlers that need their URLs', () => {
  for (const [name, file] of [['gamequery_wasm_bg.wasm', 'pkg/web/'], ['gamequery_wasm_engine_bg.wasm', 'pkg/web-engine/']]) {
    const path = require.resolve(`gamequery-wasm/${name}`);
    assert.ok(path.endsWith(`${file}gamequery_wasm_bg.wasm`) && existsSync(path), path);
    assert.equal(import.meta.resolve(`gamequery-wasm/${name}`), `file://${path}`);
  }
});
