'use strict';
// `gamequery demo`: sample servers on loopback, queried through the addon.
const { serve, query, rcon, rconSession } = require('../index.js');
const { printStatus } = require('./format.js');
const samples = require('./samples.js');

async function demo({ color = false } = {}) {
  const show = (status) => printStatus(status, { color });
  const servers = [];
  try {
    const open = await serve('samp', samples.openMpServer(), { host: '127.0.0.1', port: 0 });
    servers.push(open);
    const legacy = await serve('samp', samples.legacyServer(), {
      host: '127.0.0.1', port: 0, legacy: true,
      rcon: { password: 'changeme', handler: (cmd) => (cmd === 'players' ? ['ID Name Ping IP', '0 Ivan_Petrov 35 127.0.0.1', '1 Olga_K 80 127.0.0.1'] : [`Unknown command or variable: ${cmd}`]) },
    });
    servers.push(legacy);
    const crowded = await serve('samp', samples.crowdedServer(), { host: '127.0.0.1', port: 0 });
    servers.push(crowded);

    const section = (title) => console.log(`\n=== ${title} ${'='.repeat(Math.max(0, 70 - title.length))}`);
    section(`open.mp-like server (20 players, extras) — 127.0.0.1:${open.port}`);
    show(await query('samp', `127.0.0.1:${open.port}`, { timeout: 500 }));
    section(`legacy SA:MP 0.3.7 server (cp1251, 'd' list) — 127.0.0.1:${legacy.port}`);
    show(await query('samp', `127.0.0.1:${legacy.port}`, { timeout: 500 }));
    section(`RCON 'players' on the legacy server`);
    console.log((await rcon('samp', `127.0.0.1:${legacy.port}`, { password: 'changeme' }, 'players')).join('\n'));
    section(`open.mp server with 312 players (no list above 100)`);
    show(await query('samp', `127.0.0.1:${crowded.port}`, { timeout: 500 }));

    const console_ = (cmd) => (cmd === 'list' ? '§6There are 2 of a max of 100 players online: §fSteve, Alex' : `§cUnknown or incomplete command: ${cmd}`);
    const minecraft = await serve('minecraft-java', samples.minecraftServer(), {
      host: '127.0.0.1', port: 0, rcon: { port: 0, password: 'changeme', handler: console_ },
    });
    servers.push(minecraft);
    section(`Minecraft Java server (component MOTD, sample, favicon) — 127.0.0.1:${minecraft.port}`);
    show(await query('minecraft-java', `127.0.0.1:${minecraft.port}`, { timeout: 2000 }));
    section(`the same server through the legacy 1.6 ping`);
    show(await query('minecraft-legacy', `127.0.0.1:${minecraft.port}`, { timeout: 2000 }));
    section(`Minecraft RCON (Source RCON) — one login, two commands — 127.0.0.1:${minecraft.rconPort}`);
    const session = await rconSession('minecraft-java', `127.0.0.1:${minecraft.rconPort}`, { password: 'changeme', timeout: 2000 });
    try {
      for (const command of ['list', 'weather clear']) console.log(`> ${command}\n${(await session.run(command)).join('\n')}`);
    } finally {
      await session.close();
    }

    const bedrock = await serve('minecraft-bedrock', samples.bedrockServer(), { host: '127.0.0.1', port: 0 });
    servers.push(bedrock);
    section(`Minecraft Bedrock server (RakNet unconnected ping) — 127.0.0.1:${bedrock.port}`);
    show(await query('minecraft-bedrock', `127.0.0.1:${bedrock.port}`, { timeout: 1000 }));

    const pe = await serve('minecraft-bedrock', samples.bedrockServer(), { host: '127.0.0.1', port: 0 });
    servers.push(pe);
    section(`query('minecraft'): Java and Bedrock at once, merged — 127.0.0.1:${minecraft.port}, Bedrock ${pe.port}`);
    show(await query('minecraft', `127.0.0.1:${minecraft.port}`, { bedrockPort: pe.port, timeout: 2000 }));

    const gs4 = await serve('minecraft-query', samples.queryServer(), { host: '127.0.0.1', port: 0 });
    servers.push(gs4);
    section(`Minecraft Query (GameSpy4) — the full player list and plugins — 127.0.0.1:${gs4.port}`);
    show(await query('minecraft-query', `127.0.0.1:${gs4.port}`, { timeout: 1000 }));

    const a2s = await serve('a2s', samples.a2sServer(), { host: '127.0.0.1', port: 0, maxPacketSize: 300, compress: true });
    servers.push(a2s);
    section(`Valve A2S server (challenge, bzip2-compressed split replies) — 127.0.0.1:${a2s.port}`);
    show(await query('a2s', `127.0.0.1:${a2s.port}`, { timeout: 1000, rules: true }));

    const sqp = await serve('sqp', samples.sqpServer(), { host: '127.0.0.1', port: 0, maxPacketSize: 128 });
    servers.push(sqp);
    section(`Unity SQP server (rules, players, teams; replies split at 128 bytes) — 127.0.0.1:${sqp.port}`);
    show(await query('sqp', `127.0.0.1:${sqp.port}`, { timeout: 1000 }));
    console.log('\ndemo: all queries answered');
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

module.exports = { demo };
