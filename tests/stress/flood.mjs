// One protocol of `npm run stress flood`, run inside the network namespace the script made
// (as root: nftables counts bytes there, and the flooder writes its own source addresses):
// `flood.mjs <protocol> <seconds> <rate>`. The protocol's responder runs in a process of its
// own with its default options; the requests a real query sends it are recorded through a
// relay; then for `seconds` the flooder (stress/, a raw socket) sends `rate` datagrams a
// second from 131,072 forged sources in 127.16.0.0/14 — those requests replayed (the first
// of a challenged exchange asks for a challenge; the later ones carry a challenge no forged
// source was given), random garbage and oversized datagrams —, and 5 % of them from one
// source, 127.31.255.254, to find what the per-source limit lets one address draw. Fifty
// clients, each from an address of its own (127.2.0.1–50), query once a second with the
// defaults throughout, and for 5 s before. Prints one JSON line: the legitimate queries
// answered and their latency, the responder's memory and descriptors, and the bytes each
// side sent as nftables counted them (a forged source never reads its answers: they are
// counted, then dropped).
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import dgram from 'node:dgram';
import { query } from 'gamequery';
import { clients, responder } from './clients.mjs';

const [protocol, secondsArg, rateArg] = process.argv.slice(2);
const SECONDS = Number(secondsArg);
const RATE = Number(rateArg);
const SOURCES = 131_072;
const HOT = '127.31.255.254';
const flooder = process.env.GQ_FLOOD;

const nft = (script) => {
  const r = spawnSync('/usr/sbin/nft', ['-f', '-'], { input: script, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`nft: ${r.stderr}`);
};
const counters = () => {
  const r = spawnSync('/usr/sbin/nft', ['-j', 'list', 'counters', 'table', 'inet', 'flood'], { encoding: 'utf8' });
  const out = {};
  for (const item of JSON.parse(r.stdout).nftables) if (item.counter) out[item.counter.name] = { packets: item.counter.packets, bytes: item.counter.bytes };
  return out;
};

const server = await responder(protocol);
const { port, memory } = server;
const target = `127.0.0.1:${port}`;

/** The datagrams a real query sends, recorded through a relay (each once); `replies`: the sizes of the answers, in order. */
const replies = [];
async function recorded() {
  const front = dgram.createSocket('udp4');
  const up = dgram.createSocket('udp4');
  const seen = new Map();
  let client;
  front.on('message', (bytes, from) => {
    client = from;
    seen.set(bytes.toString('hex'), bytes);
    up.send(bytes, port, '127.0.0.1');
  });
  up.on('message', (bytes) => {
    replies.push(bytes.length);
    front.send(bytes, client.port, client.address);
  });
  await new Promise((r) => front.bind(0, '127.0.0.1', r));
  await new Promise((r) => up.bind(0, '127.0.0.1', r));
  await query(protocol, `127.0.0.1:${front.address().port}`, { timeout: 2000 });
  front.close();
  up.close();
  return [...seen.keys()];
}

const requests = await recorded();
// Counted, then dropped: a forged source has no socket to read its answers.
nft(`table inet flood
delete table inet flood
table inet flood {
  counter spread_in {}
  counter spread_out {}
  counter hot_in {}
  counter hot_out {}
  counter legit_in {}
  counter legit_out {}
  chain input {
    type filter hook input priority 0; policy accept;
    ip saddr ${HOT} udp dport ${port} counter name hot_in
    ip saddr 127.16.0.0/14 udp dport ${port} counter name spread_in
    ip saddr 127.2.0.0/24 udp dport ${port} counter name legit_in
  }
  chain output {
    type filter hook output priority 0; policy accept;
    ip daddr ${HOT} udp sport ${port} counter name hot_out drop
    ip daddr 127.16.0.0/14 udp sport ${port} counter name spread_out drop
    ip daddr 127.2.0.0/24 udp sport ${port} counter name legit_out
  }
}
`);
const payloads = `${requests.map((hex) => `${Math.round(60 / requests.length)} hex ${hex}`).join('\n')}
30 random 1 64
9 random 65 1400
1 random 8000 16000
`;
const payloadFile = `/tmp/gq-flood-${process.pid}.txt`;
writeFileSync(payloadFile, payloads);

const before = memory();
const name = protocol === 'mumble' ? undefined : `${protocol}-flooded`;
const baseline = await clients(protocol, target, performance.now() + 5000, name);
const samples = [];
const sampler = setInterval(() => samples.push(memory()), 1000);
const flood = spawn(flooder, [target, String(RATE), String(SECONDS), String(SOURCES), payloadFile, '0.05'], { stdio: ['ignore', 'pipe', 'inherit'] });
let floodOut = '';
flood.stdout.on('data', (d) => (floodOut += d));
const t0 = performance.now();
const flooded = await clients(protocol, target, t0 + SECONDS * 1000, name);
await new Promise((r) => (flood.exitCode !== null ? r() : flood.on('exit', r)));
clearInterval(sampler);
const after = memory();
const count = counters();
await server.close();
spawnSync('/usr/sbin/nft', ['delete', 'table', 'inet', 'flood']);

const sent = JSON.parse(floodOut.trim());
console.log(JSON.stringify({
  protocol,
  requests: requests.map((h) => h.length / 2),
  replies,
  flood: sent,
  baseline,
  flooded,
  memory: { before, peakRssKb: Math.max(...samples.map((s) => s.rssKb)), peakFds: Math.max(...samples.map((s) => s.fds)), after },
  bytes: count,
  seconds: SECONDS,
}));
