// QuakeWorld against software nobody here wrote: Debian's MVDSV 0.35 running KTX 1.42
// (installed by scripts/ensure-system.mjs) on loopback, read by our query, by
// gamequery/gamedig and gamedig 5 side by side, and by qstat 2.17; and qstat reading our
// quake3, quake2 and quakeworld responders. Quake's maps are not free: the server gets
// the smallest map its loader takes (one plane, one node, two leaves, one model) under
// the names KTX's default config loads, which is all a status reply needs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { query, serve } from 'gamequery';
import { freeUdpPort, stopServer } from './helpers.mjs';
import { KTX, MVDSV, QSTAT } from '../../scripts/ensure-system.mjs';

let server;
let port;
let home;

/**
 * A BSP version 29 map of one solid and one empty leaf split by the plane z = 0, with the
 * worldspawn and a spawn point: the lumps MVDSV's collision loader reads (cmodel.c), the
 * others empty. Layouts: planes 20 bytes, nodes 24, clipnodes 8, leaves 28, models 64.
 */
function tinyMap() {
  const lump = (size, write) => {
    const b = Buffer.alloc(size);
    write(b);
    return b;
  };
  const entities = Buffer.from('{\n"classname" "worldspawn"\n}\n{\n"classname" "info_player_deathmatch"\n"origin" "0 0 64"\n}\n\0');
  const planes = lump(20, (b) => {
    b.writeFloatLE(1, 8); // normal (0, 0, 1), dist 0
    b.writeInt32LE(2, 16); // PLANE_Z
  });
  const box = (b, at) => [-1024, -1024, -1024, 1024, 1024, 1024].forEach((v, i) => b.writeInt16LE(v, at + 2 * i));
  const nodes = lump(24, (b) => {
    b.writeInt16LE(-1, 4); // front: leaf 0
    b.writeInt16LE(-2, 6); // back: leaf 1
    box(b, 8);
  });
  const clipnodes = lump(8, (b) => {
    b.writeInt16LE(-1, 4); // CONTENTS_EMPTY
    b.writeInt16LE(-2, 6); // CONTENTS_SOLID
  });
  const leaves = lump(56, (b) => {
    for (const [k, contents] of [[0, -2], [1, -1]]) {
      b.writeInt32LE(contents, 28 * k);
      b.writeInt32LE(-1, 28 * k + 4); // no visibility data
      box(b, 28 * k + 8);
    }
  });
  const models = lump(64, (b) => {
    [-1024, -1024, -1024, 1024, 1024, 1024].forEach((v, i) => b.writeFloatLE(v, 4 * i));
    b.writeInt32LE(1, 52); // visleafs
  });
  // Lump order: entities, planes, textures, vertexes, visibility, nodes, texinfo, faces,
  // lighting, clipnodes, leafs, marksurfaces, edges, surfedges, models.
  const lumps = [entities, planes, , , , nodes, , , , clipnodes, leaves, , , , models];
  const header = Buffer.alloc(4 + 15 * 8);
  header.writeInt32LE(29, 0);
  const bodies = [];
  let at = header.length;
  for (let i = 0; i < 15; i++) {
    const data = lumps[i] ?? Buffer.alloc(0);
    const padded = Buffer.concat([data, Buffer.alloc(-data.length & 3)]);
    header.writeInt32LE(at, 4 + 8 * i);
    header.writeInt32LE(data.length, 8 + 8 * i);
    bodies.push(padded);
    at += padded.length;
  }
  return Buffer.concat([header, ...bodies]);
}

