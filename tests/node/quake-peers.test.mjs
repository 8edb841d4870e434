// The Quake family against software nobody here wrote: a real Quake 3 engine server —
// Debian's OpenArena (ioquake3 1.36 with free game data, installed by
// scripts/ensure-system.mjs) on loopback with bots — read by our query, by
// gamequery/gamedig and gamedig 5 side by side, and by qstat 2.17.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { query } from 'gamequery';
import { freeUdpPort, stopServer } from './helpers.mjs';
import { OPENARENA, QSTAT } from '../../scripts/ensure-system.mjs';

const BOTS = 3;
let server;
let port;
let home;

before(async () => {
  port = await freeUdpPort();
  home = mkdtempSync(join(tmpdir(), 'gq-openarena-'));
  server = spawn(OPENARENA, [
    '+set', 'net_ip', '127.0.0.1', '+set', 'net_port', String(port), '+set', 'fs_homepath', home,
    '+set', 'sv_hostname', '^1gamequery ^7OpenArena', '+set', 'sv_maxclients', '8',
    '+map', 'oa_dm1', '+addbot', 'Grism', '+addbot', 'Major', '+addbot', 'Metalbot',
  ], { env: { ...process.env, HOME: home }, stdio: 'ignore' });
  // Up once it answers with its bots in.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await query('quake3', `127.0.0.1:${port}`, { timeout: 300, retries: 0 }).catch(() => null);
    if (s && s.players.online >= BOTS) break;
    if (Date.now() > deadline) throw new Error(`OpenArena did not come up with ${BOTS} bots on port ${port}`);
    await new Promise((r) => setTimeout(r, 300));
  }
});

after(() => stopServer(server, home));

test('our query reads a real OpenArena server: settings, bots, colour codes', async () => {
  const s = await query('quake3', `127.0.0.1:${port}`, { timeout: 2000 });
  assert.equal(s.name, 'gamequery OpenArena');
  assert.equal(s.raw.info.sv_hostname, '^1gamequery ^7OpenArena', 'raw keeps the codes');
  assert.deepEqual([s.map, s.players.max, s.players.online, s.password], ['oa_dm1', 8, BOTS, false]);
  assert.match(s.version, /^ioq3 1\.36/);
  assert.equal(s.raw.encoding, 'utf-8');
  assert.equal(s.players.list.length, BOTS);
  for (const p of s.players.list) {
    assert.ok(p.name.length > 0 && !p.name.includes('^'), p.name);
    assert.equal(p.ping, 0, 'bots have no ping');
  }
  // getinfo: the engine's own counts say they are bots.
  const info = await query('quake3', `127.0.0.1:${port}`, { request: 'info', timeout: 2000 });
  assert.deepEqual([info.players.online, info.players.bots, info.raw.info.gamename], [BOTS, BOTS, 'Quake3Arena']);
});

test('gamequery/gamedig and gamedig 5 read it alike (bots by their ping of 0)', async () => {
  const options = { type: 'openarena', host: '127.0.0.1', port, socketTimeout: 1000, attemptTimeout: 3000 };
  const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
  for (const key of ['name', 'map', 'version', 'numplayers', 'queryPort']) assert.equal(ours[key], theirs[key], key);
  assert.equal(ours.password, theirs.password === '1');
  assert.equal(ours.maxplayers, Number(theirs.maxplayers));
  assert.deepEqual(ours.bots.map((b) => b.name).sort(), [...theirs.bots].map((b) => b.name).sort());
  assert.deepEqual(ours.bots.map((b) => b.name).sort(), ['Grism', 'Major', 'Metalbot']);
  assert.deepEqual(ours.raw, theirs.raw, 'every setting, colour codes stripped as gamedig strips them');
});

test('qstat 2.17 and our query list the same players', async () => {
  const { stdout } = await promisify(execFile)(QSTAT, ['-q3s', `127.0.0.1:${port}`, '-P', '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
  const [server, ...players] = stdout.trim().split('\n').map((l) => l.split('\t'));
  const s = await query('quake3', `127.0.0.1:${port}`, { timeout: 2000 });
  assert.deepEqual([server[2], server[3], Number(server[4]), Number(server[5])], [s.name, s.map, s.players.max, s.players.online]);
  assert.deepEqual(players.map((p) => p[0]).sort(), s.players.list.map((p) => p.name).sort());
});
