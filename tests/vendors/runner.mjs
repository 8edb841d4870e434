// gamedig 5 and gamequery/gamedig asking one vendor's API, as each asks it by default: run
// inside the network namespace vendors.test.mjs made, where the vendor's host name is
// 127.0.0.1 (its /etc/hosts) and our responder answers there over HTTPS, its certificate
// signed by a CA made for this run that both trust through NODE_EXTRA_CA_CERTS (set by the
// test before Node starts: Node reads it then, and so does our native engine). Prints one
// JSON line: for each game id, both results (or their errors).
//   node tests/vendors/runner.mjs <dir with cert.pem and key.pem>
import { serve, sampleState } from 'gamequery';
import { GameDig } from 'gamequery/gamedig';
import { GameDig as Theirs } from 'gamedig';
import { httpsFront } from './vendors.mjs';
import { createServer } from 'node:net';

const [dir] = process.argv.slice(2);
const EOS = { clientId: 'gamequery', clientSecret: 'secret', deploymentId: 'any' };

/** The vendors: each game id, its protocol (the responder), the API's host, gamedig's options. */
const VENDORS = [
  { id: 'factorio', protocol: 'factorio', host: 'multiplayer.factorio.com', options: { port: 34197 } },
  { id: 'beammp', protocol: 'beammp', host: 'backend.beammp.com', options: { port: 30814 } },
  { id: 'minetest', protocol: 'minetest', host: 'servers.minetest.net', options: { port: 30000 } },
  { id: 'vintagestory', protocol: 'vintagestory', host: 'masterserver.vintagestory.at', options: { port: 42420 } },
  { id: 'renegade10', protocol: 'renegadex', host: 'serverlist-rx.totemarts.services', options: { port: 7777 } },
  { id: 'gta5am', protocol: 'altvmp', host: 'api.alt-mp.com', options: { port: 7788 } },
  { id: 'gta5r', protocol: 'ragemp', host: 'cdn.rage.mp', options: { port: 22005 } },
  // Plain HTTP on port 80; gamedig connects to the game server's TCP port first.
  { id: 'geneshift', protocol: 'geneshift', host: 'geneshift.net', options: { port: 11235 }, plain: true, game: 11235 },
  { id: 'mutantfactions', protocol: 'geneshift', host: 'geneshift.net', options: { port: 11235 }, plain: true, shared: 'geneshift' },
  // No host: the guild's id names it (gamedig asks discordapp.com, we discord.com).
  { id: 'discord', protocol: 'discord', host: 'discord.com', also: ['discordapp.com'], options: { guildId: '1', port: 443 }, noHost: true },
  { id: 'ssl', protocol: 'scpsl', host: 'api.scpslgame.com', options: { port: 7777, accountId: '1', apiKey: 'key', serverId: '12345' } },
  // gamedig asks the API's root (HEAD) and then its list; we its list.
  { id: 'brokeprotocol', protocol: 'brokeprotocol', host: 'bp.userr00t.com', also: ['brokeprotocol.com'], options: { port: 5557 } },
  // gamedig with the client it ships, ours with any (our responder takes every client).
  { id: 'asa', protocol: 'epic', host: 'api.epicgames.dev', options: { port: 7777, ...EOS }, state: () => [...sampleState('epic'), ...moreSessions()] },
  { id: 'squad', protocol: 'epic', host: 'api.epicgames.dev', options: { port: 7787, ...EOS }, shared: 'asa' },
  { id: 'tie', protocol: 'epic', host: 'api.epicgames.dev', options: { port: 7797, ...EOS }, shared: 'asa' },
  { id: 'renown', protocol: 'epic', host: 'api.epicgames.dev', options: { port: 7807, ...EOS }, shared: 'asa' },
  // No host: the listing's Guid names it; any account signs in to our responder.
  { id: 'hawakening', protocol: 'hawakening', host: 'hawakening.com', options: { port: 7777, serverId: '6a3f1e2d-7c4b-4d5e-8f90-a1b2c3d4e5f6', username: 'pilot@example.org', password: 'secret' }, noHost: true },
];

/**
 * EOS sessions of The Isle Evrima and Renown beside the sample's ARK and Squad ones: each
 * under the deployment gamedig asks (its protocols' files), with the attributes it reads.
 */
function moreSessions() {
  const [, squad] = sampleState('epic');
  const session = (deployment, id, port, attributes) => ({
    ...squad,
    deployment,
    id,
    bucket: '',
    attributes: { ADDRESS_s: '127.0.0.1', ADDRESSBOUND_s: `0.0.0.0:${port}`, GAMESERVER_PORT_l: port, ...attributes },
  });
  return [
    session('6db6bea492f94b1bbdfcdfe3e4f898dc', 'a1b2c3d4e5f60718293a4b5c6d7e8f90', 7797,
      { SERVERNAME_s: 'gamequery demo — The Isle ✓', MAP_NAME_s: 'Gateway', SERVER_VERSION_s: '0.19.62', PASSWORD_b: false }),
    session('472a8286c61c408ca5ca1ec0401f07b7', 'b2c3d4e5f60718293a4b5c6d7e8f90a1', 7807,
      { SERVERNAME_s: 'gamequery demo — Renown ✓', SERVERVERSION_s: '1.0.4', PASSWORD_b: true }),
  ];
}

const responders = await Promise.all(VENDORS.map((v) => (v.shared ? null : serve(v.protocol, v.state?.() ?? sampleState(v.protocol), { host: '127.0.0.1', port: v.plain ? 80 : 0 }))));
// A vendor sharing another's host (two games on EOS) is answered by its responder.
const routes = VENDORS.flatMap((v, i) => (v.plain || v.shared ? [] : [v.host, ...(v.also ?? [])].map((h) => [h, responders[i].port])));
const front = await httpsFront(Object.fromEntries(routes), dir);
const games = await Promise.all(VENDORS.filter((v) => v.game).map((v) => new Promise((resolve) => {
  const server = createServer((socket) => socket.destroy()).listen(v.game, '127.0.0.1', () => resolve(server));
})));
const results = [];
for (const v of VENDORS) {
  const options = { type: v.id, ...(!v.noHost && { host: '127.0.0.1' }), ...v.options, socketTimeout: 3000, attemptTimeout: 5000 };
  const settle = (p) => p.then((r) => ({ ok: JSON.parse(JSON.stringify(r)) }), (e) => ({ error: e.message }));
  results.push({ id: v.id, ours: await settle(GameDig.query(options)), theirs: await settle(new Theirs().query(options)) });
}
await front.close();
for (const g of games) g.close();
await Promise.all(responders.filter(Boolean).map((r) => r.close()));
console.log(JSON.stringify(results));
process.exit(0);
