// One TCP responder of `npm run stress flood` under idle and slowloris connections, inside
// the script's network namespace: `slowloris.mjs <protocol> <seconds> <connections>`. The
// responder runs in a process of its own with its default options (Minecraft with RCON
// beside it); `connections` sockets from addresses of their own (127.3.0.0/16) are held
// open against it — half send nothing after connecting, half one byte of a request every
// second — and each one the responder closes is opened again a second later. Meanwhile 50
// clients query once a second each (and for Minecraft a logged-in RCON console runs a
// command a second). Prints one JSON line: the clients' queries answered and their latency,
// the console's commands, the attackers' connections opened and closed by the responder,
// and the responder's memory and descriptors.
import net from 'node:net';
import { rconSession } from 'gamequery';
import { clients, responder } from './clients.mjs';

const [protocol, secondsArg, connectionsArg] = process.argv.slice(2);
const SECONDS = Number(secondsArg);
const CONNECTIONS = Number(connectionsArg);

const server = await responder(protocol);
const { port, rconPort, memory } = server;
const target = `127.0.0.1:${port}`;

// The first byte of what each listener expects: a Minecraft handshake's length, an HTTP
// request line, an RCON packet's length.
const first = protocol === 'fivem' ? 'G' : '\x10';
const attack = { opened: 0, closedByServer: 0, open: 0, failed: 0 };
let attacking = true;
const held = new Set();

function attacker(i, toPort) {
  if (!attacking) return;
  const localAddress = `127.3.${(i >> 8) & 255}.${i & 255}`;
  const s = net.connect({ port: toPort, host: '127.0.0.1', localAddress });
  let drip;
  let connected = false;
  s.on('connect', () => {
    connected = true;
    attack.opened++;
    attack.open++;
    held.add(s);
    s.write(first);
    if (i % 2) drip = setInterval(() => s.write('a'), 1000);
  });
  s.on('error', () => {});
  s.on('close', () => {
    clearInterval(drip);
    held.delete(s);
    if (connected) {
      attack.open--;
      if (attacking) attack.closedByServer++;
    } else {
      attack.failed++;
    }
    setTimeout(() => attacker(i, toPort), 1000);
  });
}

const before = memory();
const samples = [];
const sampler = setInterval(() => samples.push({ ...memory(), attackersOpen: attack.open }), 1000);
// A quarter of the attackers on the RCON port where there is one.
for (let i = 0; i < CONNECTIONS; i++) attacker(i, rconPort && i % 4 === 0 ? rconPort : port);
// Let them pile up first.
await new Promise((r) => setTimeout(r, 3000));

const until = performance.now() + SECONDS * 1000;
const console_ = { commands: 0, ok: 0 };
const consoleRun = rconPort === undefined ? Promise.resolve() : (async () => {
  const session = await rconSession('minecraft-java', `127.0.0.1:${rconPort}`, { password: 'stress' });
  while (performance.now() < until) {
    console_.commands++;
    try {
      if ((await session.run('list'))[0] === 'ran list') console_.ok++;
    } catch {
      // Counted as not answered.
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  await session.close();
})();
const answered = await clients(protocol, target, until);
await consoleRun;
attacking = false;
clearInterval(sampler);
const after = memory();
for (const s of held) s.destroy();
await server.close();

console.log(JSON.stringify({
  protocol,
  connections: CONNECTIONS,
  clients: answered,
  console: rconPort === undefined ? null : console_,
  attack: { ...attack, heldAtOnce: Math.max(...samples.map((s) => s.attackersOpen)) },
  memory: { before, peakRssKb: Math.max(...samples.map((s) => s.rssKb)), peakFds: Math.max(...samples.map((s) => s.fds)), after },
  seconds: SECONDS,
}));
process.exit(0);
