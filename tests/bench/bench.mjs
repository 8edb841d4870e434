// `npm run bench`: gamequery against the peers on npm, measured in the same run and
// printed as ratios (never asserted in tests). Contenders of a group run in interleaved
// rounds and report their median, so machine noise hits them alike. Sections:
//   size     — what a browser downloads: the .wasm and the JS, raw / gzip / brotli
//   decode   — one reply, default options, with where gamequery's time goes (native,
//              crossing, object building) and the JSON text the tape replaced
//   VarInt   — one value per call against a plain JS loop
//   (decode and VarInt are measured in 3 fresh processes, one after another, and each
//   contender's median of the three is printed: one process's JIT and heap luck moved
//   single results by ±15% on the 2-vCPU machine)
//   queries  — sequential queries over loopback
//   bulk     — many distinct servers at once (tests/bench/bulk.mjs, fresh processes)
// Every figure also goes into docs/bench/results.json with the date, the machine and the
// commit, and tests/bench/render.mjs turns that into docs/bench/README.md, its chart and
// the README blocks that quote it (GQ_BENCH_NO_WRITE=1: print only).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { GameDig } from 'gamedig';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import util from 'minecraft-server-util';
import { pageDownload } from './page-size.mjs';
import { describeRun, writeResults } from './render.mjs';

const require = createRequire(import.meta.url);
// gamedig's package exports hide its Reader; its query code uses exactly this class.
const { default: Reader } = await import(new URL('../../node_modules/gamedig/lib/reader.js', import.meta.url));
const sampQuery = require('samp-query');
const motdUtil = require('minecraft-motd-util');
const binding = require('../../npm/gamequery/binding.js');
const wasmRaw = require('../../npm/gamequery-wasm/pkg/node/gamequery_wasm.js');
const { tapeReader } = require('gamequery-wasm/glue');

const ROUNDS = 7;
const PROCESSES = 3;
// A measuring process (GQ_BENCH_MEASURE=1) runs the decode and VarInt groups silently and
// prints their medians as JSON; the main process prints the median of the processes'.
const MEASURE = process.env.GQ_BENCH_MEASURE === '1';
const measured = {};
let fromProcesses = null;
// What the run measured, as docs/bench/results.json holds it; the tree is looked at when
// the run starts and when it ends, so a commit or an edit made meanwhile shows.
const report = { sizes: [], micro: [], sequential: [], bulk: [] };
const started = MEASURE ? null : describeRun();
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Median µs per call of each `[name, fn]`: measured here, or the processes' median; `id` names it in the results. */
function group(title, contenders, { ms = 120, reference = contenders.length - 1, id = null } = {}) {
  const us = fromProcesses
    ? contenders.map((_, i) => median(fromProcesses.map((run) => run[title][i])))
    : measure(contenders, ms);
  if (MEASURE) {
    measured[title] = us;
    return us;
  }
  console.log(`\n${title}`);
  report.micro.push({ id, title: title.trim(), reference, rows: contenders.map(([name], i) => ({ name, us: us[i] })) });
  contenders.forEach(([name], i) => {
    const ratio = us[i] / us[reference];
    const time = us[i] < 1 ? `${(us[i] * 1000).toFixed(0)} ns` : `${us[i].toFixed(2)} µs`;
    console.log(`  ${name.padEnd(50)} ${time.padStart(10)}   ×${ratio.toFixed(2)} the time of ${contenders[reference][0]}`);
  });
  return us;
}

/** Median µs per call of each `[name, fn]`, in interleaved rounds. */
function measure(contenders, ms) {
  const samples = contenders.map(() => []);
  for (const [, fn] of contenders) for (let i = 0; i < 300; i++) fn();
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const i = (k + round) % contenders.length;
      const fn = contenders[i][1];
      let n = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < ms) {
        for (let j = 0; j < 50; j++) fn();
        n += 50;
      }
      samples[i].push(((performance.now() - t0) * 1000) / n);
    }
  }
  return samples.map(median);
}

