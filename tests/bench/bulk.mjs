// `npm run bench` (bulk part): many distinct servers on loopback, queried by gamequery and
// by the peers, each run in a fresh process. For each contender: queries per second,
// failures, incomplete player lists, CPU per query, peak RSS growth during the run, and
// the kernel's UDP receive drops. CPU is counted two ways, as the
// contenders are used: in-process (queryMany, gamedig, …: the run alone, module loading
// left out — what a long-lived bot pays) and as a whole process (qstat, `gamequery scan`:
// start to exit, what a shell scan pays). Each contender runs three times, interleaved:
// rates are medians, losses the worst run. Results go to stdout and, as JSON, to the file
// named by GQ_BENCH_BULK_OUT. As root it re-runs itself inside a new network namespace
// (`unshare -n`), so the kernel's drop counters are this run's alone. (The whole-process
// rows' time is start to exit too; bash's `time` counts in milliseconds, so their groups
// are at least 1,000 servers.)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { QSTAT } from '../../scripts/ensure-system.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const cli = fileURLToPath(new URL('../../npm/gamequery/cli.js', import.meta.url));
const { sampleState } = createRequire(import.meta.url)('gamequery');

if (process.getuid?.() === 0 && !process.env.GQ_BENCH_NETNS) {
  const r = spawnSync('unshare', ['-n', 'sh', '-c', `ip link set lo up && exec "${process.execPath}" "${fileURLToPath(import.meta.url)}"`], {
    stdio: 'inherit',
    env: { ...process.env, GQ_BENCH_NETNS: '1' },
  });
  if (r.status === 0 || r.error == null) process.exit(r.status ?? 1);
  console.log('(unshare -n failed: measuring in the shared network namespace)');
}

// Each contender runs `ROUNDS` times, interleaved so machine noise hits them alike.
// GQ_BENCH_QUICK=1: once, against a tenth of the servers — to try the bench, not to quote it.
const QUICK = process.env.GQ_BENCH_QUICK === '1';
const ROUNDS = QUICK ? 1 : 3;
const sized = (n) => (QUICK ? Math.ceil(n / 10) : n);

