// gamequery-wasm's queries over sockets the application provides, shaped like WHATWG
// sockets ({ readable, writable, close }): `datagram()` for UDP protocols (here a Node
// dgram socket behind streams, as a WebSocket relay would be), `connect()` for TCP (a
// Node socket through Duplex.toWeb, as `cloudflare:sockets` returns). Results equal
// gamequery's own over Node's sockets.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { javaState, openMpState, whatwgSocket } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const opened = { udp: 0, tcp: 0 };

/** One UDP "connection" as streams: each chunk written is a datagram, each read one too. */
function datagram({ hostname, port }) {
  opened.udp++;
  const socket = dgram.createSocket(hostname.includes(':') ? 'udp6' : 'udp4');
  socket.connect(port, hostname);
  let closed = false;
  const close = () => {
    if (!closed) socket.close();
    closed = true;
  };
  const readable = new ReadableStream({
    start(controller) {
      socket.on('message', (m) => controller.enqueue(new Uint8Array(m)));
      socket.on('close', () => { try { controller.close(); } catch {} });
    },
  });
  const ready = new Promise((resolve) => socket.once('connect', resolve));
  const writable = new WritableStream({
    async write(chunk) {
      await ready;
      await new Promise((resolve, reject) => socket.send(chunk, (e) => (e ? reject(e) : resolve())));
    },
  });
  return { readable, writable, close, opened: ready };
}

function connect(address) {
  opened.tcp++;
  return whatwgSocket(address);
}

const untimed = (s) => ({ ...s, pingMs: typeof s.pingMs, raw: { ...s.raw, latencyMs: typeof s.raw.latencyMs } });

test('UDP protocols over an app-provided datagram transport', async () => {
  const samp = await addon.serve('samp', openMpState(5), { host: '127.0.0.1', port: 0 });
  const bedrock = await addon.serve('minecraft-bedrock', { motd: 'relay', online: 1, max: 5 }, { host: '127.0.0.1', port: 0 });
  closers.push(() => samp.close(), () => bedrock.close());
  for (const [protocol, server] of [['samp', samp], ['minecraft-bedrock', bedrock]]) {
    const before = opened.udp;
    const viaHost = await wasm.query(protocol, `127.0.0.1:${server.port}`, { datagram, timeout: 2000 });
    assert.ok(opened.udp > before, 'the app transport carried it');
    const own = await addon.query(protocol, `127.0.0.1:${server.port}`, { timeout: 2000 });
    assert.deepEqual(untimed(viaHost), untimed(own), protocol);
  }
  const e = await wasm.query('samp', '127.0.0.1:7777', { connect }).catch((err) => err);
  assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
  assert.match(e.message, /options\.datagram/);
});

test('Minecraft Java over an app-provided connect(); a refused connection is PORT_CLOSED', async () => {
  const mc = await addon.serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  closers.push(() => mc.close());
  const viaHost = await wasm.query('minecraft-java', { host: '127.0.0.1', port: mc.port }, { connect, timeout: 2000 });
  const own = await addon.query('minecraft-java', { host: '127.0.0.1', port: mc.port }, { timeout: 2000 });
  assert.deepEqual(untimed(viaHost), untimed(own));
  assert.ok(opened.tcp >= 1);
  const closed = await wasm.query('minecraft-java', '127.0.0.1:1', { connect, timeout: 2000 }).catch((err) => err);
  assert.equal(closed.code, 'GQ_PORT_CLOSED', closed.message);
});
