// One responder for `npm run stress flood`, in a process of its own so that its memory and
// descriptors can be read from /proc: `serve-one.mjs <protocol>` serves the protocol's
// named sample state with its default options on 127.0.0.1 (a free port) and prints
// `{ port, rconPort }`; it ends when its standard input closes.
import { serve } from 'gamequery';
import { named } from './named.mjs';

const protocol = process.argv[2];
const options = { host: '127.0.0.1', port: 0 };
// Minecraft's status responder with RCON beside it: the console the flood must not lock out.
if (protocol === 'minecraft-java') options.rcon = { port: 0, password: 'stress', handler: (command) => `ran ${command}` };
const server = await serve(protocol, named(protocol, `${protocol}-flooded`), options);
console.log(JSON.stringify({ port: server.port, rconPort: server.rconPort }));
process.stdin.resume();
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
