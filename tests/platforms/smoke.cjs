'use strict';
// Run by another runtime (an arm64 Node under qemu, a musl Node): loads gamequery with the
// addon named in GAMEQUERY_ADDON, serves each protocol on loopback, queries it, and
// prints what it got as JSON for the test to check.
const gamequery = require('../../npm/gamequery');

const samp = {
  info: { password: false, players: 2, maxPlayers: 50, hostname: 'smoke ✓', gamemode: 'g', language: 'l' },
  rules: { version: 'omp 1.4.0.2779' },
  players: [{ name: 'a', score: 1 }, { name: 'b', score: 2 }],
};
const java = { version: { name: '1.21.4', protocol: 769 }, players: { online: 3, max: 20, sample: [] }, motd: '§aHello' };
const sqp = { info: { currentPlayers: 1, maxPlayers: 8, serverName: 'sqp smoke', gameType: 'tdm', buildId: '1', map: 'm', port: 1 } };

(async () => {
  const out = { engine: gamequery.engine, arch: process.arch, platform: process.platform, results: {} };
  for (const [protocol, state] of [['samp', samp], ['minecraft-java', java], ['sqp', sqp]]) {
    const server = await gamequery.serve(protocol, state, { host: '127.0.0.1', port: 0 });
    try {
      const s = await gamequery.query(protocol, `127.0.0.1:${server.port}`, { timeout: 5000 });
      out.results[protocol] = { name: s.name, online: s.players.online, ping: typeof s.pingMs };
    } finally {
      await server.close();
    }
  }
  const e = await gamequery.query('samp', '127.0.0.1:1', { timeout: 3000 }).catch((err) => err);
  out.closedPort = e.code;
  process.stdout.write(`${JSON.stringify(out)}\n`);
})().catch((e) => {
  process.stdout.write(`${JSON.stringify({ error: String(e?.stack ?? e) })}\n`);
  process.exitCode = 1;
});