async function sequential(title, contenders, count) {
  console.log(`\n${title}`);
  const rate = [];
  for (const [name, fn] of contenders) {
    await fn();
    const t0 = performance.now();
    for (let i = 0; i < count; i++) await fn();
    rate.push([name, (count * 1000) / (performance.now() - t0)]);
  }
  report.sequential.push({ title, count, rows: rate.map(([name, qps]) => ({ name, qps })) });
  const base = rate[rate.length - 1][1];
  for (const [name, r] of rate) console.log(`  ${name.padEnd(46)} ${r.toFixed(0).padStart(9)} queries/s   ×${(r / base).toFixed(2)} ${rate[rate.length - 1][0]}`);
}

// ── SA:MP decode ────────────────────────────────────────────────────────────────────
// The peers' own decode paths, fed the same bytes (what their query code runs per reply).
const gamedigContext = { options: {}, encoding: 'win1252' };
function gamedigHeader(buffer) {
  const reader = new Reader(gamedigContext, buffer);
  const check = buffer.subarray(0, 11);
  for (let i = 0; i < 11; i++) if (check.readUInt8(i) !== reader.uint(1)) return null;
  return reader;
}
function gamedigPlayers(buffer) {
  const reader = gamedigHeader(buffer);
  const players = [];
  const count = reader.uint(2);
  for (let i = 0; i < count; i++) {
    const player = {};
    player.id = reader.uint(1);
    player.name = reader.pascalString(1);
    player.score = reader.int(4);
    player.ping = reader.uint(4);
    players.push(player);
  }
  return players;
}
function gamedigInfo(buffer) {
  const reader = gamedigHeader(buffer);
  const state = { raw: {} };
  state.password = !!reader.uint(1);
  state.numplayers = reader.uint(2);
  state.maxplayers = reader.uint(2);
  state.name = reader.pascalString(4);
  state.raw.gamemode = reader.pascalString(4);
  state.raw.map = reader.pascalString(4);
  return state;
}
// The best a bot author writes by hand: DataView and a 256-entry cp1252 table.
const CP1252 = Array.from({ length: 256 }, (_, b) => new TextDecoder('windows-1252').decode(Uint8Array.of(b)));
function handWrittenPlayers(buf) {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let o = 11;
  const count = view.getUint16(o, true);
  o += 2;
  const players = new Array(count);
  for (let i = 0; i < count; i++) {
    const id = buf[o++];
    const len = buf[o++];
    let name = '';
    for (let k = 0; k < len; k++) name += CP1252[buf[o + k]];
    o += len;
    players[i] = { id, name, score: view.getInt32(o, true), ping: view.getUint32(o + 4, true) };
    o += 8;
  }
  return players;
}

// SA:MP player names are [A-Za-z0-9_[]().$@=] by the server's own rules.
const players = Array.from({ length: 100 }, (_, i) => ({ id: i, name: ['Kane', '[LS]Officer', 'Dmitry.K', 'xX_Sniper_Xx', 'Lucia'][i % 5] + i, score: i * 37 - 900, ping: 20 + (i % 80) }));
const dReply = Buffer.from(addon.encodeResponse('samp', { opcode: 'd', players }));
const info = (hostname) => Buffer.from(addon.encodeResponse('samp', { opcode: 'i', password: false, players: 64, maxPlayers: 500, hostname, gamemode: 'LS-RP v3.1', language: 'English', encoding: 'windows-1252' }));
const iAscii = info('Los Santos Roleplay | lsrp.com');
const iLatin = info('» Los Santos Roleplay « | Café');

