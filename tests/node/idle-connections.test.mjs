// Idle connections cannot lock a TCP responder: past `maxConnections` the connection that
// has waited longest without an answer is closed, so a client that arrives after a pile of
// silent (slowloris) connections is served at once, and a logged-in RCON console keeps its
// place while strangers' connections come and go. Both engines run this file
// (GAMEQUERY_ENGINE=wasm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { query, rconSession, serve, sampleState } from 'gamequery';

/** `n` connections to `port` that send `bytes` and then nothing; resolves once all are open. */
async function silent(port, n, bytes) {
  const sockets = [];
  let closedByServer = 0;
  await Promise.all(Array.from({ length: n }, () => new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(bytes);
      resolve();
    });
    s.on('error', () => {});
    s.on('close', () => closedByServer++);
    s.once('error', reject);
    sockets.push(s);
  })));
  return {
    closedByServer: () => closedByServer,
    close: () => sockets.forEach((s) => s.destroy()),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 200));

test('a status responder full of silent connections still answers a new client at once', async () => {
  const state = sampleState('minecraft-java');
  state.motd = 'Still here';
  const server = await serve('minecraft-java', state, { host: '127.0.0.1', port: 0, maxConnections: 8 });
  // 40 connections that send one byte of a handshake and wait: 32 of them are closed.
  const idle = await silent(server.port, 40, Buffer.from([0x10]));
  await settle();
  assert.equal(idle.closedByServer(), 32, 'past 8, the oldest silent connections go');
  const t0 = performance.now();
  const status = await query('minecraft-java', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.equal(status.name, 'Still here');
  assert.ok(performance.now() - t0 < 1000, `answered in ${performance.now() - t0} ms`);
  // Its connection closed the oldest of the 8 left.
  await settle();
  assert.equal(idle.closedByServer(), 33);
  idle.close();
  await server.close();
});

test('a logged-in RCON console keeps its connection while silent ones come and go', async () => {
  const server = await serve('minecraft-java', sampleState('minecraft-java'), {
    host: '127.0.0.1',
    port: 0,
    maxConnections: 4,
    rcon: { port: 0, password: 'pw', handler: (command) => `ran ${command}` },
  });
  const session = await rconSession('minecraft-java', `127.0.0.1:${server.rconPort}`, { password: 'pw', timeout: 2000 });
  assert.deepEqual(await session.run('first'), ['ran first']);
  // 20 strangers: the console is older than all of them but has logged in, so they go first.
  const idle = await silent(server.rconPort, 20, Buffer.from([0x0a, 0, 0]));
  await settle();
  assert.equal(idle.closedByServer(), 17, 'three silent connections beside the console');
  assert.deepEqual(await session.run('still'), ['ran still']);
  await session.close();
  idle.close();
  await server.close();
});
