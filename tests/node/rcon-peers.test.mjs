// rcon('minecraft-java') against independent RCON servers from PyPI, each run by
// tests/peers/rcon_peer.py as a Python subprocess on 127.0.0.1: rcon-fake 0.1 (Minecraft-
// like: only the login's answer, one reply packet per command however long, "" for our
// sentinel) and rcon-server 0.1.3 (Source-like: an empty value before the login's answer,
// replies split every 4086 characters, the sentinel mirrored then `00 00 00 01 00 00 00 00`).
// Installed once into .cache/python/ with pip, as mcstatus.test.mjs does. Both engines run
// this file (GAMEQUERY_ENGINE=wasm).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { rcon, isGameQueryError } from 'gamequery';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 's3cret-Passw0rd'; // ASCII: rcon-server decodes bodies as ASCII
const PEERS = {
  'rcon-fake': { version: '0.1', module: 'rcon_fake' },
  'rcon-server': { version: '0.1.3', module: 'rcon_server' },
};
const site = (kind) => `${root}.cache/python/${kind}-${PEERS[kind].version}`;
const children = [];
const port = {};

/** The first stdout line of a child, or a rejection if it exits or stays silent. */
function firstLine(child, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port announced within ${ms} ms`)), ms);
    createInterface({ input: child.stdout }).once('line', (line) => { clearTimeout(timer); resolve(line); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the peer exited (${code})`)); });
  });
}