const scratch = new Float64Array(4096);
const readAddon = tapeReader(() => binding.shapes());
const readWasm = tapeReader(() => wasmRaw.shapes());
/** Where an addon decode spends its time: Rust alone, Rust + crossing, then the build. */
function steps(label, protocol, bytes, groupId) {
  const id = binding.protocols().indexOf(protocol);
  const out = binding.decodeResponse(id, bytes, undefined, scratch);
  const [text, numbers, wide, wideAt] = typeof out === 'string' ? [out, scratch.slice(), out, scratch[scratch.length - 1]] : [out[0], out[1] ?? scratch.slice(), out[2]];
  const [wText, wNumbers, wWide] = wasmRaw.decodeResponse(protocol, bytes, undefined);
  group(`  where the time goes: ${label}`, [
    ['addon: Rust decode + tape, no crossing', () => binding.__benchDecodeNative(id, bytes, undefined, 1)],
    ['addon: + crossing (text + numbers)', () => binding.decodeResponse(id, bytes, undefined, scratch)],
    ['addon: objects built from the tape', () => readAddon(text, numbers, wide, wideAt)],
    ['addon: the same result as a JSON text + JSON.parse', () => JSON.parse(binding.__decodeResponseJson(protocol, bytes, undefined))],
    ['wasm: Rust decode + tape + crossing', () => wasmRaw.decodeResponse(protocol, bytes, undefined)],
    ['wasm: objects built from the tape', () => readWasm(wText, wNumbers, wWide)],
    ['addon decodeResponse (all steps)', () => addon.decodeResponse(protocol, bytes)],
  ], { id: groupId });
  crossing(label, protocol, bytes);
}

/**
 * Issue #32: the raw Node-API callback (raw.rs, tape.rs: `unsafe`) is kept only where
 * napi-rs's safe API costs more than 5 % of the decode and its crossing.
 */
function crossing(label, protocol, bytes) {
  const id = binding.protocols().indexOf(protocol);
  group(`  the crossing: raw Node-API (unsafe) against napi-rs's safe API: ${label}`, [
    ["napi-rs's safe API (#[napi], UTF-8 String, Float64Array)", () => binding.__decodeResponseSafe(id, bytes, undefined)],
    ['raw Node-API callback (what ships)', () => binding.decodeResponse(id, bytes, undefined, scratch)],
  ]);
}

if (!MEASURE) console.log('gamequery benchmarks — ratios are times: below 1 is faster than the reference.');

