// The CLI as a user runs it: human output, --json, serve, rcon, errors.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, query } from 'gamequery';
import { legacyState, openMpState } from './helpers.mjs';

const cli = fileURLToPath(new URL('../../npm/gamequery/cli.js', import.meta.url));
const run = (...args) => promisify(execFile)('node', [cli, ...args], { timeout: 20_000 });
const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));

test('human output: aligned fields and a players table', async () => {
  const server = await serve('samp', legacyState(3), { host: '127.0.0.1', port: 0, legacy: true });
  servers.push(server);
  const { stdout } = await run('samp', `127.0.0.1:${server.port}`, '--timeout', '300');
  assert.match(stdout, /^name {6}Русский сервер ролевой игры$/m);
  assert.match(stdout, /^encoding {2}windows-1251$/m);
  assert.match(stdout, /^id {2}name +score {2}ping$/m);
  assert.match(stdout, /^ 1 {2}Player_1 +7 +11$/m);
});

test('--json prints the Status; IPv6 targets in brackets', async () => {
  const server = await serve('samp', openMpState(2), { host: '::1', port: 0 });
  servers.push(server);
  const { stdout } = await run('samp', `[::1]:${server.port}`, '--json');
  const status = JSON.parse(stdout);
  assert.equal(status.address, '::1');
  assert.equal(status.raw.isOpenMp, true);
  assert.equal(status.players.list.length, 2);
});

