// One loss level of `npm run stress lossy`, run inside the network namespace the script
// made (its loopback drops that share of UDP datagrams, each way, at random): every UDP
// protocol's responder, queried by `query` with the default options and with more
// retries, and `queryMany` over 1000 servers (250 at once). Prints one JSON line: per protocol, the share
// answered, what independent drops would give a one-round-trip exchange (1 − (1 −
// (1 − p)²)ᵏ for k attempts), the slowest call against its deadline, and any answer that
// came from a server other than the one asked (each responder has its own name).
import dgram from 'node:dgram';
import { serve, query, queryMany, sampleState } from 'gamequery';

const loss = Number(process.argv[2]) / 100;
// `relay`: each responder behind a relay that delays every datagram 50 ± 40 ms, holds a
// quarter of them 100 ms more (later ones overtake them) and sends one in twenty twice.
const relayed = process.argv[3] === 'relay';
const PER = 200;
const AT_ONCE = 100;
const PROTOCOLS = ['samp', 'minecraft-bedrock', 'minecraft-query', 'sqp', 'a2s', 'quake3', 'quake2', 'quakeworld', 'mumble', 'doom3'];
const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };

/** A state whose name says which server answered, where the protocol has a name. */
function named(protocol, name) {
  const s = sampleState(protocol);
  if (protocol === 'samp') s.info.hostname = name;
  else if (protocol === 'minecraft-bedrock') s.motd = name;
  else if (protocol === 'minecraft-query') s.motd = name;
  else if (protocol === 'sqp') s.info.serverName = name;
  else if (protocol === 'a2s') s.info.name = name;
  else if (protocol === 'quake3') s.info.sv_hostname = name;
  else if (protocol === 'quake2' || protocol === 'quakeworld') {
    s.info.hostname = name;
    s.info.sv_hostname = name;
  }
  else if (protocol === 'doom3') s.info.si_name = name;
  return s;
}

/** A responder on loopback with no per-source limit where it has one (behind a relay when asked). */
async function served(protocol, state) {
  const at = { host: '127.0.0.1', port: 0 };
  const server = await serve(protocol, state, { ...at, rateLimit: unlimited }).catch(() => serve(protocol, state, at));
  return relayed ? relay(server) : server;
}

const stats = { datagrams: 0, duplicated: 0, held: 0 };

/** Sends `bytes` after 50 ± 40 ms (a quarter 100 ms later still), one in twenty twice. */
function impaired(send) {
  const copies = Math.random() < 0.05 ? 2 : 1;
  stats.datagrams++;
  if (copies === 2) stats.duplicated++;
  for (let c = 0; c < copies; c++) {
    const held = Math.random() < 0.25;
    if (held) stats.held++;
    setTimeout(send, 10 + Math.random() * 80 + (held ? 100 : 0));
  }
}

/** `server` behind a UDP relay: what the relay's port gets goes on impaired, each way. */
async function relay(server) {
  const front = dgram.createSocket('udp4');
  const upstreams = new Map();
  let open = true;
  // A datagram still on its way when the relay closes is lost, as on a network.
  const safe = (socket, bytes, port) => () => open && socket.send(bytes, port, '127.0.0.1');
  front.on('message', (bytes, from) => {
    const key = `${from.address}:${from.port}`;
    let up = upstreams.get(key);
    if (!up) {
      up = dgram.createSocket('udp4');
      up.on('message', (reply) => impaired(safe(front, reply, from.port)));
      up.bind(0, '127.0.0.1');
      upstreams.set(key, up);
    }
    impaired(safe(up, bytes, server.port));
  });
  await new Promise((r) => front.bind(0, '127.0.0.1', r));
  return {
    port: front.address().port,
    close: async () => {
      open = false;
      for (const up of upstreams.values()) up.close();
      front.close();
      await server.close();
    },
  };
}

async function run(protocol, options) {
  const servers = [];
  for (let i = 0; i < 4; i++) {
    const name = protocol === 'mumble' ? '' : `${protocol}-${i}`;
    servers.push([await served(protocol, named(protocol, name)), name]);
  }
  const deadline = options.timeout ?? 2500;
  let answered = 0;
  let wrong = 0;
  let slowest = 0;
  const codes = {};
  for (let start = 0; start < PER; start += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, PER - start) }, async (_, j) => {
      const [server, name] = servers[(start + j) % servers.length];
      const t0 = performance.now();
      try {
        const s = await query(protocol, `127.0.0.1:${server.port}`, options);
        answered++;
        if (s.name !== name && protocol !== 'mumble') wrong++;
      } catch (e) {
        codes[e.code] = (codes[e.code] ?? 0) + 1;
      }
      slowest = Math.max(slowest, performance.now() - t0);
    }));
  }
  await Promise.all(servers.map(([s]) => s.close()));
  const k = (options.retries ?? 1) + 1;
  // One request and its reply per attempt; the others ask more than once (SA:MP its info,
  // rules and players; SQP, A2S and Minecraft Query a challenge first) and need all.
  const single = !['samp', 'sqp', 'a2s', 'minecraft-query'].includes(protocol);
  // Through the relay a datagram crosses the lossy loopback twice each way.
  const hops = relayed ? 4 : 2;
  const expected = single ? Number((1 - (1 - (1 - loss) ** hops) ** k).toFixed(3)) : null;
  return { protocol, answered: answered / PER, expected, slowestMs: Math.round(slowest), deadlineMs: deadline, wrong, codes };
}

/** 1000 servers at once: each item once, from its own server. */
async function many() {
  const servers = [];
  for (let i = 0; i < 1000; i++) servers.push(await served('quake3', named('quake3', `q3-${i}`)));
  const items = servers.map((s, i) => ({ protocol: 'quake3', target: `127.0.0.1:${s.port}`, name: `q3-${i}` }));
  const seen = new Set();
  let answered = 0;
  let wrong = 0;
  let twice = 0;
  const t0 = performance.now();
  for await (const { target: item, status } of queryMany(items, { concurrency: 250 })) {
    if (seen.has(item)) twice++;
    seen.add(item);
    if (status) {
      answered++;
      if (status.name !== item.name) wrong++;
    }
  }
  const ms = Math.round(performance.now() - t0);
  await Promise.all(servers.map((s) => s.close()));
  const expected = Number((1 - (1 - (1 - loss) ** (relayed ? 4 : 2)) ** 2).toFixed(3));
  return { protocol: 'queryMany quake3 ×1000 servers', answered: answered / 1000, expected, items: seen.size, twice, wrong, ms };
}

const rows = [];
for (const options of relayed ? [{}] : [{}, { retries: 4 }]) {
  for (const protocol of PROTOCOLS) rows.push({ options, ...(await run(protocol, options)) });
}
rows.push(await many());
console.log(JSON.stringify({ loss, relayed, stats, rows }));