// The browser entry's download: what `init()` fetches (the codec), and what the first
// network call adds (the engine: the codec plus queries and responders, and engine.mjs).
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`.padStart(11);
const sizes = (id, title, entries, note = '') => {
  console.log(`\n${title} — raw / gzip -9 / brotli -11`);
  const sized = entries.map(([name, bytes]) => {
    const sizes = [bytes.length, gzipSync(bytes, { level: 9 }).length,
      brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length];
    console.log(`  ${name.padEnd(50)} ${sizes.map(kib).join(' ')}`);
    return sizes;
  });
  const total = [0, 1, 2].map((i) => sized.reduce((sum, s) => sum + s[i], 0));
  report.sizes.push({ id, title: title.trim(), rows: entries.map(([name], k) => ({ name, raw: sized[k][0], gzip: sized[k][1], brotli: sized[k][2] })), total: { raw: total[0], gzip: total[1], brotli: total[2] } });
  console.log(`  ${'total'.padEnd(50)} ${total.map(kib).join(' ')}${note}`);
};
const download = (id, title, files, note) =>
  sizes(id, title, files.map((f) => [f, readFileSync(new URL(`../../npm/gamequery-wasm/${f}`, import.meta.url))]), note);
if (!MEASURE) {
  download('init', 'browser download (gamequery-wasm, web entry): init() and the codec',
    ['pkg/web/gamequery_wasm_bg.wasm', 'pkg/web/gamequery_wasm.js', 'glue.mjs', 'protocols.mjs', 'web.mjs', 'entry.mjs'], '   (issue #9 target: 150 KiB gzipped, plus 12 KiB for the Quake family, 6 KiB for Mumble, 4 KiB for FiveM, 11 KiB for id Tech 4, 8 KiB for All-Seeing Eye, 7 KiB for GameSpy 1, 6 KiB for GameSpy 2, 18.5 KiB for GameSpy 3 and 9 KiB for Unreal 2 since: 231.5 KiB)');
  download('engine', '  + at the first network call: the engine',
    ['pkg/web-engine/gamequery_wasm_bg.wasm', 'pkg/web-engine/gamequery_wasm.js', 'engine.mjs', 'drive.mjs', 'session.mjs', 'calls.mjs']);
  sizes('vite', 'the same, as a page built by Vite for production downloads it at init() (JS bundled and minified)',
    await pageDownload(fileURLToPath(new URL('../..', import.meta.url))));
  // A page of one family (issue #51): `gamequery-wasm/<family>`, decoding its first protocol.
  const { PROTOCOL_REGISTRY } = await import('gamequery-wasm/glue');
  const { ENTRY_FAMILIES } = await import('../../scripts/families.mjs');
  for (const family of ENTRY_FAMILIES) {
    const protocol = PROTOCOL_REGISTRY.find((p) => p.family === family && p.packets).name;
    sizes(`vite-${family}`, `a page of gamequery-wasm/${family} built by Vite (decoding ${protocol})`,
      await pageDownload(fileURLToPath(new URL('../..', import.meta.url)), protocol, family));
  }
  console.log(`\n(decode and VarInt: each contender's median over ${PROCESSES} processes)`);
  fromProcesses = Array.from({ length: PROCESSES }, () => {
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
      env: { ...process.env, GQ_BENCH_MEASURE: '1' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 20,
    });
    if (run.status !== 0) throw new Error(`a measuring process failed (exit ${run.status})`);
    return JSON.parse(run.stdout);
  });
}
group('decode a 100-player SA:MP `d` reply (default options: encoding auto)', [
  ['gamequery (addon)', () => addon.decodeResponse('samp', dReply)],
  ['gamequery-wasm', () => wasm.decodeResponse('samp', dReply)],
  ['hand-written JS (DataView + cp1252 table)', () => handWrittenPlayers(dReply)],
  ['gamedig (its Reader, as its samp query decodes)', () => gamedigPlayers(dReply)],
], { id: 'samp-players' });
steps('`d` 100 players', 'samp', dReply, 'steps-samp');
group('decode a SA:MP `i` reply, ASCII hostname', [
  ['gamequery (addon)', () => addon.decodeResponse('samp', iAscii)],
  ['gamequery-wasm', () => wasm.decodeResponse('samp', iAscii)],
  ['gamedig', () => gamedigInfo(iAscii)],
], { id: 'samp-info' });
crossing('SA:MP `i`, ASCII hostname', 'samp', iAscii);
crossing('SA:MP `i`, cp1252 hostname', 'samp', iLatin);

group('decode a SA:MP `i` reply, cp1252 hostname (gamequery detects the code page, gamedig assumes cp1252)', [
  ['gamequery (addon)', () => addon.decodeResponse('samp', iLatin)],
  ['gamequery (addon), encoding: windows-1252', () => addon.decodeResponse('samp', iLatin, { encoding: 'windows-1252' })],
  ['gamequery-wasm', () => wasm.decodeResponse('samp', iLatin)],
  ['gamedig', () => gamedigInfo(iLatin)],
], { id: 'samp-info-cp1252' });

