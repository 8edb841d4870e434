'use strict';
// Sample server states for `gamequery demo` and `gamequery serve`.

const NAMES = ['Carl_Johnson', 'Big_Smoke', 'Ryder', 'Sweet', 'Cesar_Vialpando', 'Kendl', 'Catalina', 'Wu_Zi_Mu',
  'Mike_Toreno', 'Officer_Tenpenny', 'Frank_Pulaski', 'Zero', 'Jizzy_B', 'Madd_Dogg', 'OG_Loc', 'Kent_Paul',
  'Maccer', 'Claude', 'Rosenberg', 'Salvatore'];

function openMpServer() {
  return {
    info: { password: false, players: 20, maxPlayers: 50, hostname: 'gamequery demo — open.mp ✓', gamemode: 'Freeroam 2.1', language: 'English' },
    rules: { allowed_clients: '0.3.7, 0.3.DL', artwork: 'Yes', lagcomp: 'On', mapname: 'San Andreas', version: 'omp 1.4.0.2779', weather: '10', weburl: 'open.mp', worldtime: '12:00' },
    players: NAMES.map((name, i) => ({ name, score: (i * 37) % 150 - 20 })),
    openMp: { discord: 'discord.gg/samp', lightBanner: 'https://example.org/banner-light.png', darkBanner: 'https://example.org/banner-dark.png', logo: 'https://example.org/logo.png' },
    encoding: 'utf-8',
  };
}

function legacyServer() {
  return {
    info: { password: true, players: 4, maxPlayers: 100, hostname: 'Русский Сервер | Role Play', gamemode: 'RP 0.9', language: 'Русский' },
    rules: { lagcomp: 'On', mapname: 'Лос-Сантос', version: '0.3.7-R2', weather: '1', weburl: 'www.sa-mp.com', worldtime: '18:00' },
    players: [
      { id: 0, name: 'Ivan_Petrov', score: 120, ping: 35 },
      { id: 1, name: 'Olga_K', score: -4, ping: 80 },
      { id: 5, name: 'Dmitri', score: 0, ping: 120 },
      { id: 7, name: 'Sergey_B', score: 2047, ping: 64 },
    ],
    encoding: 'windows-1251',
  };
}

function crowdedServer() {
  return {
    info: { password: false, players: 312, maxPlayers: 500, hostname: 'Crowded Freeroam', gamemode: 'DM', language: 'EN' },
    rules: { version: 'omp 1.4.0.2779' },
    players: [],
  };
}

// A 16×16 PNG (a gold square), as servers send their favicon.
const FAVICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAF0lEQVR42mP8/5+BKMA4qpBeCkkGAB9qH/G3yW9iAAAAAElFTkSuQmCC';

function minecraftServer() {
  return {
    version: { name: '1.21.4', protocol: 769 },
    players: {
      online: 3, max: 64,
      sample: [
        { name: 'Notch', id: '069a79f4-44e9-4726-a5be-fca90e38aaf5' },
        { name: 'jeb_', id: '853c80ef-3c37-49fd-aa49-938b674adae6' },
        { name: 'Dinnerbone', id: '61699b2e-d327-4a01-9f1e-0ea8c3f06bc6' },
      ],
    },
    motd: {
      text: '', extra: [
        { text: 'gamequery ', color: 'gold', bold: true },
        { text: 'demo', color: '#55ffff' },
        { text: ' server\n', color: 'gray' },
        { text: 'colours', color: 'green', italic: true }, { text: ', ', color: 'white' },
        { text: 'hex', color: '#ff66cc', underlined: true }, { text: ' and ', color: 'white' },
        { text: 'formats', color: 'yellow', strikethrough: true },
      ],
    },
    favicon: FAVICON,
    enforcesSecureChat: true,
  };
}

function sqpServer() {
  return {
    info: { currentPlayers: 4, maxPlayers: 16, serverName: 'gamequery demo — SQP', gameType: 'Team Deathmatch', buildId: '2026.11.1', map: 'Harbor', port: 7777 },
    rules: {
      friendlyFire: { type: 'byte', value: 0 }, tickRate: { type: 'u16', value: 60 }, roundTime: { type: 'u32', value: 600 },
      sessionId: { type: 'u64', value: '12297829382473034410' }, region: { type: 'string', value: 'eu-west' }, gravity: { type: 'f32', value: 9.8100004196167 },
    },
    players: {
      fields: [{ name: 'name', type: 'string' }, { name: 'score', type: 'u16' }, { name: 'team', type: 'byte' }],
      records: [{ name: 'Ana', score: 31, team: 0 }, { name: 'Bo', score: 12, team: 1 }, { name: 'Cy', score: 27, team: 0 }, { name: 'Di', score: 9, team: 1 }],
    },
    teams: { fields: [{ name: 'name', type: 'string' }, { name: 'score', type: 'u16' }], records: [{ name: 'Red', score: 58 }, { name: 'Blue', score: 21 }] },
    metrics: [0.42, 59.5],
  };
}