// ── The servers ──────────────────────────────────────────────────────────────────────
const unlimited = { rateLimit: { burst: 1_000_000, perSecond: 1_000_000 } };
const players = Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Player_${i}`, score: i * 10, ping: 30 + i }));
const samp = {
  info: { password: false, players: players.length, maxPlayers: 100, hostname: 'bulk bench', gamemode: 'Freeroam', language: 'English' },
  rules: { version: '0.3.7-R2', mapname: 'San Andreas', weather: '10', worldtime: '12:00' },
  players,
};
const java = {
  version: { name: '1.21.4', protocol: 769 },
  players: { online: 12, max: 100, sample: players.slice(0, 12).map((p, i) => ({ name: p.name, id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}` })) },
  motd: '§aA bulk §lbench §rserver',
};
const a2s = {
  info: { name: 'bulk bench (A2S)', map: 'Altis', folder: 'Arma3', game: 'Arma 3', appId: 107410, players: 10, maxPlayers: 64, version: '2.18', keywords: 'bt,r218,n0,s7' },
  players: players.slice(0, 10).map((p) => ({ index: 0, name: p.name, score: p.score, duration: 60 * p.id })),
};
const quake3 = {
  info: { sv_hostname: '^1bulk ^7bench', mapname: 'q3dm17', sv_maxclients: '32', g_gametype: '0', g_needpass: '0', version: 'ioq3 1.36' },
  players: players.map((p) => ({ name: `^${p.id % 8}${p.name}`, score: p.score, ping: p.ping })),
};
// The protocols qstat also speaks, each with its sample state (2–3 players): how qstat
// names it in a list file, the port it is given (qstat adds 1 for Unreal 2's query port,
// 123 for All-Seeing Eye's), gamedig's protocol, and the responder's options (GameSpy 3:
// BF2's "0" challenge, which qstat's -gs3 needs).
const OTHERS = [
  { protocol: 'gamespy1', title: 'GameSpy 1', qstat: 'GPS', gamedig: 'protocol-gamespy1' },
  { protocol: 'gamespy2', title: 'GameSpy 2', qstat: 'GS2', gamedig: 'protocol-gamespy2' },
  { protocol: 'gamespy3', title: 'GameSpy 3', qstat: 'GS3', gamedig: 'protocol-gamespy3', serve: { challenge: false } },
  { protocol: 'doom3', title: 'Doom 3', qstat: 'DM3S', gamedig: 'protocol-doom3' },
  {
    // gamedig waits out its timeout for every Unreal 2 server (8 a second): 100 of them.
    protocol: 'unreal2', title: 'Unreal 2', qstat: 'UT2S', qstatShift: -1, gamedig: 'protocol-unreal2', gamedigCount: 100,
    note: 'An Unreal 2 reply has no end mark: gamequery takes it as whole 10 ms after its last datagram once the players listed match the info\'s count (else after 50–500 ms of quiet), so at 200 queries in flight it cannot pass 20,000 a second; qstat ends it at the count; gamedig waits out its timeout.',
  },
  { protocol: 'all-seeing-eye', title: 'All-Seeing Eye', qstat: 'EYE', qstatShift: -123, gamedig: 'protocol-ase' },
  { protocol: 'quake2', title: 'Quake 2', qstat: 'Q2S', gamedig: 'protocol-quake2' },
  { protocol: 'quakeworld', title: 'QuakeWorld', qstat: 'QWS', gamedig: 'protocol-quake1' },
  { protocol: 'mumble', title: 'Mumble', qstat: 'MUMBLE', gamedig: 'protocol-mumbleping' },
];
// gamedig at 50 queries at once: above that its one socket's receive buffer overflows on
// loopback and each lost reply costs it its timeout (the A2S group shows both).
const GAMEDIG_AT_ONCE = 50;
const OTHERS_COUNT = 1000;
const plan = [
  { list: 'samp', protocol: 'samp', state: samp, count: 1000, base: '127.0.1', hosts: 25, options: { legacy: true, ...unlimited } },
  { list: 'minecraft', protocol: 'minecraft-java', state: java, count: 50, base: '127.0.0', hosts: 1, options: { maxConnections: 4096 } },
  { list: 'a2s', protocol: 'a2s', state: a2s, count: 5000, base: '127.0.2', hosts: 5, options: unlimited },
  { list: 'quake3', protocol: 'quake3', state: quake3, count: 1000, base: '127.0.3', hosts: 5, options: unlimited },
  { list: 'minecraft-query', protocol: 'minecraft-query', state: sampleState('minecraft-query'), count: 1000, base: '127.0.4', hosts: 5, options: unlimited },
  ...OTHERS.map((o, k) => ({ list: o.protocol, protocol: o.protocol, state: sampleState(o.protocol), count: OTHERS_COUNT, base: `127.0.${10 + k}`, hosts: 5, options: { ...unlimited, ...o.serve } })),
].map((p) => ({ ...p, count: sized(p.count) }));
/** A complete answer's player count: the sample state's list (null for Mumble, which lists none). */
const playersOf = (protocol) => {
  const { players } = plan.find((p) => p.list === protocol).state;
  return Array.isArray(players) ? players.length : null;
};

// ── Measuring ────────────────────────────────────────────────────────────────────────
function udpCounters() {
  const lines = readFileSync('/proc/net/snmp', 'utf8').split('\n').filter((l) => l.startsWith('Udp:'));
  const keys = lines[0].split(/\s+/);
  const values = lines[1].split(/\s+/).map(Number);
  return Object.fromEntries(keys.map((k, i) => [k, values[i]]));
}

const dir = mkdtempSync(join(tmpdir(), 'gq-bulk-'));
const endpointsFile = join(dir, 'endpoints.json');
let endpoints;

