// Real bytes for every Minecraft packet type (tests/fixtures/captures.json): byte arrays
// from peer projects' test suites (mcstatus, mcquery) and loopback captures of independent
// peers talking to each other (tests/peers/capture_minecraft.mjs). Each vector names its
// sender and source. Both packages must decode it to the same value with the fields the
// vector lists; where `roundTrip` is set, re-encoding the decoded value must give back the
// exact captured bytes. A vector with a `finding` is one our decoder refuses: the test pins
// the refusal (the error code) so that a change of behaviour is noticed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fixtures, hex, toHex } from './helpers.mjs';

const packages = [['addon', addon], ['wasm', wasm]];

/** Every key of `want` (recursively, for plain objects) equals the same key of `got`. */
function includes(got, want, path = '') {
  if (want !== null && typeof want === 'object' && !Array.isArray(want)) {
    assert.ok(got !== null && typeof got === 'object', `${path || 'value'} is an object`);
    for (const [k, v] of Object.entries(want)) includes(got[k], v, `${path}.${k}`);
  } else {
    assert.deepStrictEqual(got, want, path);
  }
}

/** The fields of the first captures (real replies published in mcstatus' tests). */
function view(v, a) {
  if (v.view === 'stat') {
    const s = a.stat;
    assert.equal(s.full, true);
    return { motd: s.motd.raw, gameType: s.gameType, gameId: s.gameId, version: s.version, plugins: s.plugins, map: s.map,
      online: s.online, max: s.max, hostPort: s.hostPort, hostIp: s.hostIp, players: s.players };
  }
  const ad = a.advertisement;
  assert.equal(ad.motd.plain, 'GayBowser');
  assert.equal(ad.edition, 'MCPE');
  return { serverGuid: a.serverGuid, protocol: ad.protocol, version: ad.version, online: ad.online, max: ad.max, serverId: ad.serverId,
    levelName: ad.levelName?.plain ?? null, gameMode: ad.gameMode, gameModeNumeric: ad.gameModeNumeric, portV4: ad.portV4, portV6: ad.portV6 };
}

const vectors = fixtures('captures');

test('every vector names its sender, source and direction', () => {
  for (const v of vectors) {
    assert.ok(v.sender && v.source, v.name);
    assert.ok(['request', 'response'].includes(v.direction), v.name);
    assert.ok(['minecraft-java', 'minecraft-legacy', 'minecraft-query', 'minecraft-bedrock', 'source-rcon'].includes(v.protocol), v.name);
  }
});

for (const v of vectors) {
  const decode = v.direction === 'request' ? 'decodeRequest' : 'decodeResponse';
  const encode = v.direction === 'request' ? 'encodeRequest' : 'encodeResponse';
  test(`${v.protocol} ${v.direction}: ${v.name}`, () => {
    const bytes = hex(v.hex);
    if (v.finding) {
      for (const [name, pkg] of packages) {
        assert.throws(() => pkg[decode](v.protocol, bytes), { code: v.finding.code }, `${name}: ${v.finding.note}`);
      }
      return;
    }
    const a = addon[decode](v.protocol, bytes);
    assert.deepStrictEqual(wasm[decode](v.protocol, bytes), a, 'both packages decode the same');
    if (v.view) assert.deepEqual(view(v, a), v.expect);
    else includes(a, v.expect);
    if (v.roundTrip) {
      for (const [name, pkg] of packages) assert.equal(toHex(pkg[encode](v.protocol, a)), v.hex, `${name}: decode → encode gives the captured bytes`);
    }
  });
}
