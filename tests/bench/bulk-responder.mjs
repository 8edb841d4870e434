// `npm run bench` (bulk part): the servers, in a process of their own so their CPU is not
// the client's. Starts `hosts × ports` SA:MP 0.3.7-like responders on 127.0.1.1…,
// Minecraft responders on 127.0.0.1, A2S responders on 127.0.2.1… and Quake 3 responders
// (20 players) on 127.0.3.1…, prints their
// endpoints as JSON, and serves until stdin closes.
import { serve } from 'gamequery';

const [hosts = 25, ports = 200, minecraft = 50, a2sCount = 1000, quakeCount = 1000] = process.argv.slice(2).map(Number);
const players = Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Player_${i}`, score: i * 10, ping: 30 + i }));
const samp = {
  info: { password: false, players: players.length, maxPlayers: 100, hostname: 'bulk bench', gamemode: 'Freeroam', language: 'English' },
  rules: { version: '0.3.7-R2', mapname: 'San Andreas', weather: '10', worldtime: '12:00' },
  players,
};
const java = {
  version: { name: '1.21.4', protocol: 769 },
  players: { online: 12, max: 100, sample: players.slice(0, 12).map((p, i) => ({ name: p.name, id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}` })) },
  motd: '§aA bulk §lbench §rserver',
};
const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };
const servers = [];
const a2s = {
  info: { name: 'bulk bench (A2S)', map: 'Altis', folder: 'Arma3', game: 'Arma 3', appId: 107410, players: 10, maxPlayers: 64, version: '2.18', keywords: 'bt,r218,n0,s7' },
  players: players.slice(0, 10).map((p) => ({ index: 0, name: p.name, score: p.score, duration: 60 * p.id })),
};
const quake3 = {
  info: { sv_hostname: '^1bulk ^7bench', mapname: 'q3dm17', sv_maxclients: '32', g_gametype: '0', g_needpass: '0', version: 'ioq3 1.36' },
  players: players.map((p) => ({ name: `^${p.id % 8}${p.name}`, score: p.score, ping: p.ping })),
};
const endpoints = { samp: [], minecraft: [], a2s: [], quake3: [] };
for (let h = 1; h <= hosts; h++) {
  for (let p = 0; p < ports; p++) {
    const s = await serve('samp', samp, { host: `127.0.1.${h}`, port: 0, legacy: true, rateLimit: unlimited });
    servers.push(s);
    endpoints.samp.push(`${s.address}:${s.port}`);
  }
}
for (let m = 0; m < minecraft; m++) {
  const s = await serve('minecraft-java', java, { host: '127.0.0.1', port: 0, maxConnections: 4096 });
  servers.push(s);
  endpoints.minecraft.push(`127.0.0.1:${s.port}`);
}
for (let k = 0; k < a2sCount; k++) {
  const s = await serve('a2s', a2s, { host: `127.0.2.${1 + (k % 5)}`, port: 0, rateLimit: unlimited });
  servers.push(s);
  endpoints.a2s.push(`${s.address}:${s.port}`);
}
for (let k = 0; k < quakeCount; k++) {
  const s = await serve('quake3', quake3, { host: `127.0.3.${1 + (k % 5)}`, port: 0, rateLimit: unlimited });
  servers.push(s);
  endpoints.quake3.push(`${s.address}:${s.port}`);
}
process.stdout.write(`${JSON.stringify(endpoints)}\n`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await Promise.all(servers.map((s) => s.close()));
  process.exit(0);
});