before(async () => {
  for (const [kind, { version, module }] of Object.entries(PEERS)) {
    if (!existsSync(`${site(kind)}/${module}`)) {
      execFileSync('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', site(kind), `${kind}==${version}`],
        { stdio: ['ignore', 'ignore', 'inherit'] });
    }
    // rcon-server's logger prints one warning per refused login; the rest is quiet.
    const child = spawn('python3', [`${root}tests/peers/rcon_peer.py`, kind, PASSWORD],
      { env: { ...process.env, PYTHONPATH: site(kind) }, stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(child);
    port[kind] = JSON.parse(await firstLine(child, 15_000)).port;
  }
});

after(() => Promise.all(children.map((child) => new Promise((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', resolve);
  child.kill('SIGKILL');
}))));

const run = (kind, command, options = {}) =>
  rcon('minecraft-java', `127.0.0.1:${port[kind]}`, { password: PASSWORD, timeout: 3000, ...options }, command);
const fails = (kind, command, options) => run(kind, command, options).then(
  (lines) => assert.fail(`resolved with ${lines.length} lines`),
  (e) => { assert.ok(isGameQueryError(e), `${e}`); return e; });

/** Line lengths, and that every line of `bytes N` is all x (never a 70 KB diff on failure). */
const shape = (lines) => { assert.ok(lines.every((l) => /^x*$/.test(l)), 'only x'); return lines.map((l) => l.length); };
// What the peer's handler prints for `lines N` (see rcon_peer.py): every 50th line empty.
const numbered = (n) => Array.from({ length: n }, (_, i) => (i % 50 === 49 ? '' : `line ${i} ` + String.fromCharCode(97 + (i % 26)).repeat(i % 90)));

for (const kind of Object.keys(PEERS)) {
  test(`${kind}: a command's output comes back exactly; nothing printed is []`, async () => {
    assert.deepEqual(await run(kind, 'echo There are 0 of a max of 20 players online'), ['There are 0 of a max of 20 players online']);
    assert.deepEqual(await run(kind, 'frobnicate now'), ['Unknown command: frobnicate now']);
    assert.deepEqual(await run(kind, 'silent'), []);
    // Connections are independent: several at once, each its own login and reply.
    const many = await Promise.all([1, 2, 3, 4, 5].map((n) => run(kind, `echo call ${n}`)));
    assert.deepEqual(many, [['call 1'], ['call 2'], ['call 3'], ['call 4'], ['call 5']]);
  });

  test(`${kind}: a long multi-line output, line by line (interior empty lines kept)`, async () => {
    // 420 lines, 21,420 bytes: rcon-fake sends one 21 KB packet (beyond Valve's 4096),
    // rcon-server five packets of 4086 characters cut mid-line.
    const lines = await run(kind, 'lines 420');
    assert.equal(lines.length, 420);
    assert.deepEqual(lines, numbered(420));
  });

  test(`${kind}: a wrong password is GQ_RCON_AUTH`, async () => {
    const e = await fails(kind, 'list', { password: 'wrong' });
    assert.equal(e.code, 'GQ_RCON_AUTH');
    assert.equal(e.protocol, 'minecraft-java');
    assert.equal(e.port, port[kind]);
    assert.match(e.message, /^Minecraft RCON of 127\.0\.0\.1:\d+: the server refused the RCON password$/);
    // The connection that failed does not spoil the next one.
    assert.deepEqual(await run(kind, 'echo still here'), ['still here']);
  });
}

test('rcon-fake: § codes plain by default, kept with format minecraft, coloured with ansi; UTF-8 both ways', async () => {
  assert.deepEqual(await run('rcon-fake', 'list'), ['There are 2 of a max of 20 players online: Steve, Alex', 'second line']);
  assert.deepEqual(await run('rcon-fake', 'list', { format: 'minecraft' }),
    ['§6There are 2 of a max of 20 players online: §fSteve, §cAlex', '§7second line']);
  const ansi = await run('rcon-fake', 'list', { format: 'ansi' });
  assert.equal(ansi.length, 2);
  assert.match(ansi[0], /\x1b\[[0-9;]+mThere are 2/);
  assert.equal(ansi[0].replace(/\x1b\[[0-9;]*m/g, ''), 'There are 2 of a max of 20 players online: Steve, Alex');
  assert.deepEqual(await run('rcon-fake', 'echo Zoë ✓ Дима §'), ['Zoë ✓ Дима ']);
  assert.deepEqual(await run('rcon-fake', 'echo Zoë ✓ Дима §', { format: 'minecraft' }), ['Zoë ✓ Дима §']);
});

test('rcon-fake: one reply packet however long — 60,000 bytes read, 70,000 refused by our 64 KiB frame cap', async () => {
  // rcon-fake never splits (vanilla splits every 4096 UTF-16 units, ≤ 12 KiB of UTF-8).
  assert.deepEqual(shape(await run('rcon-fake', 'bytes 60000')), [60000]);
  const e = await fails('rcon-fake', 'bytes 70000');
  assert.equal(e.code, 'GQ_FRAME_TOO_LARGE');
  assert.match(e.message, /a frame of 70010 bytes exceeds the cap of 65536 bytes/);
});

test('rcon-server: 70,000 bytes over 18 packets come back as one line (format minecraft)', async () => {
  assert.deepEqual(shape(await run('rcon-server', 'bytes 70000', { format: 'minecraft' })), [70000]);
});

// Vanilla's `list` prints every name on one line (~4,000 players pass 64 KiB): rendering
// a `§` line never cuts it (the 64 KiB budget is for components, which can expand).
test('rcon-server: a 70,000-character line is whole with the default format too', async () => {
  assert.deepEqual(shape(await run('rcon-server', 'bytes 70000')), [70000]);
  assert.deepEqual(shape(await run('rcon-server', 'bytes 70000', { format: 'ansi' })), [70000]);
});

test('rcon-server: bodies are ASCII only (a peer limitation), so § codes cannot be tested against it', async () => {
  // rcon-server 0.1.3 encodes and decodes every body as ASCII: a `§` in the reply raises
  // UnicodeEncodeError inside its data_received, and asyncio drops the connection.
  // We report that as the server closing before it answered — a typed GQ_NETWORK, at once.
  const t0 = performance.now();
  const e = await fails('rcon-server', 'list');
  assert.equal(e.code, 'GQ_NETWORK');
  assert.match(e.message, /the server closed the connection before answering the command$/);
  assert.ok(performance.now() - t0 < 1000);
  // Likewise a non-ASCII command (UnicodeDecodeError on its side).
  assert.equal((await fails('rcon-server', 'echo Zoë')).code, 'GQ_NETWORK');
});
