'use strict';
// `gamequery demo`: sample servers on loopback, queried through the addon.
const { serve, query, rcon, rconSession, sampleState } = require('../index.js');
const { SERVE_PROTOCOLS, PROTOCOL_REGISTRY } = require('gamequery-wasm/glue');
const { printStatus } = require('./format.js');
const samples = require('./samples.js');

async function demo({ color = false } = {}) {
  const show = (status) => printStatus(status, { color });
  const section = (title) => console.log(`\n=== ${title} ${'='.repeat(Math.max(0, 70 - title.length))}`);
  const servers = [];
  const local = { host: '127.0.0.1', port: 0 };
  try {
    // Every protocol that serves: its sample state (the core's), served on loopback and queried back.
    for (const protocol of SERVE_PROTOCOLS) {
      const demo = samples.DEMOS[protocol] ?? {};
      const server = await serve(protocol, sampleState(protocol), { ...local, ...demo.serve });
      servers.push(server);
      section(`${demo.title ?? `${protocol} server`} — 127.0.0.1:${server.port}`);
      // A target naming another service (TeamSpeak's voice server): the responder's port is an
      // option; a vendor's API (Factorio's) is named by its URL.
      // A target that is not an address (a Discord guild's id) is the sample's.
      // What else a query of it needs (SCP: SL's account): the sample's.
      const { servedAt, sampleTarget, sampleOptions } = PROTOCOL_REGISTRY.find((p) => p.name === protocol);
      const given = servedAt === 'api' ? `http://127.0.0.1:${server.port}` : server.port;
      const [target, at] = servedAt ? [sampleTarget ?? '127.0.0.1', { [servedAt]: given, ...sampleOptions }] : [`127.0.0.1:${server.port}`, {}];
      show(await query(protocol, target, { timeout: 2000, ...at, ...demo.query }));
    }

    // What a sample alone does not show: SA:MP 0.3.7 (a code page, the 'd' list, RCON) and a
    // crowded open.mp server.
    const legacy = await serve('samp', samples.legacyServer(), {
      ...local, legacy: true,
      rcon: { password: 'changeme', handler: (cmd) => (cmd === 'players' ? ['ID Name Ping IP', '0 Ivan_Petrov 35 127.0.0.1', '1 Olga_K 80 127.0.0.1'] : [`Unknown command or variable: ${cmd}`]) },
    });
    servers.push(legacy);
    section(`legacy SA:MP 0.3.7 server (cp1251, 'd' list) — 127.0.0.1:${legacy.port}`);
    show(await query('samp', `127.0.0.1:${legacy.port}`, { timeout: 500 }));
    section(`RCON 'players' on the legacy server`);
    console.log((await rcon('samp', `127.0.0.1:${legacy.port}`, { password: 'changeme' }, 'players')).join('\n'));
    const crowded = await serve('samp', samples.crowdedServer(), local);
    servers.push(crowded);
    section(`open.mp server with 312 players (no list above 100)`);
    show(await query('samp', `127.0.0.1:${crowded.port}`, { timeout: 500 }));

    // Minecraft RCON beside a status responder, and the race of both editions.
    const console_ = (cmd) => (cmd === 'list' ? '§6There are 2 of a max of 100 players online: §fSteve, Alex' : `§cUnknown or incomplete command: ${cmd}`);
    const minecraft = await serve('minecraft-java', sampleState('minecraft-java'), { ...local, rcon: { port: 0, password: 'changeme', handler: console_ } });
    servers.push(minecraft);
    section(`Minecraft RCON (Source RCON) — one login, two commands — 127.0.0.1:${minecraft.rconPort}`);
    const session = await rconSession('minecraft-java', `127.0.0.1:${minecraft.rconPort}`, { password: 'changeme', timeout: 2000 });
    try {
      for (const command of ['list', 'weather clear']) console.log(`> ${command}\n${(await session.run(command)).join('\n')}`);
    } finally {
      await session.close();
    }
    const pe = await serve('minecraft-bedrock', sampleState('minecraft-bedrock'), local);
    servers.push(pe);
    section(`query('minecraft'): Java and Bedrock at once, merged — 127.0.0.1:${minecraft.port}, Bedrock ${pe.port}`);
    show(await query('minecraft', `127.0.0.1:${minecraft.port}`, { bedrockPort: pe.port, timeout: 2000 }));

    // A game by id: V Rising's query is on the game port + 1 or + 15; both asked at once.
    const game = await serve('a2s', samples.vRisingServer(), local);
    servers.push(game);
    const gamePort = game.port - 15;
    section(`query('vrising', '127.0.0.1:${gamePort}') — a game by id, its query ports asked at once`);
    show(await query('vrising', `127.0.0.1:${gamePort}`, { timeout: 2000 }));
    console.log('\ndemo: all queries answered');
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

module.exports = { demo };