// ── Quake 3 status decode ──────────────────────────────────────────────────────────
// A 20-player statusResponse from our responder's layout (ioquake3's), colour codes in
// the names; gamedig's path is its quake2/quake3 classes' parse with its Reader, colour
// codes stripped (its default), as its query runs per reply.
const q3Status = wasm.encodeResponse('quake3', {
  kind: 'statusResponse',
  info: { sv_hostname: '^1bench ^7arena', mapname: 'q3dm17', sv_maxclients: '32', g_gametype: '0', g_needpass: '0', version: 'ioq3 1.36 linux-x86_64', sv_privateClients: '0', fraglimit: '20', timelimit: '15', gamename: 'baseq3' },
  players: Array.from({ length: 20 }, (_, i) => ({ name: `^${i % 8}Player_${i}`, score: i * 3, ping: 20 + i })),
  encoding: 'utf-8',
});
const gamedigQuakeContext = { options: { stripColors: true }, encoding: 'latin1', delimiter: '\n' };
const gamedigStrip = (str) => str.replace(/\^(X.{6}|.)/g, '');
function gamedigQuake3(buffer) {
  const reader = new Reader(gamedigQuakeContext, Buffer.from(buffer));
  if (reader.string({ length: 4, encoding: 'latin1' }) !== '\xff\xff\xff\xff') return null;
  if (reader.string({ encoding: 'latin1' }) !== 'statusResponse') return null;
  const body = new Reader(gamedigQuakeContext, reader.rest());
  const state = { raw: {}, players: [], bots: [] };
  const info = body.string().split('\\');
  if (info[0] === '') info.shift();
  for (;;) {
    const key = info.shift();
    const value = info.shift();
    if (typeof value === 'undefined') break;
    state.raw[key] = value;
  }
  while (!body.done()) {
    const line = body.string();
    if (!line || line.charAt(0) === '\0') break;
    const args = [];
    line.split('"').forEach((part, i) => {
      if (i % 2 === 1) args.push(part);
      else for (const sub of part.split(' ')) if (sub) args.push(sub);
    });
    const player = { frags: parseInt(args.shift()), ping: parseInt(args.shift()), name: args.shift() || '' };
    (player.ping ? state.players : state.bots).push(player);
  }
  state.name = gamedigStrip(state.raw.sv_hostname);
  for (const key of Object.keys(state.raw)) state.raw[key] = gamedigStrip(state.raw[key]);
  for (const p of state.players) p.name = gamedigStrip(p.name);
  return state;
}
if (gamedigQuake3(q3Status).players.length !== 20) throw new Error('the gamedig path reads the bench reply');
{
  const us = group('decode a 20-player Quake 3 statusResponse (gamequery keeps the colour codes and strips them for the status; gamedig strips)', [
    ['gamequery (addon)', () => addon.decodeResponse('quake3', q3Status)],
    ['gamequery-wasm', () => wasm.decodeResponse('quake3', q3Status)],
    ['gamedig (its Reader, as its quake3 query decodes)', () => gamedigQuake3(q3Status)],
  ], { id: 'quake3' });
  if (!MEASURE) console.log(`  → addon ×${(us[0] / us[2]).toFixed(2)} the time of gamedig (issue #31 target: ≤ 0.5)`);
}

// ── GameSpy 1 status decode ────────────────────────────────────────────────────────
// A real BF1942 server's status in three datagrams (GameQ's capture, tests/fixtures): ours
// is FrameDecoder('gamespy1') joining them and decodeResponse reading the whole reply (every
// pair, its text decoded with the code page found); gamedig's is its gamespy1 class's
// per-datagram parse (latin1 text, split on `\\`, queryid and final taken out, parts
// counted) as its query runs it, merging the parts' pairs.
const gs1Parts = JSON.parse(readFileSync(new URL('../fixtures/gamespy1.json', import.meta.url), 'utf8'))
  .vectors.find((v) => v.name.includes('Bf1942/1')).datagrams.map((h) => Buffer.from(h, 'hex'));
const gamedigGs1Context = { options: {}, encoding: 'latin1' };
function gamedigGamespy1(datagrams) {
  let receivedQueryId;
  const output = {};
  const parts = new Set();
  let maxPartNum = 0;
  for (const buffer of datagrams) {
    const reader = new Reader(gamedigGs1Context, buffer);
    const split = reader.string(buffer.length).split('\\');
    split.shift();
    const data = {};
    while (split.length) {
      const key = split.shift();
      data[key] = split.shift() || '';
    }
    let queryId, partNum;
    const partFinal = 'final' in data;
    if (data.queryid) {
      const q = data.queryid.split('.');
      if (q.length >= 2) partNum = Number(q[1]);
      queryId = q[0];
    }
    delete data.final;
    delete data.queryid;
    if (queryId) {
      if (receivedQueryId && receivedQueryId !== queryId) continue;
      receivedQueryId ??= queryId;
    }
    if (!partNum) partNum = parts.size;
    if (parts.has(partNum)) continue;
    parts.add(partNum);
    if (partFinal) maxPartNum = partNum;
    Object.assign(output, data);
    if (maxPartNum && parts.size === maxPartNum) return output;
  }
  return null;
}
function oursGamespy1(pkg, datagrams) {
  const frames = new pkg.FrameDecoder('gamespy1');
  let whole;
  for (const d of datagrams) [whole] = frames.push(d);
  return pkg.decodeResponse('gamespy1', whole);
}
if (Object.keys(gamedigGamespy1(gs1Parts)).length < 100 || oursGamespy1(addon, gs1Parts).pairs.length < 100) throw new Error('both paths read the bench reply');
{
  const us = group('decode a 3-datagram GameSpy 1 status (a real BF1942 server: join the parts, read every pair)', [
    ['gamequery (addon)', () => oursGamespy1(addon, gs1Parts)],
    ['gamequery-wasm', () => oursGamespy1(wasm, gs1Parts)],
    ['gamedig (its Reader, as its gamespy1 query decodes)', () => gamedigGamespy1(gs1Parts)],
  ], { id: 'gamespy1' });
  if (!MEASURE) console.log(`  → addon ×${(us[0] / us[2]).toFixed(2)} the time of gamedig (issue #33 target: ≤ 0.5)`);
}