function bedrockServer() {
  return {
    serverGuid: '13253860892328930865',
    edition: 'MCPE',
    motd: '§bgamequery §fdemo §7— Bedrock',
    protocol: 766,
    version: '1.21.50',
    online: 5,
    max: 30,
    serverId: '13253860892328930865',
    levelName: '§aSkyblock',
    gameMode: 'Survival',
    gameModeNumeric: 1,
    portV4: 19132,
    portV6: 19133,
  };
}

function queryServer() {
  return {
    motd: '§6gamequery §fdemo §7— Query',
    gameType: 'SMP',
    gameId: 'MINECRAFT',
    version: '1.21.4',
    plugins: 'Paper on Bukkit 1.21.4: Essentials 2.20.1; WorldEdit 7.3.9; LuckPerms 5.4',
    map: 'world',
    online: 14,
    max: 50,
    hostPort: 25565,
    hostIp: '127.0.0.1',
    players: ['Steve', 'Alex', 'Notch', 'jeb_', 'Dinnerbone', 'Grumm', 'Herobrine', 'Kai', 'Makena', 'Noor', 'Sunny', 'Zuri', 'Efe', 'Ari'],
  };
}

/** A Source server as A2S shows it: 20 players (2 bots), every extra info field, rules. */
function a2sServer() {
  const names = ['Kane', 'Lucia', 'Dmitry', 'Zoë', 'xX_Sniper_Xx', 'Ana', 'BOT Rex', 'BOT Max'];
  return {
    info: {
      protocol: 17, name: 'gamequery demo — A2S', map: 'de_dust2', folder: 'csgo', game: 'Counter-Strike 2', appId: 730, players: 20, maxPlayers: 32,
      bots: 2, serverType: 'dedicated', environment: 'linux', password: false, vac: true, version: '1.40.4.5', gamePort: 27015,
      steamId: '90264374594460680', keywords: 'secure,casual', gameId: '730',
    },
    players: Array.from({ length: 20 }, (_, i) => ({ index: 0, name: `${names[i % names.length]}${i}`, score: (i * 7) % 31, duration: 60 * i + 12.5 })),
    rules: { mp_timelimit: '30', mp_maxrounds: '24', sv_gravity: '800', sv_cheats: '0' },
  };
}

/** What `gamequery serve <protocol>` answers with when no --state is given, for each protocol it serves. */
const SAMPLES = {
  samp: openMpServer,
  'minecraft-java': minecraftServer,
  'minecraft-legacy': minecraftServer,
  'minecraft-bedrock': bedrockServer,
  'minecraft-query': queryServer,
  sqp: sqpServer,
  a2s: a2sServer,
};

/**
 * How `gamequery demo` shows each protocol's responder, beside SAMPLES: what the section
 * says, and what the responder and the query are given beyond the defaults.
 */
const DEMOS = {
  samp: { title: 'open.mp-like server (20 players, extras)' },
  'minecraft-java': { title: 'Minecraft Java server (component MOTD, sample, favicon)' },
  'minecraft-legacy': { title: 'a Minecraft server through the legacy 1.6 ping' },
  'minecraft-bedrock': { title: 'Minecraft Bedrock server (RakNet unconnected ping)' },
  'minecraft-query': { title: 'Minecraft Query (GameSpy4) — the full player list and plugins' },
  sqp: { title: 'Unity SQP server (rules, players, teams; replies split at 128 bytes)', serve: { maxPacketSize: 128 } },
  a2s: { title: 'Valve A2S server (challenge, bzip2-compressed split replies)', serve: { maxPacketSize: 300, compress: true }, query: { rules: true } },
};

module.exports = { SAMPLES, DEMOS, openMpServer, legacyServer, crowdedServer, minecraftServer, sqpServer, bedrockServer, queryServer, a2sServer };
