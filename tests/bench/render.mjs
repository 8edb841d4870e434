// The bench's results, written down: docs/bench/results.json (what `npm run bench`
// measured, with the date, the machine and the commit), and from it docs/bench/README.md
// (every table), docs/bench/bench.svg (the chart) and the marked places in the READMEs
// that quote a figure. Nothing in those is typed by hand: `npm run bench` rewrites them,
// and `node tests/bench/render.mjs` re-renders them from the committed JSON (after a change
// to this file); tests/node/bench-docs.test.mjs checks they agree with it.
//   In a README: <!-- bench:summary --> … <!-- /bench:summary --> holds the summary table,
//   and <!--bench:KEY-->…<!--/bench--> one figure (KEY from FIGURES below).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, release, totalmem, type } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = 'docs/bench/results.json';
const REPORT = 'docs/bench/README.md';
const CHART = 'docs/bench/bench.svg';
/** The READMEs that quote figures, and where their links to docs/bench point. */
const READMES = {
  'README.md': { base: 'docs/bench/', image: 'docs/bench/bench.svg' },
  'npm/gamequery/README.md': {
    base: 'https://github.com/gamequery/gamequery/blob/main/docs/bench/',
    image: 'https://raw.githubusercontent.com/gamequery/gamequery/main/docs/bench/bench.svg',
  },
  'npm/gamequery-wasm/README.md': { base: 'https://github.com/gamequery/gamequery/blob/main/docs/bench/', image: null },
};

// ── The run ──────────────────────────────────────────────────────────────────────────
const version = (pkg) => JSON.parse(readFileSync(`${root}node_modules/${pkg}/package.json`, 'utf8')).version;

/** When, where and at which commit the bench ran, and against which versions of the peers. */
export function describeRun() {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  // Code changes since the commit make its figures someone else's; the bench's own outputs do not.
  const changed = git('status', '--porcelain', '--', '.', ':!docs/bench', ':!*.md');
  // qstat prints its version and exits non-zero.
  const v = spawnSync('/usr/bin/quakestat', ['-v'], { encoding: 'utf8' });
  const qstat = `${v.stdout ?? ''}${v.stderr ?? ''}`.match(/\d+\.\d+\S*/)?.[0] ?? 'absent';
  return {
    measuredAt: new Date().toISOString().slice(0, 10),
    commit: git('rev-parse', '--short=10', 'HEAD'),
    uncommittedChanges: changed !== '',
    machine: {
      cpu: cpus()[0]?.model.trim() ?? 'unknown',
      cores: availableParallelism(),
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      os: `${type()} ${release()}`,
      node: process.version,
    },
    versions: {
      gamequery: JSON.parse(readFileSync(`${root}npm/gamequery/package.json`, 'utf8')).version,
      gamedig: version('gamedig'),
      'minecraft-server-util': version('minecraft-server-util'),
      'samp-query': version('samp-query'),
      qstat,
    },
  };
}

/** Figures to the precision they carry (the JSON stays readable and its diffs small). */
function rounded(results) {
  const sig = (x) => (x === null || x === undefined ? x : Number(x.toPrecision(4)));
  return {
    ...results,
    micro: results.micro.map((g) => ({ ...g, rows: g.rows.map((r) => ({ ...r, us: sig(r.us) })) })),
    sequential: results.sequential.map((g) => ({ ...g, rows: g.rows.map((r) => ({ ...r, qps: Math.round(r.qps) })) })),
    bulk: results.bulk.map((g) => ({
      ...g,
      rows: g.rows.map((r) => ({ ...r, qps: Math.round(r.qps), cpuUsPerQuery: sig(r.cpuUsPerQuery), peakRssGrowthMiB: sig(r.peakRssGrowthMiB) })),
    })),
  };
}

/** Writes the results and everything rendered from them (all rendered first: a render that throws writes nothing); returns the paths written. */
export function writeResults(results) {
  // Rendered from the JSON as written (undefined fields gone), as the test renders it.
  const json = JSON.parse(JSON.stringify(rounded(results)));
  const files = { [RESULTS]: `${JSON.stringify(json, null, 2)}\n`, ...rendered(json, (p) => readFileSync(`${root}${p}`, 'utf8')) };
  for (const [path, text] of Object.entries(files)) writeFileSync(`${root}${path}`, text);
  return Object.keys(files);
}

