// `npm run stress`: gamequery on a network that loses datagrams. Makes a network namespace
// (root: its own loopback, nothing leaves it), has nftables drop 0 %, 10 % and 30 % of its
// UDP datagrams at random (`numgen random`), and runs tests/stress/lossy.mjs in it at each
// level, then at 0 % and 10 % with every responder behind a relay that delays, reorders and
// duplicates; prints a table of what was answered against what independent drops
// allow, the slowest call against its deadline, answers from the wrong server, and
// queryMany's items. `npm run stress flood [seconds]` floods each UDP responder at 100,000
// datagrams a second from 131,072 forged sources (stress/'s flooder) while 50 clients
// query it, and holds 10,000 idle and slowloris connections against each TCP responder
// (tests/stress/flood.mjs, slowloris.mjs). Outside `npm test`; installs nftables through
// apt when missing.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureSystem } from './ensure-system.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const NFT = '/usr/sbin/nft';
ensureSystem([[NFT, 'nftables']]);
if (spawnSync('node', ['scripts/build.mjs', '--quiet'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

const only = process.argv[2];
const floodSeconds = Number(process.argv[3] ?? 60);
if (!only || only === 'flood') {
  const built = spawnSync('cargo', ['build', '--release', '--quiet', '-p', 'gamequery-stress'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
const flooder = `${process.env.CARGO_TARGET_DIR ?? `${root}/target`}/release/flood`;
const ns = `gq-stress-${process.pid}`;
const sh = (cmd, args, input) => {
  const r = spawnSync(cmd, args, { input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
sh('ip', ['netns', 'add', ns]);
const results = [];
const floods = [];
const held = [];
try {
  sh('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up']);
  // `npm run stress lossy`, `relay` or `flood` runs that part alone.
  const levels = [[0, ''], [10, ''], [30, ''], [0, 'relay'], [10, 'relay']].filter(([, mode]) => !only || (mode || 'lossy') === only);
  for (const [percent, mode] of levels) {
    sh('ip', ['netns', 'exec', ns, NFT, '-f', '-'], `flush ruleset
table inet lossy {
  chain input {
    type filter hook input priority 0; policy accept;
    meta l4proto { udp, tcp } numgen random mod 100 < ${percent} drop
  }
}
`);
    console.log(`[stress] ${percent} % of UDP datagrams and TCP segments dropped${mode ? ', through the relay' : ''}`);
    const out = sh('ip', ['netns', 'exec', ns, process.execPath, 'tests/stress/lossy.mjs', String(percent), mode]);
    results.push(JSON.parse(out.trim().split('\n').pop()));
  }
  if (!only || only === 'flood') {
    sh('ip', ['netns', 'exec', ns, NFT, 'flush', 'ruleset']);
    // Every datagram responder, from the registry (built above).
    const { PROTOCOL_REGISTRY } = await import('gamequery-wasm/glue');
    for (const protocol of PROTOCOL_REGISTRY.filter((p) => p.transport === 'udp' && p.serve).map((p) => p.name)) {
      console.log(`[stress] ${protocol}: 100,000 datagrams a second for ${floodSeconds} s`);
      const out = spawnSync('ip', ['netns', 'exec', ns, process.execPath, 'tests/stress/flood.mjs', protocol, String(floodSeconds), '100000'], {
        encoding: 'utf8',
        env: { ...process.env, GQ_FLOOD: flooder },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      floods.push(JSON.parse(out.stdout.trim().split('\n').pop()));
    }
    for (const protocol of ['minecraft-java', 'fivem']) {
      console.log(`[stress] ${protocol}: 10,000 idle and slowloris connections for ${floodSeconds} s`);
      const out = sh('ip', ['netns', 'exec', ns, process.execPath, 'tests/stress/slowloris.mjs', protocol, String(floodSeconds), '10000']);
      held.push(JSON.parse(out.trim().split('\n').pop()));
    }
  }
} finally {
  spawnSync('ip', ['netns', 'del', ns]);
}

const pct = (x) => `${(x * 100).toFixed(1)} %`;
if (results.length) {
  console.log('| loss | relay | protocol | options | answered | independent drops allow | slowest / deadline | wrong server | errors |');
  console.log('|---:|---|---|---|---:|---:|---:|---:|---|');
}
for (const { loss, relayed, stats, rows } of results) {
  if (relayed) console.log(`relay at ${pct(loss)}: ${stats.datagrams} datagrams, ${stats.duplicated} sent twice, ${stats.held} held back`);
  for (const r of rows) {
    const options = r.session
      ? `100 calls; a session: ${r.session.commands} / ${r.session.of} commands in ${r.session.sessions} session(s)`
      : r.options ? (Object.keys(r.options).length ? JSON.stringify(r.options) : 'defaults') : `${r.items} items, ${r.twice} twice, ${r.ms} ms`;
    const slow = r.slowestMs === undefined ? '—' : `${r.slowestMs} / ${r.deadlineMs} ms`;
    const allow = r.session ? '— (TCP retransmits)' : r.expected === null ? '— (more than one exchange)' : pct(r.expected);
    console.log(`| ${pct(loss)} | ${relayed ? 'yes' : 'no'} | ${r.protocol} | ${options} | ${pct(r.answered)} | ${allow} | ${slow} | ${r.wrong} | ${Object.entries(r.codes ?? {}).map(([c, n]) => `${c} ×${n}`).join(', ')} |`);
  }
}

if (floods.length) {
  console.log('\n| protocol | flood sent | clients answered | p50 / p99 (before: p99) | responder RSS before → peak | forged sources: bytes out / in | first request → its answer (bytes) | one source at 5,000/s drew |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const f of floods) {
    const b = f.bytes;
    const perSecond = Math.round(b.hot_out.bytes / f.seconds);
    console.log(`| ${f.protocol} | ${f.flood.sent.toLocaleString('en')} at ${f.flood.rate.toLocaleString('en')}/s | ${f.flooded.answered} / ${f.flooded.queries}${f.flooded.wrong ? ` (${f.flooded.wrong} wrong)` : ''}${Object.keys(f.flooded.codes).length ? ` ${JSON.stringify(f.flooded.codes)}` : ''} | ${f.flooded.p50} / ${f.flooded.p99} ms (${f.baseline.p99}) | ${(f.memory.before.rssKb / 1024).toFixed(0)} → ${(f.memory.peakRssKb / 1024).toFixed(0)} MiB | ${(b.spread_out.bytes / b.spread_in.bytes).toFixed(3)} | ${f.requests[0]} → ${f.replies[0]} | ${perSecond.toLocaleString('en')} B/s (${b.hot_out.packets} datagrams) |`);
  }
}
if (held.length) {
  console.log('\n| protocol | attackers held at once | their connections closed | clients answered | p50 / p99 | RCON console | responder RSS before → peak | descriptors peak |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const h of held) {
    console.log(`| ${h.protocol} | ${h.attack.heldAtOnce} | ${h.attack.closedByServer.toLocaleString('en')} | ${h.clients.answered} / ${h.clients.queries} | ${h.clients.p50} / ${h.clients.p99} ms | ${h.console ? `${h.console.ok} / ${h.console.commands}` : '—'} | ${(h.memory.before.rssKb / 1024).toFixed(0)} → ${(h.memory.peakRssKb / 1024).toFixed(0)} MiB | ${h.memory.peakFds} |`);
  }
}
