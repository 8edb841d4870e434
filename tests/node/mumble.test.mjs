// Mumble's ping through both packages (tests/fixtures/mumble.json: peers' requests, a real
// murmurd's reply), our client against our responder in both forms, and software nobody
// here wrote: Debian's murmurd 1.3.4 (installed by scripts/ensure-system.mjs) read by our
// query and by gamedig 5, and qstat 2.17 reading our responder.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fixtures, hex, toHex, freeUdpTcpPort, stopServer } from './helpers.mjs';
import { MURMURD, QSTAT } from '../../scripts/ensure-system.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = { version: '1.5.634', users: 12, maxUsers: 50, bandwidth: 72000 };

test('golden vectors through both packages, written back byte for byte', () => {
  for (const v of fixtures('mumble')) {
    const kind = v.direction === 'request' ? 'Request' : 'Response';
    const [a, b] = [addon, wasm].map((pkg) => pkg[`decode${kind}`]('mumble', hex(v.hex)));
    assert.deepStrictEqual(b, a, v.name);
    for (const [k, want] of Object.entries(v.expect)) assert.equal(a[k], want, `${v.name}: ${k}`);
    for (const pkg of [addon, wasm]) assert.equal(toHex(pkg[`encode${kind}`]('mumble', a)), v.hex, v.name);
  }
});

test('our query reads our responder, legacy and protobuf, on 127.0.0.1 and ::1', async () => {
  for (const host of ['127.0.0.1', '::1']) {
    const server = await addon.serve('mumble', state, { host, port: 0 });
    closers.push(() => server.close());
    const target = host.includes(':') ? `[${host}]:${server.port}` : `${host}:${server.port}`;
    for (const protobuf of [false, true]) {
      const s = await addon.query('mumble', target, { protobuf, timeout: 2000 });
      assert.deepEqual([s.players.online, s.players.max, s.raw.bandwidth, s.raw.form], [12, 50, 72000, protobuf ? 'protobuf' : 'legacy']);
      // The legacy reply has a byte for the patch: Mumble 1.5 clamps it.
      assert.equal(s.version, protobuf ? '1.5.634' : '1.5.255');
      assert.ok(s.pingMs >= 0 && s.pingMs < 100);
    }
  }
});

test('qstat 2.17 reads our responder', async () => {
  const server = await addon.serve('mumble', state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const { stdout } = await promisify(execFile)(QSTAT, ['-mumble', `127.0.0.1:${server.port}`, '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
  const line = stdout.trim().split('\n')[0].split('\t');
  assert.equal(line[0], 'MUMBLE', stdout);
  assert.deepEqual([Number(line[4]), Number(line[5])], [50, 12], stdout);
});

test('a real murmurd 1.3.4: our query and gamedig 5 read its ping alike', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gq-murmur-'));
  // murmurd drops root for the mumble-server user, which must be able to write here.
  chmodSync(dir, 0o777);
  // murmurd listens on TCP and UDP at one port; when the TCP one is taken it stops its server
  // and stays up, answering nothing ("TCP Listen … failed" in its log). Start it again on
  // another port then, and show its log when it never answers.
  let port;
  let s;
  let murmur;
  closers.push(() => stopServer(murmur, dir));
  for (let start = 0; start < 3 && !s; start++) {
    port = await freeUdpTcpPort();
    writeFileSync(join(dir, 'murmur.ini'), `database=${dir}/murmur.sqlite\nhost=127.0.0.1\nport=${port}\nusers=42\nbandwidth=72000\nwelcometext=\nlogfile=${dir}/murmur.log\npidfile=\n`);
    murmur = spawn(MURMURD, ['-fg', '-ini', join(dir, 'murmur.ini')], { stdio: 'ignore' });
    const exited = new Promise((r) => murmur.once('exit', () => r(true)));
    const deadline = Date.now() + 20_000;
    while (!(s = await addon.query('mumble', `127.0.0.1:${port}`, { timeout: 300, retries: 0 }).catch(() => null))) {
      if (murmur.exitCode !== null || Date.now() > deadline) break;
      await Promise.race([exited, new Promise((r) => setTimeout(r, 200))]);
    }
    if (!s) await stopServer(murmur);
  }
  if (!s) {
    const log = existsSync(join(dir, 'murmur.log')) ? readFileSync(join(dir, 'murmur.log'), 'utf8') : '(no log)';
    throw new Error(`murmurd did not answer; its log:\n${log.slice(-2000)}`);
  }
  assert.deepEqual([s.version, s.players.online, s.players.max, s.raw.bandwidth, s.raw.form], ['1.3.4', 0, 42, 72000, 'legacy']);
  // 1.3 does not know the protobuf ping: it stays silent.
  const silent = await addon.query('mumble', `127.0.0.1:${port}`, { protobuf: true, timeout: 400 }).catch((e) => e);
  assert.equal(silent.code, 'GQ_TIMEOUT');
  const options = { type: 'mumble', host: '127.0.0.1', port, socketTimeout: 1000, attemptTimeout: 3000 };
  const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
  for (const key of ['version', 'numplayers', 'maxplayers', 'queryPort']) assert.equal(ours[key], theirs[key], key);
  assert.deepEqual(ours.raw, theirs.raw);
});
