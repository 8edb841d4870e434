'use strict';
// What `gamequery demo` shows beyond each protocol's sample state (the core's
// `sampleState`): SA:MP 0.3.7 with a code page, a crowded server, and each section's title.

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

/**
 * How `gamequery demo` shows each protocol's responder, beside its sample state: what the section
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
  'all-seeing-eye': { title: 'Multi Theft Auto server (All-Seeing Eye: rules and every player in one datagram)' },
  gamespy1: { title: 'Unreal Tournament server (GameSpy 1: \\key\\value pairs, players and teams)' },
  gamespy2: { title: 'Halo server (GameSpy 2: settings, players and teams in one binary reply)' },
  gamespy3: { title: 'Battlefield 2 server (GameSpy 3: a challenge, then keys, players and teams over split datagrams)' },
  unreal2: { title: 'UT2004 server (Unreal 2: info, rules and players over several datagrams)' },
  satisfactory: { title: 'Satisfactory dedicated server (its Lightweight Query: state, changelist, sub-states)' },
  teamspeak3: { title: 'TeamSpeak 3 ServerQuery (a voice server asked through its console: clients and channels)' },
};

/** A V Rising server for the demo's game query: A2S, no game port advertised (`connect` is the one given). */
function vRisingServer() {
  return {
    info: {
      protocol: 17, name: 'gamequery demo — V Rising', map: 'Vardoran', folder: 'VRising', game: 'V Rising', appId: 1604030, gameId: '1604030',
      players: 3, maxPlayers: 40, version: 'v1.1.5', keywords: 'pvp,blood-fountain',
    },
    players: ['Dracula', 'Alucard', 'Mina'].map((name, i) => ({ index: 0, name, score: 0, duration: 600 * (i + 1) })),
  };
}

module.exports = { DEMOS, legacyServer, crowdedServer, vRisingServer };
