// One loss level of `npm run stress lossy`, run inside the network namespace the script
// made (its loopback drops that share of UDP datagrams, each way, at random): every UDP
// protocol's responder, queried by `query` with the default options and with more
// retries, and `queryMany` over 1000 servers (250 at once). Prints one JSON line: per protocol, the share
// answered, what independent drops would give a one-round-trip exchange (1 − (1 −
// (1 − p)²)ᵏ for k attempts), the slowest call against its deadline, and any answer that
// came from a server other than the one asked (each responder has its own name).
import dgram from 'node:dgram';
import net from 'node:net';
import { serve, query, queryMany, rcon, rconSession, sampleState } from 'gamequery';
import { PROTOCOL_REGISTRY } from 'gamequery-wasm/glue';
import { named } from './named.mjs';

const loss = Number(process.argv[2]) / 100;
// `relay`: each responder behind a relay that delays every datagram 50 ± 40 ms, holds a
// quarter of them 100 ms more (later ones overtake them) and sends one in twenty twice.
const relayed = process.argv[3] === 'relay';
const PER = 200;
const AT_ONCE = 100;
// Every datagram protocol that queries and serves (the registry's), but FiveM, whose players
// come over its HTTP beside the datagrams, which the UDP relay does not carry.
const PROTOCOLS = PROTOCOL_REGISTRY.filter((p) => p.transport === 'udp' && p.query && p.serve && p.name !== 'fivem').map((p) => p.name);
const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };

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

/**
 * Sends `bytes` on after 50 ± 40 ms, in pieces of 1–64 bytes, in order: TCP never reorders,
 * so a piece due earlier than the one before waits for it. One timer per direction, for
 * the queue's head: timers of different lengths due in the same millisecond fire in no
 * promised order (a first version let them, and garbled the stream).
 */
function trickle(socket) {
  const queue = [];
  let last = 0;
  let timer;
  const flush = () => {
    timer = undefined;
    while (queue.length && queue[0].due <= performance.now()) {
      const { piece } = queue.shift();
      if (socket.writable) socket.write(piece);
    }
    if (queue.length) timer = setTimeout(flush, queue[0].due - performance.now());
  };
  return (bytes) => {
    for (let at = 0; at < bytes.length;) {
      const piece = bytes.subarray(at, at + 1 + Math.floor(Math.random() * 64));
      at += piece.length;
      last = Math.max(last, performance.now() + 10 + Math.random() * 80);
      queue.push({ piece, due: last });
    }
    timer ??= setTimeout(flush, queue[0].due - performance.now());
  };
}

/** A TCP relay in front of `port`: each direction delayed and cut into pieces. */
async function tcpRelay(port) {
  const sockets = new Set();
  const front = net.createServer((client) => {
    const up = net.connect(port, '127.0.0.1');
    for (const s of [client, up]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        up.destroy();
      });
    }
    client.on('data', trickle(up));
    up.on('data', trickle(client));
  });
  await new Promise((r) => front.listen(0, '127.0.0.1', r));
  return {
    port: front.address().port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => front.close(r));
    },
  };
}

/**
 * Minecraft RCON over TCP (whose retransmissions the kernel does): 100 one-shot `rcon`
 * calls, 20 at once, and one `rconSession` running 500 commands in a row, for at most a
 * minute (a new session when one ends); each output must be its own command's.
 */
async function rconRun() {
  const server = await serve('minecraft-java', sampleState('minecraft-java'), {
    host: '127.0.0.1',
    port: 0,
    rcon: { port: 0, password: 'pw', handler: (command) => `ran ${command}` },
  });
  const relay = relayed ? await tcpRelay(server.rconPort) : undefined;
  const target = `127.0.0.1:${relay?.port ?? server.rconPort}`;
  const deadline = 2500;
  let answered = 0;
  let wrong = 0;
  let slowest = 0;
  const codes = {};
  const timed = async (f) => {
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      slowest = Math.max(slowest, performance.now() - t0);
    }
  };
  for (let start = 0; start < 100; start += 20) {
    await Promise.all(Array.from({ length: 20 }, async (_, j) => {
      const command = `one ${start + j}`;
      try {
        const lines = await timed(() => rcon('minecraft-java', target, { password: 'pw' }, command));
        answered++;
        if (lines[0] !== `ran ${command}`) wrong++;
      } catch (e) {
        codes[e.code] = (codes[e.code] ?? 0) + 1;
      }
    }));
  }
  let session;
  let sessions = 0;
  let commands = 0;
  // At most a minute: at 30 % loss TCP's backed-off retransmissions make each attempt slow.
  const stop = performance.now() + 60_000;
  let asked = 0;
  for (let i = 0; i < 500 && performance.now() < stop; i++) {
    asked++;
    try {
      if (!session) {
        sessions++;
        session = await timed(() => rconSession('minecraft-java', target, { password: 'pw' }));
      }
      const lines = await timed(() => session.run(`in session ${i}`));
      commands++;
      if (lines[0] !== `ran in session ${i}`) wrong++;
    } catch (e) {
      codes[e.code] = (codes[e.code] ?? 0) + 1;
      session = undefined;
    }
  }
  await session?.close();
  await relay?.close();
  await server.close();
  return {
    protocol: 'rcon minecraft-java (TCP)',
    options: {},
    answered: answered / 100,
    session: { commands, of: asked, sessions },
    expected: null,
    slowestMs: Math.round(slowest),
    deadlineMs: deadline,
    wrong,
    codes,
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
  // rules and players; SQP, A2S, Minecraft Query and GameSpy 3 a challenge first) and need all.
  const single = !['samp', 'sqp', 'a2s', 'minecraft-query', 'gamespy3'].includes(protocol);
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
rows.push(await rconRun());
console.log(JSON.stringify({ loss, relayed, stats, rows }));
