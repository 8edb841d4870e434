// Run by each runtime under test (Node 20/22/24, Bun, Deno): both packages, from their package
// names. gamequery serves each protocol on loopback and queries it (in the engine
// GAMEQUERY_ENGINE picks), gamequery-wasm encodes and decodes; prints JSON for the test.
import * as gamequery from 'gamequery';
import * as wasm from 'gamequery-wasm';

const samp = {
  info: { password: false, players: 2, maxPlayers: 50, hostname: 'smoke ✓ Привет', gamemode: 'g', language: 'l' },
  rules: { version: 'omp 1.4.0.2779' },
  players: [{ name: 'a', score: 1 }, { name: 'b', score: 2 }],
};
const java = { version: { name: '1.21.4', protocol: 769 }, players: { online: 3, max: 20, sample: [] }, motd: '§aHello' };
const sqp = { info: { currentPlayers: 1, maxPlayers: 8, serverName: 'sqp smoke', gameType: 'tdm', buildId: '1', map: 'm', port: 1 } };

const runtime = globalThis.Deno ? `deno ${Deno.version.deno}` : process.versions.bun ? `bun ${process.versions.bun}` : `node ${process.versions.node}`;
const out = { runtime, engine: gamequery.engine, results: {} };
try {
  for (const [protocol, state] of [['samp', samp], ['minecraft-java', java], ['sqp', sqp]]) {
    const server = await gamequery.serve(protocol, state, { host: '127.0.0.1', port: 0 });
    try {
      const s = await gamequery.query(protocol, { host: '127.0.0.1', port: server.port }, { timeout: 5000 });
      out.results[protocol] = { name: s.name, online: s.players.online, max: s.players.max, list: s.players.list.length };
    } finally {
      await server.close();
    }
  }
  const closed = await gamequery.query('samp', '127.0.0.1:1', { timeout: 3000 }).catch((e) => e);
  out.closedPort = closed.code;
  const reply = wasm.encodeResponse('samp', { opcode: 'i', password: false, players: 1, maxPlayers: 2,
    hostname: 'Русский сервер ролевой игры', gamemode: 'Ролевая игра', language: 'Русский', encoding: 'windows-1251' });
  const info = wasm.decodeResponse('samp', reply);
  out.wasm = { hostname: info.hostname, encoding: info.encoding, varint: [...wasm.encodeVarInt(300)] };
} catch (e) {
  out.error = String(e?.stack ?? e);
  process.exitCode = 1;
}
process.stdout.write(`${JSON.stringify(out)}\n`);
