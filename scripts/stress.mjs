// `npm run stress`: gamequery on a network that loses datagrams. Makes a network namespace
// (root: its own loopback, nothing leaves it), has nftables drop 0 %, 10 % and 30 % of its
// UDP datagrams at random (`numgen random`), and runs tests/stress/lossy.mjs in it at each
// level, then at 0 % and 10 % with every responder behind a relay that delays, reorders and
// duplicates; prints a table of what was answered against what independent drops
// allow, the slowest call against its deadline, answers from the wrong server, and
// queryMany's items. Outside `npm test`; installs nftables through apt when missing.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureSystem } from './ensure-system.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const NFT = '/usr/sbin/nft';
ensureSystem([[NFT, 'nftables']]);
if (spawnSync('node', ['scripts/build.mjs', '--quiet'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

const ns = `gq-stress-${process.pid}`;
const sh = (cmd, args, input) => {
  const r = spawnSync(cmd, args, { input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
sh('ip', ['netns', 'add', ns]);
const results = [];
try {
  sh('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up']);
  // `npm run stress lossy` or `relay` runs those levels alone.
  const only = process.argv[2];
  const levels = [[0, ''], [10, ''], [30, ''], [0, 'relay'], [10, 'relay']].filter(([, mode]) => !only || (mode || 'lossy') === only);
  for (const [percent, mode] of levels) {
    sh('ip', ['netns', 'exec', ns, NFT, '-f', '-'], `flush ruleset
table inet lossy {
  chain input {
    type filter hook input priority 0; policy accept;
    meta l4proto udp numgen random mod 100 < ${percent} drop
  }
}
`);
    console.log(`[stress] ${percent} % of UDP datagrams dropped${mode ? ', through the relay' : ''}`);
    const out = sh('ip', ['netns', 'exec', ns, process.execPath, 'tests/stress/lossy.mjs', String(percent), mode]);
    results.push(JSON.parse(out.trim().split('\n').pop()));
  }
} finally {
  spawnSync('ip', ['netns', 'del', ns]);
}

const pct = (x) => `${(x * 100).toFixed(1)} %`;
console.log('| loss | relay | protocol | options | answered | independent drops allow | slowest / deadline | wrong server |');
console.log('|---:|---|---|---|---:|---:|---:|---:|');
for (const { loss, relayed, stats, rows } of results) {
  if (relayed) console.log(`relay at ${pct(loss)}: ${stats.datagrams} datagrams, ${stats.duplicated} sent twice, ${stats.held} held back`);
  for (const r of rows) {
    const options = r.options ? (Object.keys(r.options).length ? JSON.stringify(r.options) : 'defaults') : `${r.items} items, ${r.twice} twice, ${r.ms} ms`;
    const slow = r.slowestMs === undefined ? '—' : `${r.slowestMs} / ${r.deadlineMs} ms`;
    const allow = r.expected === null ? '— (more than one exchange)' : pct(r.expected);
    console.log(`| ${pct(loss)} | ${relayed ? 'yes' : 'no'} | ${r.protocol} | ${options} | ${pct(r.answered)} | ${allow} | ${slow} | ${r.wrong} |`);
  }
}