before(async () => {
  port = await freeUdpPort();
  home = mkdtempSync(join(tmpdir(), 'gq-mvdsv-'));
  // KTX's files as Debian installs them, and the map under both names it loads.
  const game = join(home, 'ktx');
  mkdirSync(join(game, 'maps'), { recursive: true });
  for (const f of readdirSync(KTX)) symlinkSync(join(KTX, f), join(game, f));
  for (const name of ['start', 'dm3']) writeFileSync(join(game, 'maps', `${name}.bsp`), tinyMap());
  server = spawn(MVDSV, [
    '-port', String(port), '-basedir', home, '-game', 'ktx',
    '+set', 'sv_progtype', '1', '+hostname', 'gamequery QuakeWorld', '+map', 'start',
  ], { cwd: home, stdio: 'ignore' });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await query('quakeworld', `127.0.0.1:${port}`, { timeout: 300, retries: 0 }).catch(() => null);
    // Ready once KTX has loaded and moved from the start map to its first (dm3): on a busy
    // machine the first answers come before the move.
    if (s?.raw.info.ktxver && s.map === 'dm3') break;
    if (Date.now() > deadline) throw new Error(`MVDSV did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 300));
  }
});

after(() => stopServer(server, home));

test('our query reads a real QuakeWorld server (MVDSV + KTX)', async () => {
  const s = await query('quakeworld', `127.0.0.1:${port}`, { timeout: 2000 });
  assert.equal(s.protocol, 'quakeworld');
  assert.equal(s.name, 'gamequery QuakeWorld');
  assert.deepEqual([s.map, s.players.max, s.players.online, s.players.list], ['dm3', 8, 0, []]);
  assert.equal(s.raw.info['*version'], 'MVDSV 0.35');
  assert.equal(s.raw.info.ktxver, '1.42');
  assert.equal(s.raw.info['*gamedir'], 'qw');
  // The reply as the server wrote it: `n`, the infostring, `\n`, no player lines, a NUL.
  const seen = [];
  await query('quakeworld', `127.0.0.1:${port}`, { timeout: 2000, trace: (e) => seen.push(e) });
  const reply = Buffer.from(seen.find((e) => e.direction === 'receive').bytes);
  assert.equal(reply.subarray(0, 6).toString('latin1'), '\xff\xff\xff\xffn\\');
  assert.equal(reply.subarray(-2).toString('latin1'), '\n\0');
  // By game id too (gamedig's `quake`, old id `quake1`), on the port given.
  const game = await query('quake', `127.0.0.1:${port}`, { timeout: 2000 });
  assert.deepEqual([game.game.id, game.name], ['quake', 'gamequery QuakeWorld']);
});

test('gamequery/gamedig and gamedig 5 read it alike', async () => {
  const options = { type: 'quake', host: '127.0.0.1', port, socketTimeout: 1000, attemptTimeout: 3000 };
  const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
  for (const key of ['name', 'numplayers', 'queryPort']) assert.equal(ours[key], theirs[key], key);
  // gamedig reads `mapname`, which QuakeWorld calls `map` (the README's migration table).
  assert.deepEqual([ours.map, theirs.map], ['dm3', '']);
  assert.equal(ours.maxplayers, Number(theirs.maxplayers));
  assert.deepEqual([ours.players.length, theirs.players.length], [0, 0]);
  assert.deepEqual(ours.raw, theirs.raw, 'every setting');
});

test('qstat 2.17 reads it as our query does', async () => {
  const { stdout } = await promisify(execFile)(QSTAT, ['-qws', `127.0.0.1:${port}`, '-R', '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
  const [server, rules] = stdout.trim().split('\n').map((l) => l.split('\t'));
  const s = await query('quakeworld', `127.0.0.1:${port}`, { timeout: 2000 });
  assert.deepEqual([server[2], server[3], Number(server[4]), Number(server[5])], [s.name, s.map, s.players.max, s.players.online]);
  const theirs = Object.fromEntries(rules.map((r) => r.split('=')));
  assert.equal(theirs['*version'], s.raw.info['*version']);
  assert.equal(theirs.ktxver, s.raw.info.ktxver);
});

test('qstat 2.17 reads our quake3, quake2 and quakeworld responders, players included', async () => {
  const players = [
    { name: 'Sarge', score: 12, ping: 48, world: { userid: 7, time: 3, skin: 'base', top: 4, bottom: 13 } },
    { name: 'Visor', score: -1, ping: 62, world: { userid: 9, time: 41, skin: 'tf_demo', top: 0, bottom: 0 } },
  ];
  const cases = [
    ['quake3', '-q3s', { sv_hostname: 'gq q3', mapname: 'q3dm17', sv_maxclients: '16' }],
    ['quake2', '-q2s', { hostname: 'gq q2', mapname: 'q2dm1', maxclients: '12' }],
    ['quakeworld', '-qws', { hostname: 'gq qw', map: 'dm4', maxclients: '8' }],
  ];
  for (const [protocol, flag, info] of cases) {
    const state = { info, players: protocol === 'quakeworld' ? players : players.map(({ world, ...p }) => p) };
    const ours = await serve(protocol, state, { host: '127.0.0.1', port: 0 });
    try {
      const { stdout } = await promisify(execFile)(QSTAT, [flag, `127.0.0.1:${ours.port}`, '-P', '-raw', '\t', '-timeout', '3'], { timeout: 10_000 });
      const [head, ...rows] = stdout.trim().split('\n').map((l) => l.split('\t'));
      const [name, map, max] = Object.values(info);
      assert.deepEqual(head.slice(2, 6), [name, map, max, '2'], protocol);
      if (protocol === 'quakeworld') {
        // userid, name, frags, time (qstat's in seconds; the line's in minutes), top, bottom, ping, skin.
        assert.deepEqual(rows.map((r) => r.slice(0, 8)), [
          ['7', 'Sarge', '12', '180', '4', '13', '48', 'base'],
          ['9', 'Visor', '-1', '2460', '0', '0', '62', 'tf_demo'],
        ]);
      } else {
        assert.deepEqual(rows, [['Sarge', '12', '48'], ['Visor', '-1', '62']], protocol);
      }
    } finally {
      await ours.close();
    }
  }
});
