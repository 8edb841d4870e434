// Generated from the core's protocol registry (core/src/protocol.rs) by `npm run build`.
// Do not edit. build.mjs writes protocols.cjs from this file.

/**
 * Every protocol, in the order of the ids the addon takes: its family (the browser
 * entry `gamequery-wasm/<family>` that has it alone), its transport, default port
 * (`null`: give one), whether it has packets of its own (the codec functions), whether
 * `query` and `serve` take it, and its RCON (`session`: Source RCON, which `rconSession`
 * keeps logged in), and `servedAt`: the query option its responder's port goes in, where
 * a target names another service's (`'api'`: a vendor's API, named by its URL
 * `http://127.0.0.1:<port>`; `null`: query the responder's address); `sampleTarget`, where
 * a target is not an address (a Discord guild's id), is what names the sample's server, and
 * `sampleOptions` what a query of it needs besides (SCP: SL's account).
 */
export const REGISTRY = Object.freeze([
  { name: 'samp', family: 'samp', transport: 'udp', port: 7777, packets: true, query: true, serve: true, rcon: { port: 7777, session: false }, servedAt: null },
  { name: 'minecraft-java', family: 'minecraft', transport: 'tcp', port: 25565, packets: true, query: true, serve: true, rcon: { port: 25575, session: true }, servedAt: null },
  { name: 'minecraft-legacy', family: 'minecraft', transport: 'tcp', port: 25565, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'minecraft-bedrock', family: 'minecraft', transport: 'udp', port: 19132, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'minecraft-query', family: 'minecraft', transport: 'udp', port: 25565, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'sqp', family: 'sqp', transport: 'udp', port: null, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'a2s', family: 'a2s', transport: 'udp', port: 27015, packets: true, query: true, serve: true, rcon: { port: 27015, session: true }, servedAt: null },
  { name: 'source-rcon', family: 'a2s', transport: 'tcp', port: null, packets: true, query: false, serve: false, rcon: null, servedAt: null },
  { name: 'minecraft', family: 'minecraft', transport: 'tcp', port: 25565, packets: false, query: true, serve: false, rcon: null, servedAt: null },
  { name: 'quake3', family: 'quake', transport: 'udp', port: 27960, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'quake2', family: 'quake', transport: 'udp', port: 27910, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'quakeworld', family: 'quake', transport: 'udp', port: 27500, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'mumble', family: 'mumble', transport: 'udp', port: 64738, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'fivem', family: 'fivem', transport: 'udp', port: 30120, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'doom3', family: 'quake', transport: 'udp', port: 27666, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'all-seeing-eye', family: 'gamespy', transport: 'udp', port: 22126, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'gamespy1', family: 'gamespy', transport: 'udp', port: 7778, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'gamespy2', family: 'gamespy', transport: 'udp', port: 2302, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'gamespy3', family: 'gamespy', transport: 'udp', port: 29900, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'unreal2', family: 'gamespy', transport: 'udp', port: 7778, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'palworld', family: 'apis', transport: 'tcp', port: 8212, packets: false, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'terraria', family: 'apis', transport: 'tcp', port: 7878, packets: false, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'satisfactory', family: 'satisfactory', transport: 'udp', port: 7777, packets: true, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'teamspeak3', family: 'teamspeak', transport: 'tcp', port: 9987, packets: false, query: true, serve: true, rcon: null, servedAt: 'queryPort' },
  { name: 'eldewrito', family: 'apis', transport: 'tcp', port: 11775, packets: false, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'hytale', family: 'apis', transport: 'tcp', port: 5523, packets: false, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'eco', family: 'apis', transport: 'tcp', port: 3001, packets: false, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'buildandshoot', family: 'apis', transport: 'tcp', port: 32886, packets: false, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'kspdmp', family: 'apis', transport: 'tcp', port: 6703, packets: false, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'assettocorsa', family: 'apis', transport: 'tcp', port: 8081, packets: false, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'farmingsimulator', family: 'apis', transport: 'tcp', port: 8080, packets: false, query: true, serve: true, rcon: null, servedAt: null },
  { name: 'factorio', family: 'apis', transport: 'tcp', port: 34197, packets: false, query: true, serve: true, rcon: null, servedAt: 'api' },
  { name: 'beammp', family: 'apis', transport: 'tcp', port: 30814, packets: false, query: true, serve: true, rcon: null, servedAt: 'api' },
  { name: 'minetest', family: 'apis', transport: 'tcp', port: 30000, packets: false, query: true, serve: true, rcon: null, servedAt: 'api' },
  { name: 'vintagestory', family: 'apis', transport: 'tcp', port: 42420, packets: false, query: true, serve: true, rcon: null, servedAt: 'api' },
  { name: 'renegadex', family: 'apis', transport: 'tcp', port: 7777, packets: false, query: true, serve: true, rcon: null, servedAt: 'api' },
  { name: 'altvmp', family: 'apis', transport: 'tcp', port: 7788, packets: false, query: true, serve: true, rcon: null, servedAt: 'api' },
  { name: 'ragemp', family: 'apis', transport: 'tcp', port: 22005, packets: false, query: true, serve: true, rcon: null, servedAt: 'api' },
  { name: 'geneshift', family: 'apis', transport: 'tcp', port: 11235, packets: false, query: true, serve: true, rcon: null, servedAt: 'api' },
  { name: 'discord', family: 'apis', transport: 'tcp', port: 443, packets: false, query: true, serve: true, rcon: null, servedAt: 'api', sampleTarget: '1' },
  { name: 'scpsl', family: 'apis', transport: 'tcp', port: 7777, packets: false, query: true, serve: true, rcon: null, servedAt: 'api', sampleOptions: { "accountId": 1, "apiKey": "key" } },
  { name: 'epic', family: 'apis', transport: 'tcp', port: 7777, packets: false, query: true, serve: true, rcon: null, servedAt: 'api', sampleOptions: { "clientId": "gamequery", "clientSecret": "secret", "deploymentId": "ad9a8feffb3b4b2ca315546f038c3ae2" } },
  { name: 'brokeprotocol', family: 'apis', transport: 'tcp', port: 5557, packets: false, query: true, serve: true, rcon: null, servedAt: 'api' },
  { name: 'hawakening', family: 'apis', transport: 'tcp', port: 7777, packets: false, query: true, serve: true, rcon: null, servedAt: 'api', sampleTarget: '6a3f1e2d-7c4b-4d5e-8f90-a1b2c3d4e5f6', sampleOptions: { "username": "pilot@example.org", "password": "secret" } },
]);