// ── Minecraft status decode ────────────────────────────────────────────────────────
function gamedigStatus(data) {
  const outer = new Reader(gamedigContext, data);
  outer.varint();
  const reader = new Reader(gamedigContext, outer.rest());
  reader.varint();
  const strLen = reader.varint();
  const str = reader.rest().toString('utf8', 0, strLen);
  const json = JSON.parse(str.substring(0, strLen));
  const state = { raw: json, players: [] };
  state.maxplayers = json.players.max;
  state.numplayers = json.players.online;
  if (json.players.sample) for (const p of json.players.sample) state.players.push({ id: p.id, name: p.name });
  return state;
}
const Varint = require('varint');
function msuStatus(data) {
  let o = 0;
  const varint = () => {
    const v = Varint.decode(data, o);
    o += Varint.decode.bytes;
    return v;
  };
  varint();
  varint();
  const len = varint();
  const response = JSON.parse(data.toString('utf8', o, o + len));
  const motd = motdUtil.parse(response.description);
  return {
    version: { name: response.version.name, protocol: response.version.protocol },
    players: { online: response.players.online, max: response.players.max, sample: response.players.sample ?? null },
    motd: { raw: motdUtil.format(motd), clean: motdUtil.clean(motd), html: motdUtil.toHTML(motd) },
    favicon: response.favicon ?? null,
  };
}
// A 64×64 PNG favicon is ~6 KB of image, 8 KB of base64; real MOTDs carry § codes or styled components.
const favicon = `data:image/png;base64,${Buffer.alloc(6000, 7).toString('base64')}`;
const sample = Array.from({ length: 12 }, (_, i) => ({ name: `Player${i}`, id: `4566e69f-c907-48ee-8d71-d7ba5aa00d${String(i).padStart(2, '0')}` }));
const motds = {
  'a § MOTD (Hypixel-style)': '                §aHypixel Network §c[1.8-1.21]\n       §b§lNEW: DROPPER §7§l| §6§lSUMMER EVENT§7§l+§e§lSALE',
  'a component MOTD (Paper-style)': {
    text: '',
    extra: [
      { text: '       ', color: 'dark_gray', strikethrough: true }, { text: '[ ', color: 'dark_gray' }, { text: 'My', color: '#55ffff', bold: true },
      { text: 'Network', color: '#ffaa00', bold: true }, { text: ' ]', color: 'dark_gray' }, { text: '       \n', color: 'dark_gray', strikethrough: true },
      { text: '  ', color: 'gray' }, { text: 'SkyBlock', color: 'green', bold: true }, { text: ' • ', color: 'dark_gray' }, { text: 'Survival', color: 'yellow' },
      { text: ' • ', color: 'dark_gray' }, { text: 'Minigames', color: 'aqua' }, { text: ' | ', color: 'dark_gray' }, { text: '1.8-1.21', color: 'red' },
    ],
  },
};
for (const [kind, motd] of Object.entries(motds)) {
  const frame = Buffer.from(addon.encodeResponse('minecraft-java', { type: 'status', version: { name: '1.21.4', protocol: 769 }, players: { online: 12, max: 100, sample }, motd, favicon }));
  const us = group(`decode a ${(frame.length / 1024).toFixed(1)} KiB Minecraft status frame: 8 KiB favicon, 12 sample players, ${kind}`, [
    ['gamequery (addon: typed, validated, 4 MOTD renderings)', () => addon.decodeResponse('minecraft-java', frame)],
    ['gamequery-wasm', () => wasm.decodeResponse('minecraft-java', frame)],
    ['minecraft-server-util (JSON.parse + its MOTD step)', () => msuStatus(frame)],
    ['gamedig (JSON.parse, no MOTD rendering)', () => gamedigStatus(frame)],
  ], { id: `minecraft-${kind.startsWith('a §') ? 'section' : 'component'}` });
  if (!MEASURE) console.log(`  → addon ×${(us[0] / us[2]).toFixed(2)} the time of minecraft-server-util, ×${(us[0] / us[3]).toFixed(2)} of gamedig`);
}
{
  const frame = Buffer.from(addon.encodeResponse('minecraft-java', { type: 'status', version: { name: '1.21.4', protocol: 769 }, players: { online: 12, max: 100, sample }, motd: Object.values(motds)[1], favicon }));
  steps('Minecraft status (component MOTD)', 'minecraft-java', frame, 'steps-minecraft');
}

