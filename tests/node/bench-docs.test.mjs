// The published benchmark figures (issue #34): docs/bench/results.json is what one run of
// `npm run bench` measured, and docs/bench/README.md, docs/bench/bench.svg and every
// figure the READMEs quote are rendered from it — so none may differ from what
// tests/bench/render.mjs makes of the JSON (an edit by hand, or a stale render, fails
// here). Nothing is timed: the figures are checked for being there and whole, not fast.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rendered } from '../bench/render.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (p) => readFileSync(`${root}${p}`, 'utf8');
const results = JSON.parse(read('docs/bench/results.json'));

test('every rendered file is what the committed results render to', () => {
  const files = rendered(results, read);
  assert.deepEqual(Object.keys(files).sort(), [
    'README.md', 'docs/bench/README.md', 'docs/bench/bench.svg', 'npm/gamequery-wasm/README.md', 'npm/gamequery/README.md',
  ]);
  for (const [path, text] of Object.entries(files)) {
    assert.equal(read(path), text, `${path} differs from its render: run \`node tests/bench/render.mjs\` (or the bench)`);
  }
});

test('the results say when, where and at which commit they were measured', () => {
  assert.match(results.measuredAt, /^\d{4}-\d{2}-\d{2}$/);
  assert.ok(results.machine.cores >= 1 && results.machine.cpu.length > 0 && results.machine.node.startsWith('v'));
  assert.equal(results.uncommittedChanges, false, 'measured with code changes not in any commit');
  // The commit is in this history (a full clone has it), so the figures can be traced to code.
  const shallow = execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: root, encoding: 'utf8' }).trim() === 'true';
  if (!shallow) execFileSync('git', ['merge-base', '--is-ancestor', results.commit, 'HEAD'], { cwd: root });
  assert.match(results.versions.qstat, /^\d+\.\d+/);
});

test('qstat, gamedig and both engines are measured where they speak the protocol', () => {
  const group = (id) => results.bulk.find((g) => g.id === id);
  const who = (g) => new Set(g.rows.map((r) => `${r.peer}${r.engine === 'wasm' ? ' wasm' : ''}`));
  for (const id of ['a2s', 'minecraft-query', 'quake3']) {
    assert.deepEqual([...who(group(id))].sort(), ['gamedig', 'gamequery', 'gamequery wasm', 'qstat'], id);
  }
  for (const id of ['gamespy1', 'gamespy2', 'gamespy3', 'doom3', 'unreal2', 'all-seeing-eye', 'quake2', 'quakeworld', 'mumble']) {
    assert.deepEqual([...who(group(id))].sort(), ['gamedig', 'gamequery', 'qstat'], id);
  }
  // CPU both ways: queryMany in-process, the CLI's scan and qstat as whole processes.
  const a2s = group('a2s');
  assert.ok(a2s.rows.some((r) => r.peer === 'gamequery' && r.cpu === 'whole process'));
  assert.ok(a2s.rows.filter((r) => r.peer === 'qstat').every((r) => r.cpu === 'whole process'));
  for (const g of results.bulk) {
    for (const r of g.rows) {
      assert.ok(r.qps > 0 && r.cpuUsPerQuery > 0, `${g.id}: ${r.label}`);
      assert.ok(r.failures >= 0 && r.failures <= g.count, `${g.id}: ${r.label}`);
    }
  }
  // Decoding, against gamedig's decoders, on both engines.
  for (const id of ['samp-players', 'quake3', 'gamespy1', 'minecraft-component']) {
    const g = results.micro.find((m) => m.id === id);
    assert.ok(g.rows[0].us > 0 && g.rows.some((r) => r.name === 'gamequery-wasm') && /gamedig/.test(g.rows[g.reference].name), id);
  }
});

test('the READMEs quote the run: the summary near the top, no figure left empty or unknown', () => {
  for (const path of ['README.md', 'npm/gamequery/README.md', 'npm/gamequery-wasm/README.md']) {
    const text = read(path);
    assert.match(text, /<!-- bench:summary -->\nMeasured by `npm run bench` \d{4}-\d{2}-\d{2} on \d+ cores/, path);
    assert.ok(!/<!--bench:[\w-]+--><!--\/bench-->/.test(text), `${path}: an empty figure`);
  }
  assert.ok(read('README.md').indexOf('<!-- bench:summary -->') < read('README.md').indexOf('## The two commands'), 'the summary comes near the top');
  const only = (text) => (p) => (p === 'README.md' ? text : '');
  assert.throws(() => rendered(results, only('<!--bench:no-such-figure--><!--/bench-->')), /no figure named no-such-figure/);
  assert.throws(() => rendered(results, only('<!--bench:measured-->left open')), /without its close/);
  assert.throws(() => rendered(results, only('<!-- bench:summary -->\nleft open')), /without its close/);
});

test('the chart is one SVG document that names the contenders it draws', () => {
  const svg = read('docs/bench/bench.svg');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/);
  assert.ok(svg.trimEnd().endsWith('</svg>'));
  assert.equal((svg.match(/<text /g) ?? []).length, (svg.match(/<\/text>/g) ?? []).length);
  for (const name of ['qstat', 'gamedig', 'WASM engine', results.commit]) assert.ok(svg.includes(name), name);
});