/** Re-renders from the committed JSON; returns the paths written. */
export function applyRendered() {
  const results = JSON.parse(readFileSync(`${root}${RESULTS}`, 'utf8'));
  const files = rendered(results, (p) => readFileSync(`${root}${p}`, 'utf8'));
  for (const [path, text] of Object.entries(files)) writeFileSync(`${root}${path}`, text);
  return Object.keys(files);
}

/** Every rendered file's text, from `results` and (for the READMEs) their current text. */
export function rendered(results, read) {
  const out = { [REPORT]: report(results), [CHART]: chart(results) };
  for (const [path, links] of Object.entries(READMES)) out[path] = fill(read(path), results, links, path);
  return out;
}

// ── Formatting ───────────────────────────────────────────────────────────────────────
const int = (n) => Math.round(n).toLocaleString('en-US');
const us = (n) => (n < 1 ? `${Math.round(n * 1000)} ns` : n < 10 ? `${n.toFixed(2)} µs` : `${n.toFixed(n < 100 ? 1 : 0)} µs`);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const times = (x) => `×${x < 0.095 ? x.toFixed(3) : x.toFixed(2)}`;
const bulkGroup = (r, id) => r.bulk.find((g) => g.id === id);
const micro = (r, id) => r.micro.find((g) => g.id === id);
const row = (g, test) => g?.rows.find(test);
const countOf = (g, r) => r.count ?? g.count;
const answered = (g, r) => `${int(countOf(g, r) - r.failures)} / ${int(countOf(g, r))}`;
const lost = (g, r) => (r.failures ? `, ${((100 * r.failures) / countOf(g, r)).toFixed(r.failures * 1000 < countOf(g, r) ? 1 : 0)} % lost` : '');
const where = (r) =>
  `${r.measuredAt} on ${r.machine.cores} cores of an ${r.machine.cpu} (${r.machine.memoryGiB} GiB, ${r.machine.os}, Node ${r.machine.node}), at commit \`${r.commit}\`${r.uncommittedChanges ? ' with uncommitted changes' : ''}`;

/** Ours on an engine, and a peer's best (highest throughput) row of a bulk group. */
const oursIn = (g, engine, test = () => true) => g?.rows.find((r) => r.peer === 'gamequery' && r.engine === engine && r.cpu === 'in-process' && test(r));
const scanOf = (g) => g?.rows.find((r) => r.peer === 'gamequery' && r.cpu === 'whole process');
/** Answered queries a second: a row that loses replies does not win by giving up early. */
const goodput = (g, r) => (r.qps * (countOf(g, r) - r.failures)) / countOf(g, r);
const best = (g, peer) => g?.rows.filter((r) => r.peer === peer).reduce((a, b) => (a && goodput(g, a) >= goodput(g, b) ? a : b), null);