// ── VarInt ───────────────────────────────────────────────────────────────────────────
function plainEncode(value) {
  let v = value >>> 0;
  const out = [];
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
  return Uint8Array.from(out);
}
function plainDecode(bytes, offset = 0) {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const b = bytes[offset + i];
    value |= (b & 0x7f) << (7 * i);
    if (!(b & 0x80)) return { value, length: i + 1 };
  }
  throw new Error('VarInt too big');
}
const varints = [0, 1, 127, 128, 25565, 2097151, -1, 2147483647];
const encoded = varints.map(plainEncode);
let vi = 0;
group('encodeVarInt, one value per call', [
  ['gamequery (addon package)', () => addon.encodeVarInt(varints[vi++ & 7])],
  ['gamequery-wasm', () => wasm.encodeVarInt(varints[vi++ & 7])],
  ['plain JS loop into a Uint8Array', () => plainEncode(varints[vi++ & 7])],
]);
group('decodeVarInt, one value per call', [
  ['gamequery (addon package)', () => addon.decodeVarInt(encoded[vi++ & 7])],
  ['gamequery-wasm', () => wasm.decodeVarInt(encoded[vi++ & 7])],
  ['plain JS loop', () => plainDecode(encoded[vi++ & 7])],
]);

if (MEASURE) {
  process.stdout.write(JSON.stringify(measured));
  process.exit(0);
}

// ── Queries over loopback ──────────────────────────────────────────────────────────
const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };
const sampState = {
  info: { password: false, players: 20, maxPlayers: 100, hostname: 'bench', gamemode: 'bench', language: 'EN' },
  rules: { version: '0.3.7-R2', mapname: 'San Andreas' },
  players: players.slice(0, 20),
};
const samp = await addon.serve('samp', sampState, { host: '127.0.0.1', port: 0, legacy: true, rateLimit: unlimited });
const N = 300;
await sequential(`a SA:MP 0.3.7 server over loopback, ${N} sequential queries`, [
  ['gamequery query (i, r+p, d)', () => addon.query('samp', `127.0.0.1:${samp.port}`)],
  ['samp-query (i, r, d)', () => new Promise((res) => sampQuery({ host: '127.0.0.1', port: samp.port, timeout: 1000 }, res))],
  ['gamedig gtasam (i, r, d)', () => GameDig.query({ type: 'gtasam', host: '127.0.0.1', port: samp.port, givenPortOnly: true })],
], N);
const omp = await addon.serve('samp', { ...sampState, rules: { version: 'omp 1.4.0.2779' }, players: sampState.players.map(({ name, score }) => ({ name, score })) },
  { host: '127.0.0.1', port: 0, rateLimit: unlimited });
