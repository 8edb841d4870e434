// Every protocol list a user reads, held against the core's registry (#48, 11): the
// READMEs' protocol tables, gamequery-wasm's `PROTOCOLS` row and FrameDecoder's, both
// packages' keywords. A protocol added to the registry and not to these fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REGISTRY } from '../../npm/gamequery-wasm/protocols.mjs';
import { PROTOCOLS } from 'gamequery-wasm/glue';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const names = REGISTRY.map((p) => p.name);

test('both READMEs have a protocol table row for every protocol of the registry', () => {
  for (const file of ['README.md', 'npm/gamequery/README.md']) {
    const text = read(file);
    const missing = names.filter((n) => !new RegExp(`^\\| \`${n}\` \\|`, 'm').test(text));
    assert.deepEqual(missing, [], file);
  }
});

test("the README's Status shape: its protocol union names every protocol a query takes", () => {
  const shape = /\{\n {2}protocol: ([^,]*(?:,(?! *\n {2}name)[^,]*)*),\n {2}name: string/.exec(read('npm/gamequery/README.md'))[1];
  const listed = shape.match(/'[^']+'/g).map((s) => s.slice(1, -1));
  assert.deepEqual(listed.sort(), REGISTRY.filter((p) => p.query).map((p) => p.name).sort());
});

test("gamequery-wasm's README: PROTOCOLS as the package exports it; FrameDecoder's row names each protocol it takes", () => {
  const text = read('npm/gamequery-wasm/README.md');
  const row = /^\| `PROTOCOLS` \| `\[([^\]]*)\]`/m.exec(text)?.[1];
  assert.deepEqual(row.split(', ').map((s) => s.replace(/'/g, '')), [...PROTOCOLS]);
  assert.deepEqual([...PROTOCOLS], names);
  const frames = /export type FrameProtocol = ([^;]*);/.exec(read('npm/gamequery-wasm/types.d.ts'))[1].match(/'[^']+'/g);
  const decoderRow = text.split('\n').find((l) => l.startsWith('| `new FrameDecoder('));
  for (const f of frames) assert.ok(decoderRow.includes(f), `FrameDecoder's row names ${f}`);
});

test("both packages' keywords name every protocol a query takes (or its family's word)", () => {
  for (const file of ['npm/gamequery/package.json', 'npm/gamequery-wasm/package.json']) {
    const keywords = JSON.parse(read(file)).keywords;
    // Minecraft's editions and legacy ping are under `minecraft` and `bedrock`.
    const word = (n) => ({ 'minecraft-java': 'minecraft', 'minecraft-legacy': 'minecraft', 'minecraft-bedrock': 'bedrock', 'minecraft-query': 'gamespy4' }[n] ?? n);
    const missing = REGISTRY.filter((p) => p.query).map((p) => word(p.name)).filter((k) => !keywords.includes(k));
    assert.deepEqual(missing, [], file);
  }
});
