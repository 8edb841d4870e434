// The `gamedig` command gamequery ships (npm/gamequery/gamedig-cli.js), run as shell scripts
// run gamedig's: LinuxGSM's lgsm/modules/query_gamedig.sh (GameServerManagers/LinuxGSM at
// 30afa809b81e6357f7cbfa7177e8d33637f9d0d4) runs `gamedig --type <type> <ip>:<port>` from
// PATH and reads the JSON with jq: `.error|length` (0 means up), `.name`, `.players |
// length`, `.maxplayers`, `.map`, `.raw.rules.GameMode_s`, `.bots | length`,
// `.raw.version`. Each filter reads the same from ours as from gamedig 5's own command, for
// an A2S server, an offline one, and the flags other scripts pass.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { serve, sampleState } from 'gamequery';
import { freeUdpPort } from './helpers.mjs';

const require = createRequire(import.meta.url);
const ours = join(dirname(require.resolve('gamequery/package.json')), require('gamequery/package.json').bin.gamedig);
const theirs = join(dirname(fileURLToPath(import.meta.resolve('gamedig'))), '..', 'bin', 'gamedig.js');
const JQ = '/usr/bin/jq';

// `gamedig` on PATH, as a global install puts it there.
const bin = mkdtempSync(join(tmpdir(), 'gamedig-bin-'));
symlinkSync(ours, join(bin, 'gamedig'));
after(() => rmSync(bin, { recursive: true, force: true }));

/**
 * Runs `gamedig …args` (ours from PATH, or gamedig 5's): its stdout and exit code. Not
 * spawnSync: on the WASM engine this process's responders answer from its event loop.
 */
function run(args, which = 'ours') {
  const [cmd, argv] = which === 'ours' ? ['gamedig', args] : [process.execPath, [theirs, ...args]];
  const child = spawn(cmd, argv, { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` }, timeout: 30_000 });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { err += d; });
  return new Promise((resolve) => child.on('close', (code) => resolve({ out, code, err })));
}

/** What the module reads, filter by filter (`jq -re` prints `null` for what is missing). */
function linuxgsm(out) {
  const jq = (filter, flags = ['-re']) => spawnSync(JQ, [...flags, filter], { input: out, encoding: 'utf8' }).stdout.trim();
  return {
    querystatus: jq('.error|length', []),
    gdname: jq('.name'),
    gdplayers: jq('.players | length'),
    gdmaxplayers: jq('.maxplayers'),
    gdmap: jq('.map'),
    gdgamemode: jq('.raw.rules.GameMode_s'),
    gdbots: jq('.bots | length'),
    gdversion: jq('.raw.version'),
  };
}

test('the package ships a `gamedig` command (package.json bin), executable', () => {
  const r = spawnSync('gamedig', ['--help'], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` }, encoding: 'utf8' });
  assert.equal(r.error, undefined);
  assert.match(r.stdout, /"error"/, 'no type: gamedig\'s error JSON');
});

test("LinuxGSM's query module: an A2S server reads the same through ours as through gamedig 5", async () => {
  const server = await serve('a2s', { ...sampleState('a2s'), rules: { GameMode_s: 'Survival' } }, { host: '127.0.0.1', port: 0 });
  after(() => server.close());
  const args = ['--type', 'protocol-valve', `127.0.0.1:${server.port}`];
  const [a, b] = await Promise.all([run(args), run(args, 'theirs')]);
  assert.equal(a.code, 0);
  const got = linuxgsm(a.out);
  assert.deepEqual(got, linuxgsm(b.out));
  assert.equal(got.querystatus, '0');
  assert.equal(got.gdname, JSON.parse(a.out).name);
  assert.ok(got.gdname.length > 0 && Number(got.gdplayers) > 0 && Number(got.gdmaxplayers) > 0, JSON.stringify(got));
  assert.equal(JSON.parse(a.out).raw.rules, undefined, 'rules only with --requestRules, as gamedig');
  // With --requestRules (what other scripts pass), the game mode rule is read.
  const rules = await run([...args, '--requestRules']);
  assert.equal(linuxgsm(rules.out).gdgamemode, 'Survival');
  assert.deepEqual(linuxgsm(rules.out), linuxgsm((await run([...args, '--requestRules'], 'theirs')).out));
});

test("LinuxGSM's query module: an offline server is `.error` (a non-zero length) and exit code 0, as gamedig's", async () => {
  const port = await freeUdpPort();
  const args = ['--type', 'protocol-valve', `127.0.0.1:${port}`, '--socketTimeout', '300', '--maxRetries', '1'];
  const [a, b] = await Promise.all([run(args), run(args, 'theirs')]);
  assert.equal(a.code, 0);
  assert.equal(b.code, 0);
  const error = JSON.parse(a.out).error;
  assert.match(error, /^Failed all 1 attempts: /);
  // gamedig tries a port given without --givenPortOnly twice and counts both.
  assert.match(JSON.parse(b.out).error, /^Failed all \d attempts$/);
  assert.notEqual(linuxgsm(a.out).querystatus, '0');
  assert.equal(linuxgsm(a.out).gdname, 'null');
});

test('gamedig\'s flags: --host/--port, --pretty, --givenPortOnly, an unknown type', async () => {
  const server = await serve('a2s', sampleState('a2s'), { host: '127.0.0.1', port: 0 });
  after(() => server.close());
  const pretty = await run(['--type', 'csgo', '--host', '127.0.0.1', '--port', String(server.port), '--givenPortOnly', '--pretty']);
  assert.match(pretty.out, /^\{\n {2}"name": /);
  assert.equal(JSON.parse(pretty.out).queryPort, server.port);
  const unknown = await run(['--type', 'nosuchgame', '127.0.0.1:1']);
  assert.deepEqual(JSON.parse(unknown.out), JSON.parse((await run(['--type', 'nosuchgame', '127.0.0.1:1'], 'theirs')).out));
});
