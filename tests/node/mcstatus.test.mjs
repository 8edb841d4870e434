// mcstatus (PyPI), the Python library most Minecraft bots use, reads our responders:
// Bedrock's pong, the Query (GameSpy4) full stat and the Java status. Installed once into
// .cache/python/ with pip (PyPI is reachable wherever npm test runs).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serve } from 'gamequery';
import { javaState } from './helpers.mjs';

const VERSION = '14.2.0';
const root = fileURLToPath(new URL('../../', import.meta.url));
const site = `${root}.cache/python/mcstatus-${VERSION}`;
const probe = `${root}tests/peers/mcstatus_probe.py`;
const closers = [];
after(() => Promise.all(closers.map((c) => c())));

before(() => {
  if (!existsSync(`${site}/mcstatus`)) {
    execFileSync('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', site, `mcstatus==${VERSION}`],
      { stdio: ['ignore', 'ignore', 'inherit'] });
  }
});

async function mcstatus(kind, port) {
  const { stdout } = await promisify(execFile)('python3', [probe, kind, '127.0.0.1', String(port)],
    { env: { ...process.env, PYTHONPATH: site }, timeout: 20_000 });
  return JSON.parse(stdout);
}

test('mcstatus reads our Bedrock responder', async () => {
  const server = await serve('minecraft-bedrock', { motd: '§aBedrock §lBoat', levelName: 'Skyblock', gameMode: 'Survival',
    protocol: 766, version: '1.21.50', online: 4, max: 30 }, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  assert.deepEqual(await mcstatus('bedrock', server.port), {
    motd: 'Bedrock Boat', online: 4, max: 30, version: '1.21.50', protocol: 766, map: 'Skyblock', gamemode: 'Survival',
  });
});

test('mcstatus reads our Query (GameSpy4) responder: every player, plugins', async () => {
  const server = await serve('minecraft-query', { motd: '§6Query §fTest', version: '1.21.4', map: 'world', online: 3, max: 20,
    plugins: 'Paper on Bukkit 1.21: Essentials 2.20; WorldEdit 7.3', players: ['Steve', 'Alex', 'Zoë'] }, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const got = await mcstatus('query', server.port);
  assert.deepEqual(got, {
    motd: 'Query Test', online: 3, max: 20, players: ['Steve', 'Alex', 'Zoë'], brand: 'Paper on Bukkit 1.21',
    plugins: ['Essentials 2.20', 'WorldEdit 7.3'], version: '1.21.4', map: 'world', port: String(server.port),
  });
});

test('mcstatus reads our Java status responder', async () => {
  const server = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const got = await mcstatus('java', server.port);
  const state = javaState();
  assert.equal(got.online, state.players.online);
  assert.equal(got.max, state.players.max);
  assert.equal(got.version, state.version.name);
  assert.equal(got.latency, true);
});
