// No panic reaches Node (issue #32): a bug of ours under any call — injected here as a
// panic through the hidden `__injectPanic` of the addon or of the WebAssembly module — ends
// that call with a GameQueryError `GQ_INTERNAL`, the process lives on, and the same call
// runs again once it is gone (in WebAssembly, where a panic traps, on a module loaded
// again). A responder that panics on a datagram drops it and keeps serving.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as gq from 'gamequery';
import { fixtures, hex, openMpState } from './helpers.mjs';

const native = gq.engine === 'native';
const require = createRequire(import.meta.url);
const binding = native ? require('../../npm/gamequery/binding.js') : require('gamequery-wasm');
const closers = [];
after(() => {
  binding?.__injectPanic(undefined);
  return Promise.all(closers.map((c) => c()));
});

/** `run()` fails with GQ_INTERNAL while `point` is armed, and succeeds once it is not. */
async function contained(point, run) {
  binding.__injectPanic(point);
  try {
    await assert.rejects(async () => run(), (e) => {
      assert.ok(gq.isGameQueryError(e), `a GameQueryError: ${e.stack}`);
      assert.equal(e.code, 'GQ_INTERNAL', e.message);
      assert.match(e.message, /inside gamequery \(a bug: please report it\)|the query engine stopped/);
      return true;
    }, point);
  } finally {
    binding.__injectPanic(undefined);
  }
  await run();
}

const sampBytes = () => hex(fixtures('samp').find((v) => v.direction === 'response').hex);

test('the codec: a panic while decoding, encoding or describing is that call\'s GQ_INTERNAL', async () => {
  const bytes = sampBytes();
  await contained('decode', () => gq.decodeResponse('samp', bytes));
  await contained('decode', () => gq.decodeRequest('samp', gq.encodeRequest('samp', { opcode: 'i', address: '127.0.0.1', port: 7777 })));
  await contained('encode', () => gq.encodeRequest('quake3', { command: 'getinfo' }));
  const status = await (async () => {
    const server = await gq.serve('quake3', gq.sampleState('quake3'), { host: '127.0.0.1', port: 0 });
    closers.push(() => server.close());
    return gq.query('quake3', `127.0.0.1:${server.port}`, { timeout: 2000 });
  })();
  await contained('describe', () => gq.describeStatus(status));
  await contained('frames', () => new gq.FrameDecoder('minecraft-java').push(new Uint8Array([3, 0, 1, 2])));
});

test('an RCON session: a panic reading a reply is that command\'s GQ_INTERNAL, and ends the session', async () => {
  const mc = await gq.serve('minecraft-java', gq.sampleState('minecraft-java'), {
    host: '127.0.0.1',
    port: 0,
    rcon: { port: 0, password: 'pw', handler: (command) => `ran ${command}` },
  });
  closers.push(() => mc.close());
  const target = `127.0.0.1:${mc.rconPort}`;
  const session = await gq.rconSession('minecraft-java', target, { password: 'pw', timeout: 2000 });
  assert.deepEqual(await session.run('one'), ['ran one']);
  binding.__injectPanic('session');
  let failed;
  try {
    failed = await session.run('two').catch((e) => e);
  } finally {
    binding.__injectPanic(undefined);
  }
  assert.ok(gq.isGameQueryError(failed), String(failed));
  assert.equal(failed.code, 'GQ_INTERNAL', failed.message);
  // As after a timeout: the reply's place on the connection is lost, so the session is over.
  const after = await session.run('three').catch((e) => e);
  assert.equal(after.code, 'GQ_NETWORK');
  assert.match(after.message, /the RCON session is closed$/);
  await session.close();
  const again = await gq.rconSession('minecraft-java', target, { password: 'pw', timeout: 2000 });
  assert.deepEqual(await again.run('four'), ['ran four']);
  await again.close();
});

test('queries: on the shared engine, as a call of its own, and RCON', async () => {
  const samp = await gq.serve('samp', openMpState(3), { host: '127.0.0.1', port: 0, rcon: { password: 'pw', handler: () => ['ok'] } });
  const mc = await gq.serve('minecraft-java', gq.sampleState('minecraft-java'), { host: '127.0.0.1', port: 0 });
  closers.push(() => samp.close(), () => mc.close());
  // A datagram protocol (the engine single queries share on Linux), a stream one (a call of
  // its own), a traced one (alone), and RCON.
  await contained('query', () => gq.query('samp', `127.0.0.1:${samp.port}`, { timeout: 2000 }));
  await contained('query', () => gq.query('minecraft-java', `127.0.0.1:${mc.port}`, { timeout: 2000 }));
  await contained('query', () => gq.query('samp', `127.0.0.1:${samp.port}`, { timeout: 2000, trace: () => {} }));
  await contained('query', () => gq.rcon('samp', `127.0.0.1:${samp.port}`, { password: 'pw', timeout: 2000 }, 'players'));
  // queryMany: each item carries its own error.
  binding.__injectPanic('query');
  try {
    const items = [];
    for await (const item of gq.queryMany([`127.0.0.1:${samp.port}`], { protocol: 'samp', timeout: 2000 })) items.push(item);
    assert.equal(items.length, 1);
    assert.equal(items[0].error?.code, 'GQ_INTERNAL', JSON.stringify(items[0]));
  } finally {
    binding.__injectPanic(undefined);
  }
});

test('a responder that panics on a request drops it and keeps serving', async () => {
  const server = await gq.serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  binding.__injectPanic('serve');
  try {
    const e = await gq.query('samp', `127.0.0.1:${server.port}`, { timeout: 400, retries: 0 }).catch((err) => err);
    assert.equal(e.code, 'GQ_TIMEOUT', 'the request is dropped');
  } finally {
    binding.__injectPanic(undefined);
  }
  const s = await gq.query('samp', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.equal(s.players.online, 2);
});