// ── docs/bench/README.md ─────────────────────────────────────────────────────────────
function report(r) {
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` ${where(r)}; gamequery ${r.versions.gamequery}, gamedig ${r.versions.gamedig}, minecraft-server-util ${r.versions['minecraft-server-util']}, samp-query ${r.versions['samp-query']}, qstat ${r.versions.qstat} (Debian's \`quakestat\`). Generated from [results.json](results.json) by \`tests/bench/render.mjs\`; do not edit — re-run the bench.`,
    '',
    '![gamequery against qstat and gamedig](bench.svg)',
    '',
    '## Many servers at once',
    '',
    'Distinct servers on loopback (gamequery\'s responders, in a process of their own), each contender three times in fresh processes, interleaved: throughput and CPU are medians, failures and incomplete player lists the worst run. Time and CPU are counted as each is used: *in-process* is the run alone in a process that has loaded its modules and asked one server (what a long-lived bot pays per query); *whole process* is start to exit, process start included (what a shell scan pays — qstat, `gamequery scan`; bash\'s `time`, in milliseconds). Memory is the in-process run\'s peak RSS growth. Kernel drops are UDP datagrams the kernel threw away because a receive buffer was full.',
    '',
  ];
  for (const g of r.bulk) {
    lines.push(`### ${g.title}`, '');
    if (g.note) lines.push(g.note, '');
    lines.push('| contender | counted | queries/s | CPU per query | peak RSS growth | answered | incomplete | kernel drops |', '|---|---|--:|--:|--:|--:|--:|--:|');
    for (const x of g.rows) {
      lines.push(`| ${x.label} | ${x.cpu} | ${int(x.qps)} | ${us(x.cpuUsPerQuery)} | ${x.peakRssGrowthMiB === null ? '—' : `${x.peakRssGrowthMiB.toFixed(1)} MiB`} | ${answered(g, x)} | ${x.incomplete} | ${x.kernelDrops} |`);
    }
    lines.push('');
  }
  lines.push('## One server, one query after another', '', 'One process; each contender in turn, after one query to warm up; queries a second over the whole series.', '');
  for (const g of r.sequential) {
    const ref = g.rows.at(-1);
    lines.push(`### ${g.title}`, '', '| contender | queries/s | against the last |', '|---|--:|--:|');
    for (const x of g.rows) lines.push(`| ${x.name} | ${int(x.qps)} | ${times(x.qps / ref.qps)} |`);
    lines.push('');
  }
  lines.push('## Decoding and encoding', '', 'One reply (or value) per call, default options; each contender\'s median over three fresh processes of interleaved rounds. The ratio is the time against the group\'s reference (its last row unless stated): below 1 is faster.', '');
  for (const g of r.micro) {
    const ref = g.rows[g.reference];
    lines.push(`### ${g.title}`, '', `| contender | time per call | against ${ref.name} |`, '|---|--:|--:|');
    for (const x of g.rows) lines.push(`| ${x.name} | ${us(x.us)} | ${times(x.us / ref.us)} |`);
    lines.push('');
  }
  lines.push('## What a browser downloads', '', 'gzip at level 9, brotli at quality 11.', '');
  for (const g of r.sizes) {
    lines.push(`### ${g.title}`, '', '| file | raw | gzip | brotli |', '|---|--:|--:|--:|');
    for (const x of g.rows) lines.push(`| \`${x.name}\` | ${kib(x.raw)} | ${kib(x.gzip)} | ${kib(x.brotli)} |`);
    lines.push(`| total | ${kib(g.total.raw)} | ${kib(g.total.gzip)} | ${kib(g.total.brotli)} |`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

// ── The summary the READMEs show ─────────────────────────────────────────────────────
/** The decode groups the summary quotes, as `[label, id]`. */
const DECODES = [
  ['SA:MP, 100 players', 'samp-players'],
  ['Quake 3, 20 players', 'quake3'],
  ['GameSpy 1, 3 datagrams (BF1942)', 'gamespy1'],
  ['Minecraft status, 8 KiB favicon', 'minecraft-component'],
];
/** The bulk groups the protocol table quotes, in order. */
const PROTOCOLS = (r) => r.bulk.filter((g) => g.id !== 'a2s' && g.id !== 'arma3');

function summary(r, links) {
  const a2s = bulkGroup(r, 'a2s');
  const lines = [
    `Measured by \`npm run bench\` ${where(r)}; [every figure and how it is taken](${links.base}README.md).`,
    '',
  ];
  if (links.image) lines.push(`![gamequery against qstat and gamedig: throughput and CPU per query](${links.image})`, '');
  if (a2s) {
    lines.push(`**${a2s.title}**; time and CPU in-process for libraries, start to exit for command lines`, '', '| | queries/s | CPU per query | answered |', '|---|--:|--:|--:|');
    for (const x of a2s.rows) lines.push(`| ${x.label} | ${int(x.qps)} | ${us(x.cpuUsPerQuery)} (${x.cpu}) | ${answered(a2s, x)} |`);
    lines.push('');
  }
  const protocols = PROTOCOLS(r);
  if (protocols.length) {
    lines.push('**The other protocols**, queries/s (CPU per query): gamequery\'s `queryMany` with default options on each engine and gamedig in-process; `gamequery scan` and qstat start to exit; for qstat and gamedig their fastest row (answered queries a second)', '', '| servers | gamequery | its WASM engine | gamequery scan | qstat | gamedig |', '|---|--:|--:|--:|--:|--:|');
    for (const g of protocols) {
      const cell = (x) => (x ? `${int(x.qps)} (${us(x.cpuUsPerQuery)})${lost(g, x)}` : '—');
      lines.push(`| ${g.title.replace(/, (no )?concurrency.*$/, '').replace(/ \((?!gamedig).*?\)/g, '')} | ${cell(oursIn(g, 'native'))} | ${cell(oursIn(g, 'wasm'))} | ${cell(scanOf(g))} | ${cell(best(g, 'qstat'))} | ${cell(best(g, 'gamedig'))} |`);
    }
    lines.push('');
  }
  const decodes = DECODES.map(([label, id]) => [label, micro(r, id)]).filter(([, g]) => g);
  if (decodes.length) {
    lines.push('**Decoding one reply**, time against gamedig\'s own decoder (below 1 is faster): ' + decodes.map(([label, g]) => {
      const ref = g.rows[g.reference].us;
      const wasm = row(g, (x) => x.name === 'gamequery-wasm');
      return `${label} ${times(g.rows[0].us / ref)}${wasm ? ` (WASM ${times(wasm.us / ref)})` : ''}`;
    }).join(', ') + '.', '');
  }
  return lines.join('\n');
}

// ── Single figures quoted in prose ───────────────────────────────────────────────────
const sizesOf = (r, id) => r.sizes.find((g) => g.id === id);
const wasmOf = (g) => g.rows.find((x) => x.name.endsWith('.wasm'));
const FIGURES = {
  /** What the WASM engine costs against the native one, in the A2S group. */
  'wasm-engine': (r) => {
    const g = bulkGroup(r, 'a2s');
    const [n, w] = [oursIn(g, 'native'), oursIn(g, 'wasm')];
    return `${int(w.qps)} queries/s at ${us(w.cpuUsPerQuery)} of CPU each where the native engine does ${int(n.qps)} at ${us(n.cpuUsPerQuery)} (${g.title.replace(/ \(.*?\)/, '')}, ${n.label.replace(/^gamequery queryMany, /, '')})`;
  },
  /** The bulk engine's cost on the native engine (A2S, info only). */
  'bulk-native': (r) => {
    const g = bulkGroup(r, 'a2s');
    const n = oursIn(g, 'native');
    return `${g.title.replace(/ \(.*?\)/, '')}: ${int(n.qps)} queries/s, ${us(n.cpuUsPerQuery)} of CPU a query, ${n.peakRssGrowthMiB.toFixed(1)} MiB of peak memory growth (${n.label.replace(/^gamequery queryMany, /, '')})`;
  },
  /** What the tape saves against JSON text, for a 100-player SA:MP reply. */
  'tape-vs-json': (r) => {
    const g = micro(r, 'steps-samp');
    const json = row(g, (x) => x.name.includes('JSON.parse'));
    const all = row(g, (x) => x.name.startsWith('addon decodeResponse'));
    return `for a 100-player SA:MP reply the JSON text and its \`JSON.parse\` take ${us(json.us)}, the whole decode through the tape ${us(all.us)}`;
  },
  /** When and where the quoted figures were measured. */
  measured: (r) => `measured ${r.measuredAt} at \`${r.commit}\``,
  /** The codec's .wasm, raw and gzipped. */
  'codec-wasm': (r) => {
    const x = wasmOf(sizesOf(r, 'init'));
    return `${kib(x.raw)} (${kib(x.gzip)} gzipped)`;
  },
  /** What init() downloads. */
  'init-download': (r) => {
    const g = sizesOf(r, 'init');
    const wasm = wasmOf(g);
    const js = g.rows.filter((x) => x !== wasm).reduce((n, x) => n + x.gzip, 0);
    return `a ${kib(wasm.raw)} \`.wasm\` (${kib(wasm.gzip)} gzipped, ${kib(wasm.brotli)} brotli) and ${kib(js)} of gzipped JS, ${kib(g.total.gzip)} in all`;
  },
  /** What a Vite production page downloads at init(). */
  'vite-download': (r) => `${kib(sizesOf(r, 'vite').total.gzip)} gzipped in all`,
  /** What a Vite page of each family's entry downloads at init(), as a Markdown table. */
  'family-downloads': (r) => {
    const rows = r.sizes.filter((s) => s.id.startsWith('vite-')).map((s) => {
      const wasm = wasmOf(s);
      return `| \`gamequery-wasm/${s.id.slice('vite-'.length)}\` | ${kib(wasm.gzip)} | ${kib(s.total.gzip - wasm.gzip)} | ${kib(s.total.gzip)} |`;
    });
    return `\n| Entry | \`.wasm\` gzipped | JS gzipped | In all |\n|---|---|---|---|\n${rows.join('\n')}\n`;
  },
  /** What the engine adds at the first network call. */
  'engine-download': (r) => {
    const g = sizesOf(r, 'engine');
    const wasm = wasmOf(g);
    return `${kib(wasm.gzip)} gzipped, and ${kib(g.total.gzip - wasm.gzip)} of JS`;
  },
};

/** A README with its marked places filled from `results`; a marker without its close, or one inside another, is an error. */
function fill(text, results, links, path) {
  const count = (re) => (text.match(re) ?? []).length;
  if (count(/<!-- bench:summary -->/g) !== count(/<!-- \/bench:summary -->/g)) throw new Error(`${path}: a bench:summary block without its close`);
  if (count(/<!--bench:[\w-]+-->/g) !== count(/<!--\/bench-->/g)) throw new Error(`${path}: a bench figure without its close`);
  const blocks = /(<!-- bench:summary -->\r?\n)[\s\S]*?(<!-- \/bench:summary -->)/g;
  let out = text.replace(blocks, (_, open, close) => `${open}${summary(results, links)}\n${close}`);
  out = out.replace(/(<!--bench:([\w-]+)-->)([\s\S]*?)(<!--\/bench-->)/g, (_, open, key, inner, close) => {
    if (inner.includes('<!--bench:')) throw new Error(`${path}: bench figure ${key} holds another`);
    if (!FIGURES[key]) throw new Error(`${path}: no figure named ${key} (tests/bench/render.mjs FIGURES)`);
    try {
      return `${open}${FIGURES[key](results)}${close}`;
    } catch (e) {
      throw new Error(`${path}: figure ${key} has nothing to quote in these results (${e.message})`);
    }
  });
  return out;
}

// ── docs/bench/bench.svg ─────────────────────────────────────────────────────────────
const COLOURS = { native: '#2563eb', wasm: '#93c5fd', qstat: '#d97706', gamedig: '#6b7280', other: '#9ca3af' };
const colour = (x) => (x.peer === 'gamequery' ? COLOURS[x.engine] ?? COLOURS.native : COLOURS[x.peer] ?? COLOURS.other);
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const compact = (n) => (n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : int(n));

function chart(r) {
  const W = 900;
  const out = [];
  let y = 0;
  const text = (x, yy, s, { size = 12, anchor = 'start', weight = 'normal', fill = '#111827' } = {}) =>
    out.push(`<text x="${x}" y="${yy}" font-size="${size}" text-anchor="${anchor}" font-weight="${weight}" fill="${fill}">${esc(s)}</text>`);
  const bar = (x, yy, w, h, fill) => out.push(`<rect x="${x}" y="${yy}" width="${Math.max(1, w).toFixed(1)}" height="${h}" fill="${fill}"/>`);

  y += 22;
  text(0, y, `gamequery against qstat and gamedig — measured ${r.measuredAt}, ${r.machine.cores} cores (${r.machine.cpu}), commit ${r.commit}`, { size: 14, weight: 'bold' });

  const a2s = bulkGroup(r, 'a2s');
  if (a2s) {
    y += 30;
    text(0, y, a2s.title, { weight: 'bold' });
    const L = 330;
    const span = 250;
    const maxQ = Math.max(...a2s.rows.map((x) => x.qps));
    const maxC = Math.max(...a2s.rows.map((x) => x.cpuUsPerQuery));
    y += 20;
    text(L, y, 'queries per second (longer is better)', { size: 11, fill: '#374151' });
    text(L + span + 60, y, 'CPU per query (shorter is better)', { size: 11, fill: '#374151' });
    for (const x of a2s.rows) {
      y += 20;
      text(L - 8, y, x.label, { size: 11, anchor: 'end' });
      bar(L, y - 11, (x.qps / maxQ) * span, 13, colour(x));
      text(L + (x.qps / maxQ) * span + 4, y, compact(x.qps), { size: 11 });
      bar(L + span + 60, y - 11, (x.cpuUsPerQuery / maxC) * (span - 60), 13, colour(x));
      text(L + span + 60 + (x.cpuUsPerQuery / maxC) * (span - 60) + 4, y, `${us(x.cpuUsPerQuery)}${x.cpu === 'whole process' ? ' *' : ''}`, { size: 11 });
    }
    y += 18;
    text(L, y, '* whole process, start to exit; the rest in-process (the run alone)', { size: 10, fill: '#6b7280' });
  }

  const protocols = PROTOCOLS(r);
  if (protocols.length) {
    y += 32;
    text(0, y, 'Each protocol: queries per second, each group scaled to its fastest (gamequery native · qstat · gamedig)', { weight: 'bold' });
    const L = 330;
    const span = 470;
    for (const g of protocols) {
      const trio = [oursIn(g, 'native'), best(g, 'qstat'), best(g, 'gamedig')].filter(Boolean);
      const max = Math.max(...trio.map((x) => x.qps));
      y += 8;
      text(L - 8, y + 14, g.title.slice(0, g.title.indexOf(': ')), { size: 11, anchor: 'end' });
      for (const x of trio) {
        y += 11;
        bar(L, y - 8, (x.qps / max) * span, 9, colour(x));
        text(L + (x.qps / max) * span + 4, y, compact(x.qps), { size: 9 });
      }
    }
  }

  const decodes = DECODES.map(([label, id]) => [label, micro(r, id)]).filter(([, g]) => g);
  if (decodes.length) {
    y += 32;
    text(0, y, 'Decoding one reply: time against gamedig\'s decoder (gamedig = 1; shorter is faster) · native · WASM', { weight: 'bold' });
    const L = 330;
    const span = 300;
    const unit = span / 1.5;
    const top = y + 14;
    y += 10;
    for (const [label, g] of decodes) {
      const ref = g.rows[g.reference].us;
      const wasm = row(g, (x) => x.name === 'gamequery-wasm');
      y += 8;
      text(L - 8, y + 12, label, { size: 11, anchor: 'end' });
      for (const [x, engine] of [[g.rows[0], 'native'], [wasm, 'wasm']]) {
        if (!x) continue;
        const ratio = x.us / ref;
        y += 11;
        bar(L, y - 8, Math.min(ratio, 1.5) * unit, 9, COLOURS[engine]);
        text(L + Math.min(ratio, 1.5) * unit + 4, y, times(ratio), { size: 9 });
      }
    }
    out.push(`<line x1="${L + unit}" y1="${top}" x2="${L + unit}" y2="${y + 4}" stroke="#111827" stroke-dasharray="3 3"/>`);
    text(L + unit, top - 2, 'gamedig', { size: 9, anchor: 'middle' });
  }

  y += 24;
  text(0, y, 'Legend:', { size: 11 });
  let x = 56;
  for (const [name, fill] of [['gamequery (native)', COLOURS.native], ['gamequery (WASM engine)', COLOURS.wasm], ['qstat', COLOURS.qstat], ['gamedig and others', COLOURS.gamedig]]) {
    bar(x, y - 10, 12, 12, fill);
    text(x + 16, y, name, { size: 11 });
    x += 40 + name.length * 6.5;
  }
  y += 12;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${y}" viewBox="0 0 ${W} ${y}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif">\n<rect width="${W}" height="${y}" fill="#ffffff"/>\n${out.join('\n')}\n</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`wrote ${applyRendered().join(', ')}`);
