// `npm run bench`: decode and end-to-end query speed for SA:MP and Minecraft, as ratios
// against peers measured in the same run (never asserted in tests). SQP has no peer on
// npm to compare with.
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { GameDig } from 'gamedig';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import util from 'minecraft-server-util';

const sampQuery = createRequire(import.meta.url)('samp-query');

// What bots copy around: a hand-written DataView decoder of a `d` reply.
function handWrittenDecode(buf) {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const dec = new TextDecoder('windows-1252');
  let o = 11;
  const count = view.getUint16(o, true);
  o += 2;
  const players = [];
  for (let i = 0; i < count; i++) {
    const id = view.getUint8(o++);
    const len = view.getUint8(o++);
    const name = dec.decode(buf.subarray(o, o + len));
    o += len;
    const score = view.getInt32(o, true);
    const ping = view.getUint32(o + 4, true);
    o += 8;
    players.push({ id, name, score, ping });
  }
  return players;
}

function bench(name, fn, ms = 700) {
  for (let i = 0; i < 200; i++) fn();
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    for (let i = 0; i < 100; i++) fn();
    n += 100;
  }
  return { name, opsPerSec: (n * 1000) / (performance.now() - t0) };
}

async function benchAsync(name, fn, count) {
  await fn();
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await fn();
  return { name, opsPerSec: (count * 1000) / (performance.now() - t0) };
}

function report(title, results) {
  const base = results[results.length - 1].opsPerSec;
  console.log(`\n${title}`);
  for (const r of results) {
    console.log(`  ${r.name.padEnd(34)} ${r.opsPerSec.toFixed(0).padStart(10)} ops/s   ×${(r.opsPerSec / base).toFixed(2)} vs ${results[results.length - 1].name}`);
  }
}

const players = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Player_${i}`, score: i * 3 - 50, ping: 20 + i }));
const reply = addon.encodeResponse('samp', { opcode: 'd', players, encoding: 'windows-1252' });
const opts = { encoding: 'windows-1252' };
report('decode a 100-player `d` reply', [
  bench('gamequery (addon)', () => addon.decodeResponse('samp', reply, opts)),
  bench('gamequery-wasm', () => wasm.decodeResponse('samp', reply, opts)),
  bench('hand-written JS (DataView)', () => handWrittenDecode(reply)),
]);

const state = {
  info: { password: false, players: 20, maxPlayers: 100, hostname: 'bench', gamemode: 'bench', language: 'EN' },
  rules: { version: '0.3.7-R2', mapname: 'San Andreas' },
  players: players.slice(0, 20),
};
const server = await addon.serve('samp', state, { host: '127.0.0.1', port: 0, legacy: true, rateLimit: { burst: 1_000_000, perSecond: 1_000_000 } });
const port = server.port;
const N = 150;
report(`full query over loopback (i, r, d), ${N} sequential queries`, [
  await benchAsync('gamequery query(players: d)', () => addon.query('samp', `127.0.0.1:${port}`, { players: 'd', timeout: 1000 }).catch(() => {}), N),
  await benchAsync('samp-query', () => new Promise((res) => sampQuery({ host: '127.0.0.1', port, timeout: 1000 }, res)), N),
  await benchAsync('gamedig gtasam', () => GameDig.query({ type: 'gtasam', host: '127.0.0.1', port, givenPortOnly: true, maxRetries: 0 }), N),
]);
const omp = await addon.serve('samp', { ...state, rules: { version: 'omp 1.4.0.2779' }, players: state.players.map(({ name, score }) => ({ name, score })) },
  { host: '127.0.0.1', port: 0, rateLimit: { burst: 1_000_000, perSecond: 1_000_000 } });
report(`full query of an open.mp server over loopback, ${N} sequential queries`, [
  await benchAsync('gamequery query (i, r, c+o, p)', () => addon.query('samp', `127.0.0.1:${omp.port}`, { timeout: 1000 }), N),
  await benchAsync('gamedig gtasao (i, r, c)', () => GameDig.query({ type: 'gtasao', host: '127.0.0.1', port: omp.port, givenPortOnly: true, maxRetries: 0 }), N),
]);
// Minecraft: what bot authors copy from blog posts — VarInt by hand, then JSON.parse.
function handWrittenStatus(buf) {
  let o = 0;
  const varint = () => {
    let v = 0;
    for (let i = 0; i < 5; i++) {
      const b = buf[o++];
      v |= (b & 0x7f) << (7 * i);
      if (!(b & 0x80)) return v;
    }
    throw new Error('VarInt too big');
  };
  varint();
  varint();
  const len = varint();
  return JSON.parse(new TextDecoder().decode(buf.subarray(o, o + len)));
}

const favicon = `data:image/png;base64,${Buffer.alloc(4096, 7).toString('base64')}`;
const mcState = {
  version: { name: '1.21.4', protocol: 769 },
  players: { online: 12, max: 100, sample: Array.from({ length: 12 }, (_, i) => ({ name: `Player${i}`, id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}` })) },
  motd: { text: 'A ', color: 'gold', extra: [{ text: 'bench', bold: true }, { text: ' server', color: '#3366ff' }] },
  favicon,
};
const statusFrame = addon.encodeResponse('minecraft-java', { type: 'status', ...mcState });
report('decode a Minecraft status frame (4 KiB favicon, 12 sample players, component MOTD)', [
  bench('gamequery (addon, typed + 4 renderings)', () => addon.decodeResponse('minecraft-java', statusFrame)),
  bench('gamequery-wasm', () => wasm.decodeResponse('minecraft-java', statusFrame)),
  bench('hand-written JS (VarInt + JSON.parse)', () => handWrittenStatus(statusFrame)),
]);

const mc = await addon.serve('minecraft-java', mcState, { host: '127.0.0.1', port: 0 });
const M = 150;
report(`Minecraft status + ping over loopback, ${M} sequential queries`, [
  await benchAsync('gamequery query', () => addon.query('minecraft-java', `127.0.0.1:${mc.port}`), M),
  await benchAsync('minecraft-server-util status', () => util.status('127.0.0.1', mc.port, { enableSRV: false }), M),
  await benchAsync('gamedig (vanilla probe, no ping)', () => GameDig.query({ type: 'protocol-minecraftvanilla', host: '127.0.0.1', port: mc.port, givenPortOnly: true, maxRetries: 0 }), M),
]);
await mc.close();

console.log('\nnote: against an SA:MP server gamequery also asks `o` (open.mp extras), which such a server never');
console.log('answers: the query then waits a grace of 4 × the measured round trip (at least 50 ms) for it.');
await omp.close();
await server.close();
