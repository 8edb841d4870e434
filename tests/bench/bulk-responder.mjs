// `npm run bench` (bulk part): the servers, in a process of their own so their CPU is not
// the client's. Reads the plan from argv (a JSON array of { list, protocol, state, count,
// base, hosts, options }: `count` responders of `protocol` on `${base}.1` … `${base}.${hosts}`,
// each on a free port), prints every list's endpoints as one JSON line, and serves until
// stdin closes.
import { serve } from 'gamequery';

const plan = JSON.parse(process.argv[2]);
const servers = [];
const endpoints = {};
for (const { list, protocol, state, count, base, hosts, options } of plan) {
  endpoints[list] = [];
  for (let k = 0; k < count; k++) {
    const s = await serve(protocol, state, { host: `${base}.${1 + (k % hosts)}`, port: 0, ...options });
    servers.push(s);
    endpoints[list].push(`${s.address}:${s.port}`);
  }
}
process.stdout.write(`${JSON.stringify(endpoints)}\n`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await Promise.all(servers.map((s) => s.close()));
  process.exit(0);
});
