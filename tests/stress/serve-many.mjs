// The servers of `npm run soak`, in a process of their own so that the querying process's
// memory is its own: `serve-many.mjs <n>` serves `n` responders on 127.0.0.1 across the
// UDP protocols (each named for its place, no per-source limit: every query comes from
// this machine) and a Minecraft responder with RCON beside it; prints `{ servers:
// [{ protocol, port, name }], rconPort }` and ends when its standard input closes.
import { serve } from 'gamequery';
import { PROTOCOL_REGISTRY } from 'gamequery-wasm/glue';
import { named } from './named.mjs';

// Every datagram protocol that queries and serves, from the registry.
const PROTOCOLS = PROTOCOL_REGISTRY.filter((p) => p.transport === 'udp' && p.query && p.serve).map((p) => p.name);
const n = Number(process.argv[2]);
const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };
const servers = [];
const closers = [];
for (let i = 0; i < n; i++) {
  const protocol = PROTOCOLS[i % PROTOCOLS.length];
  const name = protocol === 'mumble' ? '' : `${protocol}-${i}`;
  const options = { host: '127.0.0.1', port: 0, ...(protocol === 'sqp' ? {} : { rateLimit: unlimited }) };
  const server = await serve(protocol, named(protocol, name), options);
  servers.push({ protocol, port: server.port, name });
  closers.push(() => server.close());
}
const rcon = await serve('minecraft-java', named('minecraft-java', 'console'), {
  host: '127.0.0.1',
  port: 0,
  rcon: { port: 0, password: 'soak', handler: (command) => `ran ${command}` },
});
closers.push(() => rcon.close());
console.log(JSON.stringify({ servers, rconPort: rcon.rconPort }));
process.stdin.resume();
process.stdin.on('end', () => Promise.all(closers.map((c) => c())).then(() => process.exit(0)));
