// Every protocol of the core's registry has what a protocol needs (docs/adding-a-protocol.md):
// golden vectors from a peer, a sample state that its responder serves and our query reads
// back into a Status (whose `raw` serves the same reply again), typings, a CLI entry and a README row. A protocol added to the registry without one of them fails
// here, named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { PROTOCOL_REGISTRY } from 'gamequery-wasm/glue';
import * as gamequery from 'gamequery';
import { goldenVectors as vectors } from '../golden.mjs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const types = read('npm/gamequery-wasm/types.d.ts');
const readme = read('npm/gamequery/README.md');
const usage = execFileSync(process.execPath, [new URL('npm/gamequery/cli.js', root).pathname, '--help'], { encoding: 'utf8' });

/** The `{ key: Type; … }` row of `name` in a generated interface. */
function row(iface, name) {
  const body = types.split(`export interface ${iface} {`)[1]?.split('\n}')[0] ?? '';
  const key = name.includes('-') ? `'${name}'` : name;
  return body.split('\n').find((line) => line.trimStart().startsWith(`${key}:`));
}

const declared = (type) =>
  ['never', 'Record<string, never>'].includes(type) ||
  new RegExp(`^export (type|interface|declare class) ${type}\\b`, 'm').test(types);

for (const p of PROTOCOL_REGISTRY) {
  test(`${p.name}: what the registry promises is there`, async () => {
    if (p.packets) {
      const golden = vectors(p.name);
      assert.ok(golden.some((v) => v.direction === 'request'), `${p.name} has packets but no golden request in tests/fixtures`);
      assert.ok(golden.some((v) => v.direction !== 'request'), `${p.name} has packets but no golden reply in tests/fixtures`);
    }
    for (const iface of ['ProtocolTypes', 'NetworkTypes']) {
      const line = row(iface, p.name);
      assert.ok(line, `${p.name} has no ${iface} row in types.d.ts`);
      for (const [, type] of line.matchAll(/: ([\w<>, ]+?)(?:;| })/g)) assert.ok(declared(type), `${p.name}: ${iface} names ${type}, which types.d.ts does not declare`);
    }
    if (p.query) {
      assert.match(usage, new RegExp(`^ {6}${p.name}:`, 'm'), `${p.name} has no line in the CLI's usage`);
      assert.ok(readme.includes(`| \`${p.name}\` |`), `${p.name} has no row in the README's protocol table`);
    }
    if (!p.serve) return;
    // The responder, read back by our own query through the addon: the status mapping.
    const sample = gamequery.sampleState(p.name);
    assert.equal(typeof sample, 'object', `${p.name} has no sample state in the core`);
    const server = await gamequery.serve(p.name, sample, { host: '127.0.0.1', port: 0 });
    // A target naming another service (TeamSpeak's voice server): the responder's port is an
    // option; a vendor's API (Factorio's) is named by its URL, the status the target's.
    const given = (port) => (p.servedAt === 'api' ? `http://127.0.0.1:${port}` : port);
    // A target that is not an address (a Discord guild's id), and what else a query of the
    // sample needs (SCP: SL's account): the sample's.
    const at = (port) => (p.servedAt ? [p.sampleTarget ?? '127.0.0.1', { [p.servedAt]: given(port), ...p.sampleOptions, timeout: 2000 }] : [`127.0.0.1:${port}`, { timeout: 2000 }]);
    try {
      const status = await gamequery.query(p.name, ...at(server.port));
      assert.equal(status.protocol, p.name);
      assert.equal(typeof status.name, 'string');
      assert.equal(status.port, p.servedAt === 'api' ? p.port : server.port);
      assert.equal(typeof status.players.online, 'number');
      assert.ok(Array.isArray(status.players.list));
      assert.equal(typeof status.raw, 'object');
      // What a query gave serves the same reply back (#48, 21): `serve --state` takes a
      // saved `--json` output (its `raw`), and so does `serve()`.
      const again = await gamequery.serve(p.name, JSON.parse(JSON.stringify(status.raw)), { host: '127.0.0.1', port: 0 });
      try {
        const echoed = await gamequery.query(p.name, ...at(again.port));
        const seen = (s) => [s.name, s.map, s.mode, s.version, s.password, s.players.online, s.players.max, s.players.bots, s.players.list.map((x) => x.name)];
        assert.deepEqual(seen(echoed), seen(status), `${p.name}: query → serve its raw → query`);
      } finally {
        await again.close();
      }
    } finally {
      await server.close();
    }
  });
}