test('serve --state file.json answers queries; rcon reaches it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gq-'));
  const file = join(dir, 'state.json');
  writeFileSync(file, JSON.stringify({ raw: legacyState(2) }));
  const child = spawn('node', [cli, 'serve', 'samp', '--host', '127.0.0.1', '--port', '0', '--state', file, '--legacy', '--rcon-password', 'pw']);
  try {
    const line = await new Promise((resolve, reject) => {
      child.stdout.once('data', (d) => resolve(String(d)));
      child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    const port = Number(/:(\d+) /.exec(line)[1]);
    const status = await query('samp', `127.0.0.1:${port}`, { timeout: 300 });
    assert.equal(status.name, 'Русский сервер ролевой игры');
    assert.equal(status.raw.playersSource, 'd');
    const { stdout } = await run('rcon', 'samp', `127.0.0.1:${port}`, '--password', 'pw', 'status');
    assert.match(stdout, /got "status"/);
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('serve --rate-limit: off answers a burst a scan sends from one address; the default stops at 20 (#48, 12)', async () => {
  const { queryMany } = await import('gamequery');
  const logs = [];
  const answered = async (...flags) => {
    const child = spawn('node', [cli, 'serve', 'a2s', '--host', '127.0.0.1', '--port', '0', ...flags]);
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    try {
      const line = await new Promise((resolve, reject) => {
        child.stdout.once('data', (d) => resolve(String(d)));
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const port = Number(/:(\d+) /.exec(line)[1]);
      let n = 0;
      const targets = Array.from({ length: 60 }, () => `127.0.0.1:${port}`);
      for await (const r of queryMany(targets, { protocol: 'a2s', players: false, concurrency: 60, timeout: 500 })) if (r.status) n++;
      // The log line comes within a second of the drops.
      if (n < 60) await new Promise((r) => setTimeout(r, 1200));
      logs.push(stderr);
      return n;
    } finally {
      child.kill('SIGTERM');
    }
  };
  assert.equal(await answered('--rate-limit', 'off'), 60);
  assert.equal(logs.at(-1), '', 'nothing dropped, nothing logged');
  assert.ok(await answered() < 60, 'the default limits one source');
  assert.match(logs.at(-1), /^gamequery serve: the rate limit dropped \d+ requests, the latest from 127\.0\.0\.1 \(--rate-limit off answers every request\)$/m);
  assert.equal(await answered('--rate-limit', '100/100'), 60);
});

test('serve: the sample advertises the port it is served on, and a game id serves that game (#48, 14)', async () => {
  const { query: ask } = await import('gamequery');
  const served = async (...args) => {
    const child = spawn('node', [cli, 'serve', ...args, '--host', '127.0.0.1', '--port', '0']);
    try {
      const line = await new Promise((resolve, reject) => {
        child.stdout.once('data', (d) => resolve(String(d)));
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const port = Number(/:(\d+) /.exec(line)[1]);
      return { line, port, status: await ask(args[0] === 'a2s' || args[0] === 'rust' ? 'a2s' : args[0], `127.0.0.1:${port}`, { timeout: 1000 }) };
    } finally {
      child.kill('SIGTERM');
    }
  };
  // A protocol: the sample's own game (Counter-Strike 2), its game port the port served.
  const a2s = await served('a2s');
  assert.equal(a2s.status.raw.info.gamePort, a2s.port);
  assert.equal(a2s.status.raw.info.game, 'Counter-Strike 2');
  // A game: its name, no other game's app id, the game port by its rule (Rust: query = game + 1).
  const rust = await served('rust');
  assert.match(rust.line, /^serving Rust \(a2s\) on 127\.0\.0\.1:\d+/);
  assert.equal(rust.status.raw.info.game, 'Rust');
  assert.equal(rust.status.raw.info.appId, 0);
  assert.equal(rust.status.raw.info.gamePort, rust.port - 1);
  // Unreal 2's reply carries both ports.
  const ut = await served('unreal2');
  assert.deepEqual([ut.status.raw.info.port, ut.status.raw.info.queryPort], [ut.port - 1, ut.port]);
});

test('errors exit non-zero with the code', async () => {
  await assert.rejects(run('samp', '127.0.0.1:1', '--timeout', '100', '--retries', '0'), (e) => e.code === 1 && /GQ_PORT_CLOSED/.test(e.stderr));
  await assert.rejects(run('nope', 'x'), (e) => e.code === 2 && /unknown protocol/.test(e.stderr));
});

test('minecraft-java: ANSI MOTD, players, version, latency; --json; serve', async () => {
  const { javaState } = await import('./helpers.mjs');
  const server = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  servers.push(server);
  const { stdout } = await run('minecraft-java', `127.0.0.1:${server.port}`, '--color');
  assert.match(stdout, /^motd {9}\x1b\[33mgamequery \x1b\[0m\x1b\[38;2;51;102;255;1mtest\x1b\[0m/m);
  assert.match(stdout, /^ {13}second line/m);
  assert.match(stdout, /^version {6}1\.21\.4 \(protocol 769\)$/m);
  assert.match(stdout, /^players {6}5\/100$/m);
  assert.match(stdout, /^ping {9}\d+(\.\d+)? ms$/m);
  assert.match(stdout, /^Steve +8667ba71-b85a-4004-af54-457a9734eed7$/m);
  const json = JSON.parse((await run('minecraft-java', `127.0.0.1:${server.port}`, '--json')).stdout);
  assert.equal(json.raw.motd.plain, 'gamequery test\nsecond line');
  const legacy = (await run('minecraft-legacy', `127.0.0.1:${server.port}`, '--variant', 'beta')).stdout;
  assert.match(legacy, /^protocol +minecraft-legacy \(beta reply\)$/m);
});

test('sqp: fields, rules with types, player and team tables; --chunks', async () => {
  const { sqpState } = await import('./helpers.mjs');
  const server = await serve('sqp', sqpState(), { host: '127.0.0.1', port: 0 });
  servers.push(server);
  const { stdout } = await run('sqp', `127.0.0.1:${server.port}`);
  assert.match(stdout, /^name +Arena #1$/m);
  assert.match(stdout, /^ +worldId +18446744073709551615 \(u64\)$/m);
  assert.match(stdout, /^alice +10 +30$/m);
  assert.match(stdout, /^teams \(2\)$/m);
  const json = JSON.parse((await run('sqp', `127.0.0.1:${server.port}`, '--chunks', 'info,metrics', '--json')).stdout);
  assert.deepEqual(Object.keys(json.raw).sort(), ['info', 'latencyMs', 'metrics', 'version']);
});

test('players tables: numbers right-aligned whether a protocol sends them as numbers or as text (#48, 18)', async () => {
  const { sampleState } = await import('gamequery');
  // The numeric columns: GameSpy 1's frags, ping and team come as text, A2S's score as a number (its time is text: 0m12s).
  for (const [protocol, numeric] of [['gamespy1', [1, 2, 3]], ['a2s', [1]]]) {
    const server = await serve(protocol, sampleState(protocol), { host: '127.0.0.1', port: 0 });
    servers.push(server);
    const { stdout } = await run(protocol, `127.0.0.1:${server.port}`);
    const lines = stdout.split('\n');
    const dashes = lines.findIndex((l) => /^-+ /.test(l));
    const columns = [...lines[dashes].matchAll(/-+/g)].map((m) => m.index + m[0].length);
    for (const row of lines.slice(dashes + 1, dashes + 4)) {
      // Each number ends where its column's dashes end (the name, text, is left-aligned).
      const ends = [...row.matchAll(/\S+/g)].map((m) => m.index + m[0].length);
      assert.deepEqual(numeric.map((i) => ends[i]), numeric.map((i) => columns[i]), `${protocol}: ${row}`);
    }
  }
});

test('a2s: fields, rules with --rules, a players table with score and time; --no-players', async () => {
  const state = { info: { name: 'CLI A2S', map: 'de_dust2', folder: 'csgo', game: 'Counter-Strike 2', appId: 730, players: 3, maxPlayers: 16, bots: 1, vac: true },
    players: [{ name: 'alice', score: 12, duration: 75 }, { name: 'bob', score: -1, duration: 5 }], rules: { mp_timelimit: '30' } };
  const server = await serve('a2s', state, { host: '127.0.0.1', port: 0 });
  servers.push(server);
  const { stdout } = await run('a2s', `127.0.0.1:${server.port}`, '--rules');
  assert.match(stdout, /^name +CLI A2S$/m);
  assert.match(stdout, /^players +3\/16 \(1 of them bots\)$/m);
  assert.match(stdout, /^ +mp_timelimit +30$/m);
  assert.match(stdout, /^alice +12 +1m15s$/m);
  const json = JSON.parse((await run('a2s', `127.0.0.1:${server.port}`, '--no-players', '--json')).stdout);
  assert.deepEqual([json.protocol, json.raw.players, json.raw.info.appId], ['a2s', [], 730]);
});

test('server text cannot drive the terminal', async () => {
  const { legacyState } = await import('./helpers.mjs');
  const state = legacyState(1);
  state.info.hostname = 'evil\x1b]0;pwned\x07\x1b[2Jname';
  state.encoding = 'utf-8';
  state.players[0].name = 'p\x1b[31m';
  const server = await serve('samp', state, { host: '127.0.0.1', port: 0, legacy: true });
  servers.push(server);
  const { stdout } = await run('samp', `127.0.0.1:${server.port}`, '--timeout', '300');
  assert.doesNotMatch(stdout, /[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
  assert.match(stdout, /^name +evil \]0;pwned  \[2Jname$/m);
});

/** Runs the CLI with `env` added; resolves with its exit code and output. */
function runWith(env, ...args) {
  return new Promise((resolve) => {
    execFile('node', [cli, ...args], { timeout: 20_000, env: { ...process.env, ...env } }, (e, stdout, stderr) => resolve({ code: e ? e.code : 0, stdout, stderr }));
  });
}

test('a CLI that behaves: help, version, unknown options, exit codes', async () => {
  for (const flag of ['-h', '--help']) {
    const r = await runWith({}, flag);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Usage:/);
  }
  const v = await runWith({}, '--version');
  assert.equal(v.code, 0);
  assert.match(v.stdout.trim(), /^\d+\.\d+\.\d+/);
  const bad = await runWith({}, 'samp', '127.0.0.1:7777', '--player', 'c');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown option --player for 'samp' — did you mean --players\?; its options: .*--players/);
  const missing = await runWith({}, 'samp', '127.0.0.1:7777', '--timeout');
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--timeout needs a value/);
});

test('bad usage exits 2 with a message that says what is wrong, whoever finds it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gq-'));
  const empty = join(dir, 'empty.json');
  writeFileSync(empty, '{}');
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, '{ "info": ');
  const cases = [
    // Found by the library (GQ_INVALID_ARGUMENT), before anything is sent.
    [['samp', '127.0.0.1:7777', '--players', 'x'], /GQ_INVALID_ARGUMENT: .*players/],
    [['samp', '127.0.0.1:7777', '--encoding', 'bogus'], /GQ_BAD_ENCODING: .*bogus/],
    [['samp', '127.0.0.1:7777', '--retries', '20'], /GQ_INVALID_ARGUMENT: .*retries/],
    [['sqp', '127.0.0.1'], /GQ_INVALID_ARGUMENT: .*port/],
    [['serve', 'samp', '--port', '0', '--state', empty], /GQ_INVALID_ARGUMENT: .*info/],
    // Found by the CLI.
    [[], /needs a command/],
    [['samp', '127.0.0.1:7777', 'extra', 'words'], /unexpected arguments: extra words/],
    [['serve'], /^gamequery: needs a protocol or a game; serve takes: samp, minecraft-java, .*, or a game id/],
    [['serve', 'minecraf'], /unknown protocol or game "minecraf"; the protocols: samp, [^;]*, a2s, quake3, [^;]*; did you mean minecraft, mbe\?/],
    [['serve', 'teamspeak2'], /Teamspeak 2 \(teamspeak2\) answers in teamspeak2, which gamequery has no responder for yet/],
    [['serve', 'a2s', '--rate-limt', 'off'], /unknown option --rate-limt for 'serve' — did you mean --rate-limit\?/],
    [['serve', 'a2s', '--rate-limit', '5'], /--rate-limit takes BURST\/PER_SECOND \(default 20\/10, SA:MP's 60\/30\) or off, got "5"/],
    [['serve', 'samp', '--state', join(dir, 'missing.json')], /--state .*missing\.json: cannot read it \(no such file\)$/m],
    [['serve', 'samp', '--state', broken], /--state .*broken\.json: not JSON/],
    [['source-rcon', '127.0.0.1:27015'], /source-rcon is a packet codec, not a query: run a command with 'gamequery rcon/],
    [['rcon', 'sqp', '127.0.0.1:1', '--password', 'p', 'x'], /unknown protocol "sqp"; rcon takes: samp, minecraft-java, a2s/],
  ];
  try {
    for (const [args, message] of cases) {
      const r = await runWith({}, ...args);
      assert.equal(r.code, 2, `gamequery ${args.join(' ')}: exit ${r.code}, ${r.stderr}`);
      assert.match(r.stderr, message, `gamequery ${args.join(' ')}`);
      assert.doesNotMatch(r.stderr, /ENOENT|undefined/);
      assert.equal(r.stdout, '');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The protocols the help lists are the ones a query takes.
  const help = await runWith({}, '--help');
  const listed = /^Protocols: (.*)\. Games: /m.exec(help.stdout)[1].split(', ');
  assert.deepEqual(listed, ['samp', 'minecraft-java', 'minecraft-legacy', 'minecraft-bedrock', 'minecraft-query', 'sqp', 'a2s', 'minecraft', 'quake3', 'quake2', 'quakeworld', 'mumble', 'fivem', 'doom3', 'all-seeing-eye', 'gamespy1', 'gamespy2', 'gamespy3', 'unreal2', 'palworld', 'terraria', 'satisfactory', 'teamspeak3', 'eldewrito', 'hytale', 'eco', 'buildandshoot', 'kspdmp', 'assettocorsa', 'farmingsimulator', 'factorio', 'beammp', 'minetest', 'vintagestory', 'renegadex', 'altvmp', 'ragemp', 'geneshift', 'discord', 'scpsl', 'epic', 'brokeprotocol', 'hawakening']);
});

test("--players d on an open.mp server prints the list from 'c' and the warning that says so", async () => {
  const server = await serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  servers.push(server);
  const r = await runWith({}, 'samp', `127.0.0.1:${server.port}`, '--players', 'd');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^warning: open\.mp servers answer no 'd': the list came from 'c' \(no ids or pings\)$/m);
  assert.match(r.stdout, /Player_1/);
});

test('SA:MP RCON that prints nothing (or is off) says so on stderr, with exit 0', async () => {
  const server = await serve('samp', openMpState(1), { host: '127.0.0.1', port: 0 });
  servers.push(server);
  const r = await runWith({}, 'rcon', 'samp', `127.0.0.1:${server.port}`, '--password', 'pw', '--idle', '100', 'status');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'no output (or RCON is disabled on the server)\n');
  const json = await runWith({}, 'rcon', 'samp', `127.0.0.1:${server.port}`, '--password', 'pw', '--idle', '100', '--json', 'status');
  assert.deepEqual(JSON.parse(json.stdout), []);
});

test('--json: the Status, or a JSON error object with its code and exit 1', async () => {
  const r = await runWith({}, 'samp', '127.0.0.1:1', '--json', '--timeout', '500');
  assert.equal(r.code, 1);
  const { error } = JSON.parse(r.stdout);
  assert.deepEqual([error.code, error.protocol, error.target, error.port], ['GQ_PORT_CLOSED', 'samp', '127.0.0.1:1', 1]);
  assert.match(error.message, /^SA:MP query of 127\.0\.0\.1:1/);
});

test('colour only on a terminal, NO_COLOR and FORCE_COLOR honoured; --debug dumps packets', async () => {
  const { javaState } = await import('./helpers.mjs');
  const server = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  servers.push(server);
  const target = `127.0.0.1:${server.port}`;
  const piped = await runWith({ FORCE_COLOR: undefined, NO_COLOR: undefined }, 'minecraft-java', target);
  assert.doesNotMatch(piped.stdout, /\x1b\[/, 'no escapes into a pipe');
  assert.match(piped.stdout, /^motd {9}gamequery test$/m);
  assert.match((await runWith({ FORCE_COLOR: '1' }, 'minecraft-java', target)).stdout, /\x1b\[33m/);
  assert.doesNotMatch((await runWith({ FORCE_COLOR: '1', NO_COLOR: '1' }, 'minecraft-java', target, '--no-color')).stdout, /\x1b\[/);
  const debug = await runWith({}, 'minecraft-java', target, '--debug');
  assert.match(debug.stderr, /^→ 127\.0\.0\.1:\d+ {2}\d+ bytes/m);
  assert.match(debug.stderr, /^← 127\.0\.0\.1:\d+ {2}\d+ bytes/m);
  assert.match(debug.stderr, /^ {2}0000 {2}[0-9a-f]{2} /m);
});

test('piped into head: the CLI ends quietly when the reader stops', async () => {
  const child = spawn('node', [cli, 'demo'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  await new Promise((resolve) => child.stdout.once('data', resolve));
  child.stdout.destroy();
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 0);
  assert.doesNotMatch(stderr, /EPIPE|Error/);
});

test('HTTPS from the command line: --tls, --tls-ca FILE, --tls-insecure, --tls-server-name', async () => {
  const { tlsProxy } = await import('../tls-proxy.mjs');
  const server = await serve('eldewrito', (await import('gamequery')).sampleState('eldewrito'), { host: '127.0.0.1', port: 0 });
  servers.push(server);
  const proxy = await tlsProxy({ to: server.port, host: '127.0.0.1' });
  servers.push({ close: proxy.close });
  const target = `127.0.0.1:${proxy.port}`;
  const ca = fileURLToPath(new URL('../fixtures/tls/ca.pem', import.meta.url));
  for (const flags of [['--tls-ca', ca], ['--tls-insecure'], ['--tls-ca', ca, '--tls-server-name', 'game.example.org']]) {
    const { stdout } = await run('eldewrito', target, ...flags, '--json');
    assert.equal(JSON.parse(stdout).name, 'gamequery demo — Halo Online ✓', flags.join(' '));
  }
  // --tls alone checks against the public roots: the test CA is not one of them.
  const e = await run('eldewrito', target, '--tls', '--json').catch((e) => e);
  assert.equal(e.code, 1);
  assert.equal(JSON.parse(e.stdout).error.code, 'GQ_TLS');
  // Without a TLS flag, plain HTTP to a TLS port: not HTTP.
  const plain = await run('eldewrito', target, '--timeout', '1000', '--json').catch((e) => e);
  assert.equal(plain.code, 1);
  const missing = await run('eldewrito', target, '--tls-ca', '/nonexistent/ca.pem').catch((e) => e);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--tls-ca: cannot read \/nonexistent\/ca\.pem \(ENOENT\)/);
  // A protocol without HTTPS refuses the flag.
  const samp = await run('samp', target, '--tls').catch((e) => e);
  assert.equal(samp.code, 2);
  assert.match(samp.stderr, /--tls/);
});