await sequential(`an open.mp server over loopback, ${N} sequential queries`, [
  ['gamequery query (i, r+p, c+o)', () => addon.query('samp', `127.0.0.1:${omp.port}`)],
  ['gamedig gtasao (i, r, c)', () => GameDig.query({ type: 'gtasao', host: '127.0.0.1', port: omp.port, givenPortOnly: true })],
], N);
const mc = await addon.serve('minecraft-java', { version: { name: '1.21.4', protocol: 769 }, players: { online: 12, max: 100, sample }, motd: Object.values(motds)[0], favicon }, { host: '127.0.0.1', port: 0 });
await sequential(`a Minecraft server over loopback, ${N} sequential queries`, [
  ['gamequery query (status + ping)', () => addon.query('minecraft-java', `127.0.0.1:${mc.port}`)],
  ['minecraft-server-util status (status + ping)', () => util.status('127.0.0.1', mc.port, { enableSRV: false })],
  ['gamedig vanilla probe (status, no ping)', () => GameDig.query({ type: 'protocol-minecraftvanilla', host: '127.0.0.1', port: mc.port, givenPortOnly: true })],
], N);
// HTTP games (#50): a REST API of four endpoints, and a status over HTTPS (a connection and
// a TLS handshake per query, after the first a resumed one — the engine keeps the server's
// session, as it does for every host (net/tls.rs) — Hytale's hosts serve self-signed
// certificates, which our default accepts).
const palPassword = 'bench';
const pal = await addon.serve('palworld', { ...addon.sampleState('palworld'), password: palPassword }, { host: '127.0.0.1', port: 0 });
await sequential(`a Palworld server over loopback (REST: info, players, settings, metrics), ${N} sequential queries`, [
  ['gamequery query (4 requests at once)', () => addon.query('palworld', `127.0.0.1:${pal.port}`, { password: palPassword })],
  ['gamedig palworld (4 requests in turn)', () => GameDig.query({ type: 'palworld', host: '127.0.0.1', port: pal.port, username: 'admin', password: palPassword, givenPortOnly: true })],
], N);
const hytaleTls = await addon.serve('hytale', addon.sampleState('hytale'), { host: '127.0.0.1', port: 0 });
const hytalePlain = await addon.serve('hytale', addon.sampleState('hytale'), { host: '127.0.0.1', port: 0, tls: false });
await sequential(`a Hytale server over loopback (its query plugin's JSON), ${N} sequential queries`, [
  ['gamequery query (HTTPS, its default)', () => addon.query('hytale', `127.0.0.1:${hytaleTls.port}`)],
  ['gamequery query (plain HTTP, tls: false)', () => addon.query('hytale', `127.0.0.1:${hytalePlain.port}`, { tls: false })],
  ['gamedig hytale (plain HTTP)', () => GameDig.query({ type: 'hytale', host: '127.0.0.1', port: hytalePlain.port, givenPortOnly: true })],
], N);
await Promise.all([samp.close(), omp.close(), mc.close(), pal.close(), hytaleTls.close(), hytalePlain.close()]);

// ── Bulk ─────────────────────────────────────────────────────────────────────────────
const scratchDir = mkdtempSync(join(tmpdir(), 'gq-bench-'));
const bulkOut = join(scratchDir, 'bulk.json');
const bulk = spawnSync(process.execPath, [fileURLToPath(new URL('./bulk.mjs', import.meta.url))], { stdio: 'inherit', env: { ...process.env, GQ_BENCH_BULK_OUT: bulkOut } });
if (bulk.status !== 0) process.exit(bulk.status ?? 1);
report.bulk = JSON.parse(readFileSync(bulkOut, 'utf8'));
rmSync(scratchDir, { recursive: true, force: true });
const ended = describeRun();
const results = { ...ended, uncommittedChanges: started.uncommittedChanges || ended.uncommittedChanges || started.commit !== ended.commit, ...report };
if (process.env.GQ_BENCH_NO_WRITE === '1' || process.env.GQ_BENCH_QUICK === '1') console.log('\n(results not written: GQ_BENCH_NO_WRITE or GQ_BENCH_QUICK)');
else console.log(`\nwrote ${writeResults(results).join(', ')}`);