test('the registry is what both packages and the CLI list', () => {
  assert.deepEqual([...gamequery.PROTOCOLS], PROTOCOL_REGISTRY.map((p) => p.name));
  for (const p of PROTOCOL_REGISTRY.filter((p) => !p.serve)) {
    assert.throws(() => gamequery.sampleState(p.name), (e) => e.code === 'GQ_INVALID_ARGUMENT', p.name);
  }
});

test('describeStatus: any status for people, its protocol\'s fields or the common ones', async () => {
  const server = await gamequery.serve('a2s', gamequery.sampleState('a2s'), { host: '127.0.0.1', port: 0 });
  try {
    const status = await gamequery.query('a2s', `127.0.0.1:${server.port}`, { timeout: 2000, rules: true });
    const d = gamequery.describeStatus(status);
    const field = (label) => d.fields.find(([k]) => k === label)?.[1];
    assert.equal(field('name'), status.name);
    assert.equal(field('players'), `${status.players.online}/${status.players.max} (${status.players.bots} of them bots)`);
    assert.match(field('protocol'), /^a2s \(protocol \d+\)$/);
    const rules = d.sections.find((s) => s.title === 'rules');
    assert.deepEqual(rules.fields.map(([k]) => k.trim()), Object.keys(status.raw.rules));
    const players = d.sections.find((s) => s.title.startsWith('players'));
    assert.deepEqual(players.headers, ['name', 'score', 'time']);
    assert.equal(players.rows.length, status.raw.players.length);
    assert.equal(typeof players.rows[0][1], 'number');
  } finally {
    await server.close();
  }
  // A protocol without a describer of its own: the fields every status has.
  const future = { protocol: 'mumble', name: 'Q', map: 'q3dm17', mode: null, version: null, password: false,
    players: { online: 1, max: 8, bots: null, list: [{ name: 'Ranger' }], partial: false }, pingMs: 12.4, address: '127.0.0.1', port: 64738, raw: {} };
  const d = gamequery.describeStatus(future, { color: true });
  assert.deepEqual(d.fields, [['name', 'Q'], ['protocol', 'mumble'], ['map', 'q3dm17'], ['players', '1/8'], ['password', 'no'], ['ping', '12 ms']]);
  assert.deepEqual(d.sections, [{ title: 'players (1)', headers: ['name'], rows: [['Ranger']] }]);
  assert.throws(() => gamequery.describeStatus(null), (e) => e.code === 'GQ_INVALID_ARGUMENT');
});

test('gamequery demo serves and queries every protocol that serves, then the extras', () => {
  const out = execFileSync(process.execPath, [new URL('npm/gamequery/cli.js', root).pathname, 'demo'], { encoding: 'utf8' });
  for (const p of PROTOCOL_REGISTRY.filter((p) => p.serve)) {
    assert.match(out, new RegExp(`^protocol +${p.name}\\b`, 'm'), `the demo shows no ${p.name} status`);
  }
  assert.match(out, /^editions +java \+ bedrock/m);
  // A game by id: found on the game port + 15.
  const game = /query\('vrising', '127\.0\.0\.1:(\d+)'\)/.exec(out);
  assert.ok(game, 'the demo queries a game by id');
  assert.match(out, new RegExp(`^queried as +V Rising \\(vrising\\), query port ${Number(game[1]) + 15}$`, 'm'));
  assert.match(out, new RegExp(`^connect +127\\.0\\.0\\.1:${game[1]}$`, 'm'));
  assert.match(out, /\ndemo: all queries answered\n$/);
});
