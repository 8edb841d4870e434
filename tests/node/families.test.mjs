// The per-family browser entries (issue #51): `gamequery-wasm/samp`, `…/minecraft` … each
// loads a codec module with its family's protocols only, and answers for them as the
// all-protocols entry does — every golden vector of tests/fixtures decodes to the same value
// (or the same error) through both. The family list is the core registry's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as whole from 'gamequery-wasm';
import { PROTOCOL_REGISTRY } from 'gamequery-wasm/glue';
import { ENTRY_FAMILIES as families } from '../../scripts/families.mjs';
import { goldenVectors as vectors } from '../golden.mjs';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('npm/gamequery-wasm/package.json', root)));

/** A call's value, or its error's code and message: what two entries must agree on. */
function outcome(fn) {
  try {
    return { value: fn() };
  } catch (e) {
    return { code: e.code, message: e.message };
  }
}

/** A family's entry, its module handed over as bytes (Node's fetch reads no file: URL). */
async function entry(family) {
  const module = await import(new URL(`npm/gamequery-wasm/family/${family}.mjs`, root));
  await module.init({ module_or_path: readFileSync(new URL(`npm/gamequery-wasm/pkg/web-${family}/gamequery_wasm_bg.wasm`, root)) });
  return module;
}

test('every family with packets has its entry: an export of the package and a module of its own', () => {
  assert.deepEqual(families, ['samp', 'minecraft', 'sqp', 'a2s', 'quake', 'mumble', 'fivem', 'gamespy', 'satisfactory']);
  const entries = Object.keys(pkg.exports).filter((k) => pkg.exports[k].default?.startsWith('./family/'));
  assert.deepEqual(entries.sort(), families.map((f) => `./${f}`).sort(), 'package.json exports each family, and no other');
  for (const family of families) {
    const e = pkg.exports[`./${family}`];
    assert.equal(e.default, `./family/${family}.mjs`);
    // Node has the whole nodejs module already: the family entry is the package's own there.
    assert.deepEqual(e.node, pkg.exports['.'].node, family);
    const source = readFileSync(new URL(`npm/gamequery-wasm/family/${family}.mjs`, root), 'utf8');
    assert.match(source, new RegExp(`from '\\.\\./pkg/web-${family}/gamequery_wasm\\.js'`), family);
  }
  assert.ok(pkg.files.includes('family/') && pkg.files.includes('entry.mjs'));
});

for (const family of families) {
  test(`gamequery-wasm/${family}: its protocols only, each golden vector decoded as the whole package decodes it`, async () => {
    const mine = PROTOCOL_REGISTRY.filter((p) => p.family === family);
    const e = await entry(family);
    assert.deepEqual([...e.PROTOCOLS], mine.map((p) => p.name));
    let compared = 0;
    for (const p of mine.filter((r) => r.packets)) {
      for (const v of vectors(p.name)) {
        const how = v.direction === 'request' ? 'decodeRequest' : 'decodeResponse';
        // A reply in parts (GameSpy's datagrams, A2S's split packets): joined by the
        // entry's FrameDecoder, then decoded.
        const parts = (v.datagrams ?? v.packets)?.map((h) => Buffer.from(h, 'hex'));
        const read = (entry) => (parts
          ? () => { const joiner = new entry.FrameDecoder(p.name); return parts.flatMap((d) => joiner.push(d)).map((f) => entry[how](p.name, f)); }
          : () => entry[how](p.name, Buffer.from(v.hex, 'hex')));
        assert.deepEqual(outcome(read(e)), outcome(read(whole)), `${p.name} ${v.name}`);
        compared++;
      }
    }
    assert.ok(compared > 0, `${family}: no golden vector compared`);
    // Another family's protocol is named with the entry that has it.
    const other = PROTOCOL_REGISTRY.find((p) => p.family !== family && p.packets);
    const error = outcome(() => e.decodeResponse(other.name, new Uint8Array(8)));
    assert.equal(error.code, 'GQ_INVALID_ARGUMENT');
    assert.ok(error.message.includes(`import it from 'gamequery-wasm/${other.family}'`), error.message);
  });
}

/**
 * What a page of each family's entry downloads at init(), in KiB, each file gzipped: its
 * `.wasm`, its wasm-bindgen glue, the entry and the JS every browser entry shares (11.5 KiB of
 * it, unminified; a bundler's minifier takes off about half). Stated once, as measured when
 * the entries landed (issue #51) and rounded up to the half KiB; growth past it fails. The
 * issue's target for a page of SA:MP, Minecraft or A2S is 40 KiB in all, Vite-built (the
 * bench measures that page: the README's table).
 */
const BUDGETS_KIB = {
  samp: 74.5, minecraft: 93, a2s: 72.5, sqp: 64.5, quake: 90, gamespy: 110.5, fivem: 56.5, mumble: 51.5, satisfactory: 51,
};

test("each family's download stays within its budget", () => {
  const gz = (path) => gzipSync(readFileSync(new URL(`npm/gamequery-wasm/${path}`, root)), { level: 9 }).length;
  assert.deepEqual(Object.keys(BUDGETS_KIB).sort(), [...families].sort(), 'a budget for every family, and only for them');
  const all = gz('pkg/web/gamequery_wasm_bg.wasm');
  for (const family of families) {
    const files = [`pkg/web-${family}/gamequery_wasm_bg.wasm`, `pkg/web-${family}/gamequery_wasm.js`, `family/${family}.mjs`, 'entry.mjs', 'glue.mjs', 'protocols.mjs'];
    const total = files.reduce((sum, f) => sum + gz(f), 0);
    const budget = BUDGETS_KIB[family] * 1024;
    assert.ok(total <= budget, `gamequery-wasm/${family}: ${(total / 1024).toFixed(1)} KiB gzipped, over its budget (${BUDGETS_KIB[family]} KiB) by ${total - budget} bytes`);
    assert.ok(gz(files[0]) < all, `${family}: its module is smaller than the whole codec's`);
  }
});
