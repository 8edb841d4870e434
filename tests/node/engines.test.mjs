// The two engines of `gamequery` — the native addon and the WASM core over Node's
// sockets — give deep-equal results and errors for the same servers, and each one's
// responders answer the other's queries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fakeServer, fakeTcpServer, javaState, legacyState, openMpState, sqpState } from './helpers.mjs';

const require = createRequire(import.meta.url);
const native = require('../../npm/gamequery/native.js');
const wasm = require('../../npm/gamequery/wasm.js');

/** A status without what differs between two runs: the measured times. */
function timeless(status) {
  const copy = structuredClone(status);
  delete copy.pingMs;
  for (const key of ['latencyMs', 'latencySource']) delete copy.raw[key];
  return copy;
}

const states = {
  samp: [openMpState(5), legacyState(7)],
  'minecraft-java': [javaState()],
  sqp: [sqpState()],
};

for (const [server, client] of [[native, wasm], [wasm, native]]) {
  const name = server === native ? 'native responders, both engines querying' : 'WASM-engine responders, both engines querying';
  test(name, async () => {
    for (const [protocol, list] of Object.entries(states)) {
      for (const state of list) {
        const s = await server.serve(protocol, state, { host: '127.0.0.1', port: 0 });
        try {
          const target = `127.0.0.1:${s.port}`;
          const a = await native.query(protocol, target, { srv: protocol === 'minecraft-java' ? false : undefined });
          const b = await wasm.query(protocol, target, { srv: protocol === 'minecraft-java' ? false : undefined });
          assert.deepEqual(timeless(b), timeless(a), `${protocol}: the same Status from both engines`);
          assert.equal(typeof b.pingMs, 'number');
          if (protocol === 'minecraft-java') {
            const legacy = await client.query('minecraft-legacy', target);
            assert.equal(legacy.players.online, state.players.online);
          }
        } finally {
          await s.close();
        }
      }
    }
  });
}

test('the same errors from both engines', async () => {
  const silent = await fakeServer(() => {});
  const http = await fakeTcpServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
  const closed = await fakeTcpServer(() => {});
  const closedPort = closed.port;
  await closed.close();
  try {
    const cases = [
      ['samp', `127.0.0.1:${silent.port}`, { timeout: 300 }],
      ['sqp', `127.0.0.1:${silent.port}`, { timeout: 300, retries: 0 }],
      ['minecraft-java', `127.0.0.1:${http.port}`, {}],
      ['minecraft-java', `127.0.0.1:${closedPort}`, {}],
      ['minecraft-legacy', `127.0.0.1:${closedPort}`, {}],
      ['samp', '127.0.0.1:7777:1', {}],
      ['sqp', '127.0.0.1', {}],
      ['samp', '127.0.0.1:1', { players: 'all' }],
      ['minecraft-java', '127.0.0.1:1', { maxFrame: 1 }],
      ['samp', '127.0.0.1:1', { family: 6 }],
    ];
    for (const [protocol, target, options] of cases) {
      const run = async (engine) => {
        const e = await engine.query(protocol, target, options).then(() => null, (err) => err);
        assert.ok(e, `${protocol} ${target} fails`);
        return { name: e.name, code: e.code, message: e.message, protocol: e.protocol, target: e.target, address: e.address, attempts: e.attempts };
      };
      assert.deepEqual(await run(wasm), await run(native), `${protocol} ${target} ${JSON.stringify(options)}`);
    }
    const e = await wasm.rcon('samp', `127.0.0.1:${silent.port}`, { password: 'x', timeout: 300 }, 'players').catch((err) => err);
    assert.equal(e.code, 'GQ_TIMEOUT');
  } finally {
    await Promise.all([silent.close(), http.close()]);
  }
});

test('RCON through the WASM engine, to a responder of each engine', async () => {
  for (const engine of [native, wasm]) {
    const s = await engine.serve('samp', legacyState(1), {
      host: '127.0.0.1', port: 0, rcon: { password: 'pw', handler: (cmd) => [`ran ${cmd}`, 'Готово'] },
    });
    try {
      const lines = await wasm.rcon('samp', `127.0.0.1:${s.port}`, { password: 'pw' }, 'gmx');
      assert.deepEqual(lines, ['ran gmx', 'Готово']);
      assert.deepEqual(await native.rcon('samp', `127.0.0.1:${s.port}`, { password: 'pw' }, 'gmx'), lines);
    } finally {
      await s.close();
    }
  }
});

test('queryMany through the WASM engine: every result, each with its target', async () => {
  const s = await wasm.serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  try {
    const targets = [`127.0.0.1:${s.port}`, '127.0.0.1:1', `127.0.0.1:${s.port}`];
    const seen = [];
    for await (const r of wasm.queryMany(targets, { protocol: 'samp', concurrency: 2, timeout: 1000 })) seen.push(r);
    assert.equal(seen.length, 3);
    assert.deepEqual(seen.filter((r) => r.status).map((r) => r.status.name), ['open.mp test — ünïcödé ✓', 'open.mp test — ünïcödé ✓']);
    const failed = seen.find((r) => r.error);
    assert.deepEqual([failed.target, failed.error.code, failed.error.target], ['127.0.0.1:1', 'GQ_PORT_CLOSED', '127.0.0.1:1']);
  } finally {
    await s.close();
  }
});

test('queryMany through the WASM engine: many queries at once and no warning from Node', async () => {
  const rateLimit = { burst: 1e6, perSecond: 1e6 };
  const s = await wasm.serve('samp', openMpState(2), { host: '127.0.0.1', port: 0, rateLimit });
  const warnings = [];
  const warn = (w) => warnings.push(w.name);
  process.on('warning', warn);
  try {
    const targets = Array.from({ length: 40 }, () => `127.0.0.1:${s.port}`);
    let ok = 0;
    for await (const r of wasm.queryMany(targets, { protocol: 'samp', timeout: 2000 })) ok += r.status ? 1 : 0;
    await new Promise((r) => setImmediate(r));
    assert.equal(ok, 40);
    // One signal shared by every query drew MaxListenersExceededWarning.
    assert.deepEqual(warnings, []);
  } finally {
    process.off('warning', warn);
    await s.close();
  }
});

test('require("gamequery") falls back to the WASM engine, and says why', () => {
  const script = "const g = require('gamequery'); console.log(JSON.stringify([g.engine, typeof g.query, g.engineError ?? null]))";
  const run = (env) => JSON.parse(spawnSync(process.execPath, ['-e', script], { env: { ...process.env, ...env }, encoding: 'utf8' }).stdout);
  assert.deepEqual(run({ GAMEQUERY_ENGINE: 'wasm' }), ['wasm', 'function', null]);
  assert.deepEqual(run({ GAMEQUERY_ENGINE: '' }), ['native', 'function', null]);
  // No addon for this platform: a platform without a package, as on an exotic machine.
  const [engine, , why] = run({ GAMEQUERY_ENGINE: '', GAMEQUERY_PLATFORM: 'linux-riscv64-gnu' });
  assert.equal(engine, 'wasm');
  assert.match(why, /linux-riscv64-gnu/);
  assert.match(why, /gamequery-linux-riscv64-gnu/);
});
