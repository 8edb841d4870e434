// Replies captured from real servers (published in mcstatus' test suite; see
// tests/fixtures/captures.json) decode to the same fields in both packages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { fixtures, hex } from './helpers.mjs';

for (const v of fixtures('captures')) {
  test(v.name, () => {
    const a = addon.decodeResponse(v.protocol, hex(v.hex));
    assert.deepStrictEqual(wasm.decodeResponse(v.protocol, hex(v.hex)), a);
    if (v.protocol === 'minecraft-query') {
      const s = a.stat;
      assert.equal(s.full, true);
      const got = { motd: s.motd.raw, gameType: s.gameType, gameId: s.gameId, version: s.version, plugins: s.plugins, map: s.map,
        online: s.online, max: s.max, hostPort: s.hostPort, hostIp: s.hostIp, players: s.players };
      assert.deepEqual(got, v.expect);
    } else {
      const ad = a.advertisement;
      const got = { serverGuid: a.serverGuid, protocol: ad.protocol, version: ad.version, online: ad.online, max: ad.max, serverId: ad.serverId,
        levelName: ad.levelName?.plain ?? null, gameMode: ad.gameMode, gameModeNumeric: ad.gameModeNumeric, portV4: ad.portV4, portV6: ad.portV6 };
      assert.deepEqual(got, v.expect);
      assert.equal(ad.motd.plain, 'GayBowser');
      assert.equal(ad.edition, 'MCPE');
    }
  });
}
