// One loss level of `npm run stress lossy`, run inside the network namespace the script
// made (its loopback drops that share of UDP datagrams, each way, at random): every UDP
// protocol's responder, queried by `query` with the default options and with more
// retries, and `queryMany` over 1000 servers (250 at once). Prints one JSON line: per protocol, the share
// answered, what independent drops would give a one-round-trip exchange (1 − (1 −
// (1 − p)²)ᵏ for k attempts), the slowest call against its deadline, and any answer that
// came from a server other than the one asked (each responder has its own name).
import { serve, query, queryMany, sampleState } from 'gamequery';

const loss = Number(process.argv[2]) / 100;
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

/** A responder on loopback with no per-source limit where it has one. */
async function served(protocol, state) {
  const at = { host: '127.0.0.1', port: 0 };
  return serve(protocol, state, { ...at, rateLimit: unlimited }).catch(() => serve(protocol, state, at));
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
  const expected = single ? Number((1 - (1 - (1 - loss) ** 2) ** k).toFixed(3)) : null;
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
  return { protocol: 'queryMany quake3 ×1000 servers', answered: answered / 1000, expected: Number((1 - (1 - (1 - loss) ** 2) ** 2).toFixed(3)), items: seen.size, twice, wrong, ms };
}

const rows = [];
for (const options of [{}, { retries: 4 }]) {
  for (const protocol of PROTOCOLS) rows.push({ options, ...(await run(protocol, options)) });
}
rows.push(await many());
console.log(JSON.stringify({ loss, rows }));