/** An in-process contender: bulk-client.mjs in a fresh Node process. */
function inProcess(spec, engine = 'native') {
  // Named, so a native row can never quietly fall back to the WASM engine.
  const env = { ...process.env, GAMEQUERY_ENGINE: engine };
  const r = spawnSync(process.execPath, ['--expose-gc', join(here, 'bulk-client.mjs'), JSON.stringify(spec), endpointsFile], { encoding: 'utf8', env, maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`${JSON.stringify(spec)} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

/** A whole-process contender: `argv` run under bash's `time` (real, user and system seconds of it and its children). */
function wholeProcess(argv, count, read) {
  const out = join(dir, 'out');
  const r = spawnSync('bash', ['-c', 'TIMEFORMAT="%3R %3U %3S"; time "$@" > "$GQ_OUT" 2>/dev/null', 'bash', ...argv], {
    encoding: 'utf8',
    env: { ...process.env, GQ_OUT: out, GAMEQUERY_ENGINE: 'native' },
    maxBuffer: 1 << 20,
  });
  const [real, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  if (!(real > 0)) throw new Error(`${argv.join(' ')} failed: ${r.stderr}`);
  const { answered, incomplete } = read(readFileSync(out, 'utf8'));
  // A run that read nothing is a broken contender, not a fast one.
  if (answered === 0) throw new Error(`${argv.join(' ')}: no server answered (exit ${r.status})`);
  return { seconds: real, qps: count / real, failures: count - answered, incomplete, cpuUsPerQuery: ((user + sys) * 1e6) / count, peakRssGrowthMiB: null };
}

/** qstat over a list file of `TYPE host:port` lines, `-raw`, as fast as it goes: `-maxsim` at the concurrency, no send interval. */
function qstat({ list, count, type, shift = 0, players = null, tuned = true, concurrency }) {
  const file = join(dir, 'qstat.txt');
  writeFileSync(file, endpoints[list].slice(0, count).map((t) => {
    const at = t.lastIndexOf(':');
    return `${type} ${t.slice(0, at)}:${Number(t.slice(at + 1)) + shift}\n`;
  }).join(''));
  const flags = ['-raw', ',', ...(players === null ? [] : ['-P']), ...(tuned ? ['-maxsim', String(concurrency), '-sendinterval', '0'] : [])];
  return wholeProcess([QSTAT, ...flags, '-f', file], count, (text) => {
    // A server's block: its line (`TYPE,address,name,map,max,online,ping,retries`, or three
    // fields for DOWN / TIMEOUT / ERROR), then one line per player with -P, then a blank line.
    const blocks = text.split(/\n\n+/).map((b) => b.split('\n').filter(Boolean)).filter((b) => b.length);
    const up = blocks.filter((b) => b[0].split(',').length > 4);
    return { answered: up.length, incomplete: players === null ? 0 : up.filter((b) => b.length - 1 !== players).length };
  });
}

/** `gamequery scan` over a list file of `protocol host:port` lines, NDJSON out. */
function scan({ list, count, protocol, players = null, concurrency }) {
  const file = join(dir, 'scan.txt');
  writeFileSync(file, endpoints[list].slice(0, count).map((t) => `${protocol} ${t}\n`).join(''));
  return wholeProcess([process.execPath, cli, 'scan', file, '--concurrency', String(concurrency)], count, (text) => {
    const rows = text.split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((r) => r.status);
    return { answered: rows.length, incomplete: players === null ? 0 : rows.filter((r) => r.status.players.list.length !== players).length };
  });
}

/** Runs of one contender, as one row: each rate the median, each loss the worst. */
function summary(row, runs) {
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[runs.length >> 1];
  const worst = (key) => Math.max(...runs.map((r) => r[key]));
  const { run, ...described } = row;
  return {
    ...described,
    qps: median('qps'),
    cpuUsPerQuery: median('cpuUsPerQuery'),
    peakRssGrowthMiB: runs[0].peakRssGrowthMiB === null ? null : median('peakRssGrowthMiB'),
    failures: worst('failures'),
    incomplete: worst('incomplete'),
    kernelDrops: worst('kernelDrops'),
  };
}

function contest(rows) {
  const runs = rows.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    rows.forEach((row, i) => {
      const before = udpCounters().RcvbufErrors;
      const r = row.run();
      runs[i].push({ ...r, kernelDrops: udpCounters().RcvbufErrors - before });
    });
  }
  return rows.map((row, i) => summary(row, runs[i]));
}

// The rows of a group: who, on which engine, CPU counted how, and how to run it.
// `count` is the row's queries (the group's unless a slow peer asks fewer servers).
const ours = (label, spec, engine = 'native') => ({ label, peer: 'gamequery', engine, cpu: 'in-process', count: spec.count, run: () => inProcess(spec, engine) });
const peer = (label, name, spec) => ({ label, peer: name, cpu: 'in-process', count: spec.count, run: () => inProcess(spec) });
const shell = (label, name, count, run) => ({ label, peer: name, engine: name === 'gamequery' ? 'native' : undefined, cpu: 'whole process', count, run });
/** The rows every qstat group has: `gamequery scan` and qstat, both start to exit. */
const scanRow = (list, count, protocol, players, concurrency) =>
  shell('gamequery scan (CLI)', 'gamequery', count, () => scan({ list, count, protocol, players, concurrency }));
const qstatRow = (list, count, type, players, concurrency, shift) =>
  shell(`qstat -${type.toLowerCase()}${players === null ? '' : ' -P'} -maxsim ${concurrency} -sendinterval 0`, 'qstat', count, () => qstat({ list, count, type, shift, players, concurrency }));

const fmt = (r) =>
  `${r.label.padEnd(58)} ${r.qps.toFixed(0).padStart(7)} q/s  ${String(r.failures).padStart(4)} failed  ${String(r.incomplete).padStart(4)} incomplete  ${r.cpuUsPerQuery.toFixed(0).padStart(5)} µs CPU/query (${r.cpu})  ${r.peakRssGrowthMiB === null ? '' : `${r.peakRssGrowthMiB.toFixed(1)} MiB peak RSS growth  `}${r.kernelDrops} kernel drops`;

const groups = [];
/** Measures, prints and records one group; `compare` names the rows the closing line sets side by side. */
function group(id, title, { count, concurrency, note }, rows) {
  if (QUICK) title += ' (quick: not for quoting)';
  console.log(`\n${title}`);
  const measured = contest(rows);
  for (const r of measured) console.log(`  ${fmt(r)}`);
  const [first] = measured;
  for (const other of measured.filter((r) => r.peer !== 'gamequery')) {
    console.log(`  → ${first.label}: ×${(first.qps / other.qps).toFixed(2)} the throughput of ${other.label}, ×${(first.cpuUsPerQuery / other.cpuUsPerQuery).toFixed(2)} its CPU/query`);
  }
  groups.push({ id, title, count, concurrency, note, rows: measured });
}

/**
 * A protocol qstat speaks, 1,000 of its servers at 200 at once: queryMany (and its WASM
 * engine with `wasm`), `gamequery scan`, qstat, gamedig at `GAMEDIG_AT_ONCE`.
 */
function protocolGroup(o, { title, players, wasm = false, note, what = '', state = `${players} players each` }) {
  const count = sized(OTHERS_COUNT);
  const concurrency = 200;
  const spec = { via: 'queryMany', protocol: o.protocol, list: o.protocol, count, concurrency, players };
  const gamedigCount = o.gamedigCount ? sized(o.gamedigCount) : count;
  group(o.protocol, `${title}: ${count} servers (${state})${what}, concurrency ${concurrency}`, { count, concurrency, note }, [
    ours('gamequery queryMany', spec),
    ...(wasm ? [ours('gamequery queryMany, WASM engine', spec, 'wasm')] : []),
    scanRow(o.protocol, count, o.protocol, players, concurrency),
    qstatRow(o.protocol, count, o.qstat, players, concurrency, o.qstatShift),
    peer(`gamedig ${o.gamedig}, ${GAMEDIG_AT_ONCE} at once${gamedigCount < count ? `, ${gamedigCount} of the servers` : ''}`, 'gamedig', {
      via: 'gamedig', type: o.gamedig, list: o.protocol, count: gamedigCount, concurrency: GAMEDIG_AT_ONCE, players,
    }),
  ]);
}

// ── The groups ───────────────────────────────────────────────────────────────────────
const responder = spawn(process.execPath, [join(here, 'bulk-responder.mjs'), JSON.stringify(plan)], { stdio: ['pipe', 'pipe', 'inherit'] });
const line = await new Promise((resolve, reject) => {
  createInterface({ input: responder.stdout }).once('line', resolve);
  responder.once('exit', (code) => reject(new Error(`the responder exited (${code})`)));
});
writeFileSync(endpointsFile, line);
endpoints = JSON.parse(line);

try {
  {
    const count = sized(5000);
    const concurrency = 500;
    const base = { via: 'queryMany', protocol: 'a2s', list: 'a2s', count, concurrency };
    const info = { ...base, options: { players: false }, players: null };
    const full = { ...base, players: 10 };
    const dig = { via: 'gamedig', type: 'protocol-valve', list: 'a2s', count, concurrency };
    group('a2s', `A2S: ${count} servers (10 players each), concurrency ${concurrency}`, {
      count, concurrency,
      note: 'info only: A2S_INFO; with players: A2S_INFO then A2S_PLAYER (its challenge, then the list) — gamequery\'s and gamedig\'s default, qstat\'s with -P. gamequery\'s scan and qstat are counted start to exit; the rest in-process.',
    }, [
      ours('gamequery queryMany, info only', info),
      ours('gamequery queryMany, info only, WASM engine', info, 'wasm'),
      ours('gamequery queryMany, with players (default)', full),
      ours('gamequery queryMany, with players, WASM engine', full, 'wasm'),
      shell('gamequery scan (CLI), with players (default)', 'gamequery', count, () => scan({ list: 'a2s', count, protocol: 'a2s', players: 10, concurrency })),
      shell('qstat -a2s, info only (default flags)', 'qstat', count, () => qstat({ list: 'a2s', count, type: 'A2S', tuned: false, concurrency })),
      shell(`qstat -a2s -maxsim ${concurrency} -sendinterval 0, info only`, 'qstat', count, () => qstat({ list: 'a2s', count, type: 'A2S', concurrency })),
      shell(`qstat -a2s -P -maxsim ${concurrency} -sendinterval 0, with players`, 'qstat', count, () => qstat({ list: 'a2s', count, type: 'A2S', players: 10, concurrency })),
      peer(`gamedig, info only (requestPlayers: false), ${GAMEDIG_AT_ONCE} at once`, 'gamedig', { ...dig, options: { requestPlayers: false }, players: null, concurrency: GAMEDIG_AT_ONCE }),
      peer(`gamedig, info only, ${concurrency} at once`, 'gamedig', { ...dig, options: { requestPlayers: false }, players: null }),
      peer(`gamedig, with players (default), ${GAMEDIG_AT_ONCE} at once`, 'gamedig', { ...dig, players: 10, concurrency: GAMEDIG_AT_ONCE }),
    ]);
  }
  protocolGroup({ protocol: 'minecraft-query', qstat: 'GS4', gamedig: 'protocol-gamespy3' }, {
    title: 'Minecraft Query (GameSpy 4, full stat)', players: 14, wasm: true, note: 'each query: the handshake (a challenge), then the full stat.',
  });
  protocolGroup({ protocol: 'quake3', qstat: 'Q3S', gamedig: 'protocol-quake3' }, { title: 'Quake 3', players: 20, wasm: true, what: ', getstatus' });
  {
    const count = sized(1000);
    const spec = { via: 'queryMany', protocol: 'samp', list: 'samp', count, players: 20 };
    const dig = { via: 'gamedig', type: 'gtasam', list: 'samp', count, players: 20 };
    group('samp', `SA:MP: ${count} servers (20 players each; qstat does not speak it), no concurrency limit`, { count, concurrency: null }, [
      ours('gamequery queryMany', spec),
      peer('gamedig gtasam, 50 at once', 'gamedig', { ...dig, concurrency: 50 }),
      peer('gamedig gtasam, all at once', 'gamedig', dig),
    ]);
  }
  {
    const count = sized(1000);
    const concurrency = 50;
    const arma = { list: 'a2s', shift: -1, count, concurrency, players: 10 };
    group('arma3', `A2S by game id: ${count} Arma 3 servers given by game port (query port − 1), concurrency ${concurrency}`, { count, concurrency }, [
      ours('gamequery/gamedig GameDig.query', { ...arma, via: 'facade', type: 'arma3' }),
      ours('gamequery queryMany by game id', { ...arma, via: 'queryMany', protocol: 'arma3' }),
      peer('gamedig arma3', 'gamedig', { ...arma, via: 'gamedig', type: 'arma3' }),
    ]);
  }
  {
    const count = sized(1000);
    const concurrency = 50;
    const mc = { list: 'minecraft', count, concurrency };
    group('minecraft-java', `Minecraft Java: ${count} status queries over 50 servers (gamedig: status only), concurrency ${concurrency}`, {
      count, concurrency, note: 'gamequery and minecraft-server-util ask for status and ping; gamedig for status only.',
    }, [
      ours('gamequery queryMany (status + ping)', { ...mc, via: 'queryMany', protocol: 'minecraft-java' }),
      ours('gamequery queryMany, WASM engine', { ...mc, via: 'queryMany', protocol: 'minecraft-java' }, 'wasm'),
      peer('minecraft-server-util status (status + ping)', 'minecraft-server-util', { ...mc, via: 'msu' }),
      peer('gamedig protocol-minecraftvanilla (status)', 'gamedig', { ...mc, via: 'gamedig', type: 'protocol-minecraftvanilla' }),
    ]);
  }
  for (const o of OTHERS) {
    const players = playersOf(o.protocol);
    protocolGroup(o, { title: o.title, players, note: o.note, state: `the sample state: ${players ?? 'no'} players` });
  }
  if (process.env.GQ_BENCH_BULK_OUT) writeFileSync(process.env.GQ_BENCH_BULK_OUT, JSON.stringify(groups));
} finally {
  responder.stdin.end();
  await new Promise((r) => responder.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
