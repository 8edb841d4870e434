// `npm run bench` (bulk part): many distinct servers on loopback, queried by gamequery's
// queryMany and by the peers, each run in a fresh process. Prints queries per second,
// failures, incomplete player lists, client CPU per query, peak RSS growth per query in
// flight, and the kernel's UDP receive drops during the run — as ratios to the peers.
// Each contender runs three times, interleaved: rates are medians, losses the worst run.
// As root it re-runs itself inside a new network namespace (`unshare -n`), so the
// kernel's drop counters are this run's alone.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

if (process.getuid?.() === 0 && !process.env.GQ_BENCH_NETNS) {
  const r = spawnSync('unshare', ['-n', 'sh', '-c', `ip link set lo up && exec "${process.execPath}" "${fileURLToPath(import.meta.url)}"`], {
    stdio: 'inherit',
    env: { ...process.env, GQ_BENCH_NETNS: '1' },
  });
  if (r.status === 0 || r.error == null) process.exit(r.status ?? 1);
  console.log('(unshare -n failed: measuring in the shared network namespace)');
}

function udpCounters() {
  const lines = readFileSync('/proc/net/snmp', 'utf8').split('\n').filter((l) => l.startsWith('Udp:'));
  const keys = lines[0].split(/\s+/);
  const values = lines[1].split(/\s+/).map(Number);
  return Object.fromEntries(keys.map((k, i) => [k, values[i]]));
}

/** Runs of one contender, as one row: each rate the median, each loss the worst. */
function summary(runs) {
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[runs.length >> 1];
  const worst = (key) => Math.max(...runs.map((r) => r[key]));
  return {
    ...runs[0],
    qps: median('qps'),
    cpuUsPerQuery: median('cpuUsPerQuery'),
    peakRssGrowthKiB: median('peakRssGrowthKiB'),
    failures: worst('failures'),
    incomplete: worst('incomplete'),
    kernelDrops: worst('kernelDrops'),
  };
}

/** Each contender `ROUNDS` times, interleaved so machine noise hits them alike. */
const ROUNDS = 3;
function contest(...contenders) {
  const runs = contenders.map(() => []);
  for (let round = 0; round < ROUNDS; round++) contenders.forEach((args, i) => runs[i].push(client(...args)));
  return runs.map(summary);
}

function client(contender, count, concurrency, endpointsFile) {
  const before = udpCounters();
  const r = spawnSync(process.execPath, ['--expose-gc', join(here, 'bulk-client.mjs'), contender, String(count), String(concurrency), endpointsFile], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`${contender} failed: ${r.stderr}`);
  const after = udpCounters();
  return { ...JSON.parse(r.stdout.trim().split('\n').pop()), kernelDrops: after.RcvbufErrors - before.RcvbufErrors };
}

const responder = spawn(process.execPath, [join(here, 'bulk-responder.mjs'), '25', '200', '50', '1000', '1000'], { stdio: ['pipe', 'pipe', 'inherit'] });
const line = await new Promise((resolve, reject) => {
  createInterface({ input: responder.stdout }).once('line', resolve);
  responder.once('exit', (code) => reject(new Error(`the responder exited (${code})`)));
});
const dir = mkdtempSync(join(tmpdir(), 'gq-bulk-'));
const endpointsFile = join(dir, 'endpoints.json');
writeFileSync(endpointsFile, line);

const fmt = (r) =>
  `${`${r.contender} c=${r.concurrency}`.padEnd(34)} ${r.qps.toFixed(0).padStart(7)} q/s  ${String(r.failures).padStart(4)} failed  ${String(r.incomplete).padStart(4)} incomplete  ${r.cpuUsPerQuery.toFixed(0).padStart(5)} µs CPU/query  ${(r.peakRssGrowthKiB / r.inFlight).toFixed(1).padStart(6)} KiB/in-flight  ${r.kernelDrops} kernel drops`;

try {
  for (const count of [1000, 5000]) {
    console.log(`\nSA:MP bulk: ${count} distinct endpoints (25 addresses × 200 ports), default query options`);
    const [ours, ...peers] = contest(
      ['gamequery', count, Infinity, endpointsFile],
      ['gamedig', count, 50, endpointsFile],
      ['gamedig', count, Infinity, endpointsFile],
    );
    for (const r of [ours, ...peers]) console.log(`  ${fmt(r)}`);
    const best = peers.reduce((a, b) => (b.qps > a.qps ? b : a));
    console.log(`  → gamequery ×${(ours.qps / best.qps).toFixed(2)} gamedig's best throughput; CPU/query ×${(ours.cpuUsPerQuery / best.cpuUsPerQuery).toFixed(2)} of gamedig's (c=${best.concurrency})`);
  }
  {
    const count = 1000;
    console.log(`\nA2S by game id: ${count} Arma 3 servers given by game port (query port + 1), concurrency 50, default options`);
    const [facade, gamedig, many] = contest(
      ['facade-a2s', count, 50, endpointsFile],
      ['gamedig-a2s', count, 50, endpointsFile],
      ['gamequery-a2s-game', count, 50, endpointsFile],
    );
    for (const r of [facade, gamedig, many]) console.log(`  ${fmt(r)}`);
    console.log(`  → gamequery/gamedig ×${(facade.qps / gamedig.qps).toFixed(2)} gamedig's throughput at ×${(facade.cpuUsPerQuery / gamedig.cpuUsPerQuery).toFixed(2)} its CPU/query; queryMany ×${(many.qps / gamedig.qps).toFixed(2)} at ×${(many.cpuUsPerQuery / gamedig.cpuUsPerQuery).toFixed(2)}`);
  }
  {
    const count = 1000;
    console.log(`\nQuake 3 bulk: ${count} distinct servers (20 players each), getstatus, default query options`);
    const [ours, ...peers] = contest(
      ['gamequery-quake3', count, Infinity, endpointsFile],
      ['gamedig-quake3', count, 50, endpointsFile],
      ['gamedig-quake3', count, Infinity, endpointsFile],
    );
    for (const r of [ours, ...peers]) console.log(`  ${fmt(r)}`);
    const best = peers.reduce((a, b) => (b.qps > a.qps ? b : a));
    console.log(`  → gamequery ×${(ours.qps / best.qps).toFixed(2)} gamedig's best throughput; CPU/query ×${(ours.cpuUsPerQuery / best.cpuUsPerQuery).toFixed(2)} of gamedig's (c=${best.concurrency})`);
  }
  const count = 1000;
  console.log(`\nMinecraft status + ping bulk: ${count} queries over 50 servers, concurrency 50`);
  const [ours, gamedig, msu] = contest(
    ['gamequery-minecraft', count, 50, endpointsFile],
    ['gamedig-minecraft', count, 50, endpointsFile],
    ['msu-minecraft', count, 50, endpointsFile],
  );
  for (const r of [ours, gamedig, msu]) console.log(`  ${fmt(r)}`);
  console.log(`  → gamequery ×${(ours.qps / gamedig.qps).toFixed(2)} gamedig (which sends no ping), ×${(ours.qps / msu.qps).toFixed(2)} minecraft-server-util`);
} finally {
  responder.stdin.end();
  await new Promise((r) => responder.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
