// Compile-only checks of the shipped declarations (`tsc -p tests/types`).
import {
  query, queryMany, serve, rcon, decodeResponse, decodeRequest, encodeResponse, encodeRequest, encodeVarInt, decodeVarInt, FrameDecoder,
  GameQueryError, isGameQueryError, type ErrorCode, type SampServerState, type AnyStatus, type QueryProtocol, type A2sServeState,
} from 'gamequery';
import init, * as wasm from 'gamequery-wasm';
import initSamp, * as sampOnly from 'gamequery-wasm/samp';
import * as network from 'gamequery-wasm/network';

export async function typed(): Promise<void> {
  await init();
  const status = await query('samp', '127.0.0.1:7777', { players: 'd', encoding: 'windows-1251', timeout: 500 });
  const raw: SampServerState = status.raw;
  const hostname: string = raw.info.hostname;
  const score: number = raw.players[0].score;
  const open: boolean = raw.isOpenMp;
  const bytes: Uint8Array = encodeRequest('samp', { opcode: 'p', payload: '01020304', ip: '127.0.0.1', port: 7777 });
  const reply = decodeResponse('samp', bytes, { encoding: 'auto' });
  if (reply.opcode === 'i') {
    const max: number = reply.maxPlayers;
    void max;
  }
  const wasmReply = wasm.decodeResponse('samp', bytes);
  void wasmReply.opcode;
  // One family's entry, and the one-module entry: the same declarations.
  await initSamp();
  const sampReply = sampOnly.decodeResponse('samp', bytes);
  void sampReply.opcode;
  network.initSync({ module: new Uint8Array(0) });
  void network.query('samp', '127.0.0.1:7777', { timeout: 500 });
  const server = await serve('samp', raw, { port: 0, legacy: true, rcon: { password: 'x', handler: (cmd) => [cmd] } });
  server.update({ info: raw.info });
  const lines: string[] = await rcon('samp', { host: '::1', port: server.port }, { password: 'x' }, 'players');
  const mcLines: string[] = await rcon('minecraft-java', 'mc.example.org', { password: 'x', format: 'ansi', timeout: 2000 }, 'list');
  // @ts-expect-error SA:MP's idle is not a Minecraft RCON option
  await rcon('minecraft-java', 'mc.example.org', { password: 'x', idle: 5 }, 'list');
  const rconFrames: Uint8Array[] = new FrameDecoder('source-rcon').push(encodeRequest('source-rcon', { id: 1, type: 3, body: 'pw' }));
  void [mcLines, rconFrames];
  try {
    decodeResponse('samp', new Uint8Array(2));
  } catch (e) {
    if (isGameQueryError(e)) {
      const code: ErrorCode = e.code;
      const attempts: number | undefined = e.attempts;
      void [code, attempts, e.field, e.offset, e.address, e.port, e.protocol];
    }
    if (e instanceof GameQueryError && e.name === 'AbortError') void e.cause;
  }
  void [hostname, score, open, lines];
  const mc = await query('minecraft-java', 'play.example.org', { srv: 'auto', dnsServer: '127.0.0.1:5353' });
  const ansi: string = mc.raw.motd.ansi;
  const online: number = mc.players.online;
  const srvPort: number | undefined = mc.raw.srv?.port;
  const mods: number | undefined = mc.raw.forge?.mods.length;
  const old = await query('minecraft-legacy', 'localhost:25565', { variant: 'beta' });
  const variant: string = old.raw.variant;
  await serve('minecraft-java', { motd: '§aHello', players: { online: 1, max: 2, sample: [] }, favicon: 'data:image/png;base64,AA==' }, { port: 0 });
  const frames: Uint8Array[] = new FrameDecoder('minecraft-java', { maxFrame: 1 << 16 }).push(new Uint8Array(3));
  const v: { value: number; length: number } = decodeVarInt(encodeVarInt(300));
  const pong = decodeResponse('minecraft-java', frames[0]);
  if (pong.type === 'pong') void pong.payload;
  void [ansi, online, srvPort, mods, variant, v];
  const be = await query('minecraft-bedrock', 'bedrock.example.org', { timeout: 2000 });
  const guid: string = be.raw.serverGuid;
  const line2: string | undefined = be.raw.levelName?.plain;
  const portV6: number | null = be.raw.portV6;
  const bedrock = await serve('minecraft-bedrock', { motd: '§aHi', online: 1, max: 10, serverGuid: '1' }, { port: 0, rateLimit: { burst: 5, perSecond: 5 } });
  await bedrock.update({ motd: 'bye', levelName: 'world' });
  const ping = decodeRequest('minecraft-bedrock', encodeRequest('minecraft-bedrock', { time: '1', clientGuid: '2' }));
  const t: string = ping.time;
  const pongB = decodeResponse('minecraft-bedrock', encodeResponse('minecraft-bedrock', { time: '1', serverGuid: '2', advertisement: decodeResponse('minecraft-bedrock', new Uint8Array(0)).advertisement, text: '' }));
  void [guid, line2, portV6, t, pongB.advertisement.extra];
  const gs4 = await query('minecraft-query', 'mc.example.org:25565', { full: true, retries: 1 });
  const names: string[] = gs4.players.list.map((p) => p.name);
  const plugins: string[] = gs4.raw.pluginList;
  const software: string | null = gs4.raw.serverMod;
  const gs4Server = await serve('minecraft-query', { motd: '§aHi', players: ['Steve'], online: 1, max: 5 }, { port: 0 });
  await gs4Server.update(gs4.raw);
  const hsReq = decodeRequest('minecraft-query', encodeRequest('minecraft-query', { type: 'handshake', sessionId: 1 }));
  const token: number | undefined = decodeResponse('minecraft-query', new Uint8Array(0)).token;
  void [names, plugins, software, hsReq.type, token];
  const race = await query('minecraft', 'mc.example.org', { bedrockPort: 19133, fullPlayers: true, srv: false });
  const editions: Array<'java' | 'bedrock'> = race.raw.editions;
  const motd: string | undefined = race.raw.java?.motd.plain ?? race.raw.bedrock?.motd.plain;
  const why: ErrorCode | undefined = race.raw.errors['bedrock']?.code;
  // @ts-expect-error: the parts are java, bedrock and query
  void race.raw.errors.legacy;
  void [editions, motd, why];
  const q = await query('sqp', 'game.example.org:7778', { chunks: ['info', 'players'] });
  const buildId: string | undefined = q.raw.info?.buildId;
  const rule = q.raw.rules?.['region'];
  if (rule) void (rule.type === 'u64' ? String(rule.value) : rule.value);
  const missing: string[] | undefined = q.raw.missing;
  const server2 = await serve('sqp', { info: { currentPlayers: 0, maxPlayers: 8, serverName: 'x', gameType: 'g', buildId: '1', map: 'm', port: 1 } }, { maxPacketSize: 1200 });
  server2.update({ metrics: [1, 2] });
  void [buildId, missing];
  for await (const r of queryMany([{ protocol: 'samp', target: 'a:7777' }, { protocol: 'sqp', target: 'b:1', options: { chunks: ['info'] } }], { concurrency: 4, samp: { players: 'c' } })) {
    if (r.error) {
      const code: ErrorCode = r.error.code;
      void code;
    } else {
      narrow(r.status);
    }
  }
  // A game's options under its id, as the README shows (#48: strict tsc rejected it).
  for await (const r of queryMany([{ protocol: 'rust', target: 'a:28015' }, { protocol: 'a2s', target: 'b:27015' }], { a2s: { rules: true }, rust: { timeout: 1500 } })) {
    void r;
  }
  // @ts-expect-error a game's options are its protocol's
  queryMany([{ protocol: 'rust', target: 'a:28015' }], { rust: { players: 'c' } });
  // Plain targets with the batch's protocol: options and results typed by it.
  for await (const r of queryMany(['a:7777', 'b:7777'], { protocol: 'samp', players: 'c', concurrency: Infinity })) {
    if (r.status) {
      const isOpenMp: boolean = r.status.raw.isOpenMp;
      void isOpenMp;
    }
  }
}

/** `protocol` narrows `raw`. */
function narrow(s: AnyStatus): void {
  if (s.protocol === 'samp') {
    const gamemode: string = s.raw.info.gamemode;
    void gamemode;
  } else if (s.protocol === 'minecraft-java') {
    const motd: string = s.raw.motd.plain;
    void motd;
  }
  const partial: boolean = s.players.partial;
  const ping: number | null = s.pingMs;
  const map: string | null = s.map;
  void [partial, ping, map];
}

/** A protocol chosen at run time (a slash command's option) gives the narrowable union. */
export async function runtimeProtocol(p: QueryProtocol): Promise<void> {
  narrow(await query(p, 'host:1'));
}

export async function misuse(): Promise<void> {
  // @ts-expect-error: misspelt protocol
  await query('sanp', 'host');
  // @ts-expect-error: players is not a free-form string
  await query('samp', 'host', { players: 'all' });
  // @ts-expect-error: opcode 'z' does not exist
  encodeRequest('samp', { opcode: 'z' });
  // @ts-expect-error: a ping request needs its payload
  encodeRequest('samp', { opcode: 'p' });
  // @ts-expect-error: serve state needs info
  await serve('samp', { rules: {} });
  // @ts-expect-error: srv is 'auto' or a boolean
  await query('minecraft-java', 'host', { srv: 'yes' });
  // @ts-expect-error: FrameDecoder is for stream protocols
  new FrameDecoder('samp');
  // @ts-expect-error: not a chunk name
  await query('sqp', 'h:1', { chunks: ['everything'] });
  // @ts-expect-error: plain targets need the batch's protocol
  queryMany(['h:1']);
  // @ts-expect-error: an item needs its protocol
  queryMany([{ target: 'h:1' }]);
  // @ts-expect-error: a SA:MP option on a Minecraft batch
  queryMany(['h:1'], { protocol: 'minecraft-java', players: 'c' });
  // Each Minecraft protocol takes its own options, not another's.
  // @ts-expect-error: `full` is Minecraft Query's (GS4), not the Java status's
  await query('minecraft-java', 'host', { full: false });
  // @ts-expect-error: `full` is Minecraft Query's, not the race's
  await query('minecraft', 'host', { full: true });
  // @ts-expect-error: Minecraft Query (GS4) looks up no SRV record
  await query('minecraft-query', 'host', { srv: false });
  // @ts-expect-error: Minecraft Query sends no handshake version
  await query('minecraft-query', 'host', { protocolVersion: 47 });
  // @ts-expect-error: source-rcon is a packet codec: rcon() runs it
  await query('source-rcon', 'host');
  // @ts-expect-error: nor can a batch name it
  queryMany([{ protocol: 'source-rcon', target: 'h:1' }]);
  // Serve options generated from the Rust structs: each protocol's own.
  const sqpState = { info: { currentPlayers: 0, maxPlayers: 8, serverName: 'x', gameType: 'g', buildId: '1', map: 'm', port: 1 } };
  // @ts-expect-error: compress is A2S's, not SQP's
  await serve('sqp', sqpState, { compress: true });
  // @ts-expect-error: a rate limit needs perSecond too
  await serve('minecraft-bedrock', { motd: 'x' }, { rateLimit: { burst: 5 } });
  // @ts-expect-error: the race is served edition by edition
  await serve('minecraft', {});
  // @ts-expect-error: GQ_TIMEOUT is a code, GQ_TIMEDOUT is not
  const code: ErrorCode = 'GQ_TIMEDOUT';
  void code;
}

/** gamequery-wasm over a host's sockets, and the engine a Node process runs. */
export async function hostSockets(connect: (a: { hostname: string; port: number }) => import('gamequery-wasm').StreamSocket): Promise<void> {
  const s = await wasm.query('minecraft-java', 'mc.example.org', { connect, timeout: 2000 });
  const motd: string = s.raw.motd.plain;
  // HTTP over the host's fetch (a page, a Worker): the global one, or one of the caller's.
  const pal = await wasm.query('palworld', 'pal.example.org', { password: 'x', fetch: globalThis.fetch });
  const viaOwn = await wasm.query('eldewrito', 'eld.example.org', { fetch: (url, init) => fetch(url, { ...init, headers: [...init.headers, ['x-proxy', '1']] }) });
  void [pal.players.online, viaOwn.name];
  const engine: 'native' | 'wasm' = (await import('gamequery')).engine;
  wasm.initSync({ module: new Uint8Array(8) });
  wasm.initSync({ module: new Uint8Array(8), engine: new Uint8Array(8) });
  await wasm.init({ module_or_path: '/codec.wasm', engine: new URL('https://cdn.example.org/engine.wasm') });
  await wasm.init({ engine: '/engine.wasm' });
  const net = wasm.createEngine({ open: async () => ({ send() {}, close() {} }) });
  const lines: string[] = await net.rcon('samp', 'h:1', { password: 'x' }, 'players');
  void [motd, engine, lines];
  // @ts-expect-error: options are required (the sockets to use)
  await wasm.query('samp', 'h:1');
}

// Valve A2S: typed options, state and raw result.
async function a2sUsage() {
  const { query, serve, rcon, rconSession } = await import('gamequery');
  const s = await query('a2s', 'cs.example.org:27015', { rules: true, players: true });
  const steamId: string | undefined = s.raw.info?.steamId;
  const bots: number | undefined = s.raw.info?.bots;
  const rules: Record<string, string> | undefined = s.raw.rules;
  const server = await serve('a2s', { info: { name: 'x', maxPlayers: 10 } }, { port: 0, compress: true, maxPacketSize: 1200 });
  const lines: string[] = await rcon('a2s', 'cs.example.org', { password: 'p' }, 'status');
  const session = await rconSession('a2s', 'cs.example.org', { password: 'p' });
  await session.run('status');
  // @ts-expect-error SA:MP's RCON keeps no login: rconSession is for Source RCON only.
  await rconSession('samp', 'sa.example.org', { password: 'p' });
  const { describeStatus, sampleState } = await import('gamequery');
  const sample: A2sServeState = sampleState('a2s');
  // @ts-expect-error 'minecraft' races editions that are each served on their own: no sample state.
  sampleState('minecraft');
  // Fitted to a game and the port it is served on; `serve` as that game, on its query port.
  const rust: A2sServeState = sampleState('a2s', { game: 'rust', port: 28016 });
  // @ts-expect-error a game id, not any text
  sampleState('a2s', { game: 'not-a-game' });
  const { serve: serveAs } = await import('gamequery');
  await using asRust = await serveAs('a2s', rust, { game: 'rust', rateLimit: { burst: 5, perSecond: 5 } });
  void [sample, asRust];
  const described = describeStatus(s, { color: true });
  const firstField: [string, string] | undefined = described.fields[0];
  const cell: string | number | null | undefined = described.sections[0]?.rows?.[0]?.[0];
  void [firstField, cell];
  void [steamId, bots, rules, server, lines];
}

// `await using` closes RCON sessions and responders, as the README suggests.
export async function disposal(): Promise<void> {
  const { serve, rconSession } = await import('gamequery');
  await using session = await rconSession('minecraft-java', 'mc.example.org', { password: 'p' });
  await using server = await serve('samp', { info: { password: false, players: 0, maxPlayers: 10, hostname: 'x', gamemode: 'g', language: 'l' } }, { port: 0 });
  await using wasmServer = await wasm.createEngine({ open: async () => ({ send() {}, close() {} }) }).serve('a2s', { info: { name: 'x' } });
  void [session, server, wasmServer];
}
void a2sUsage;

// Games: an id narrows to its protocol's status with `game`; the table is typed by id.
export async function gameUsage(): Promise<void> {
  const { query, queryMany, games } = await import('gamequery');
  const rust = await query('rust', 'play.example.org:28015', { queryPort: 28016, rules: true, timeout: 3000 });
  const appId: number | undefined = rust.raw.info?.appId;
  const answered: number = rust.game.queryPort;
  const connect: string = rust.connect;
  const samp = await query('gtasam', '127.0.0.1:7777', { players: 'c' });
  const host: string = samp.raw.info.hostname;
  const entry = games.vrising;
  const offsets: readonly number[] = entry.queryPortOffsets;
  // @ts-expect-error not a game id
  void games.notagame;
  // @ts-expect-error a game whose protocol is not here yet is not a query's name
  await query('m2m', '127.0.0.1');
  // @ts-expect-error rules is A2S's option, not SA:MP's
  await query('gtasam', '127.0.0.1', { rules: true });
  for await (const r of queryMany([{ protocol: 'vrising', target: 'h:27015', options: { queryPort: 27030 } }, { protocol: 'samp', target: 'h' }])) {
    void r.status?.connect;
  }
  const wasmGames: typeof games = (await import('gamequery-wasm/games')).games;
  // Games with more than their protocol: 7 Days to Die's console, VC:MP's and FFOW's dialects, Arma's mods.
  const sdtd = await query('sdtd', 'h:26900', { telnet: { port: 8081, password: 'pw', more: true } });
  const day: number | undefined = sdtd.raw.console?.day;
  const names: string[] | undefined = sdtd.raw.console?.players.map((p) => p.name);
  const vcmp = await query('vcm', 'h:8192');
  const vcmpVersion: string | undefined = vcmp.raw.info.version;
  const dialect: 'samp' | 'vcmp' | undefined = vcmp.raw.dialect;
  const ffow = await query('ffow', 'h:5476');
  const timeLeft: number | undefined = ffow.raw.ffow?.timeLeft;
  const arma = await query('arma3', 'h:2302', { rules: true });
  const workshop: string | undefined = arma.raw.serverBrowser?.mods[0]?.workshopId;
  const { serve } = await import('gamequery');
  await using ffowServer = await serve('a2s', { info: { name: 'x' }, ffow: { mode: 'FL' } }, { dialect: 'ffow', port: 0 });
  // @ts-expect-error telnet's port and password are required
  await query('sdtd', 'h', { telnet: { port: 8081 } });
  // @ts-expect-error an A2S dialect is 'source' or 'ffow'
  await query('a2s', 'h', { dialect: 'vcmp' });
  void [appId, answered, connect, host, offsets, wasmGames, day, names, vcmpVersion, dialect, timeLeft, workshop, ffowServer];
}

// gamequery/gamedig: gamedig 5's calls and result shape.
export async function gamedigUsage(): Promise<void> {
  const { GameDig, games } = await import('gamequery/gamedig');
  const state = await GameDig.query({ type: 'rust', host: 'play.example.org', port: 28015, requestRules: true });
  const names: string[] = state.players.map((p) => p.name);
  const port: number = state.queryPort;
  const instance = new GameDig({ listenUdpPort: 27000 });
  await instance.query({ type: 'protocol-valve', host: '127.0.0.1', givenPortOnly: true });
  const offset = games.vrising.options.port_query_offset;
  void [names, port, offset, GameDig.getInstance()];
}

export async function gameBatch(): Promise<void> {
  const { queryMany } = await import('gamequery');
  for await (const r of queryMany(['h:2302'], { protocol: 'arma3', rules: true, queryPort: 2303 })) {
    const port: number | undefined = r.status?.game.queryPort;
    void port;
  }
}

// FiveM: getinfo beside its HTTP endpoints; HTTP's refusals as codes of their own.
export async function fivemUsage(): Promise<void> {
  const { query, serve, sampleState, GameQueryError } = await import('gamequery');
  const s = await query('fivem', 'rp.example.org', { playersToken: 't', info: true, udp: true });
  const resources: string[] | undefined = s.raw.serverInfo?.resources;
  const ids: string[] = s.raw.players.flatMap((p) => p.identifiers);
  const iv: string | undefined = s.raw.info.iv;
  const warnings: string[] = s.raw.warnings;
  await using server = await serve('fivem', { ...sampleState('fivem'), playersToken: 'x' }, { port: 0 });
  try {
    await query('gta5f', 'rp.example.org:30120', { udp: false });
  } catch (e) {
    if (e instanceof GameQueryError && (e.code === 'GQ_RATE_LIMITED' || e.code === 'GQ_FORBIDDEN')) void e;
  }
  void [resources, ids, iv, warnings, server];
}

// id Tech 4: one protocol, the game's layout an option; ET:QW's players' campaign figures.
export async function doom3Usage(): Promise<void> {
  const { query, serve, sampleState, decodeResponse } = await import('gamequery');
  const s = await query('doom3', 'd3.example.org', { dialect: 'quake4', encoding: 'auto' });
  const dialect: 'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein' = s.raw.dialect;
  const clan: string | undefined = s.raw.players[0]?.clan;
  const xp: number | undefined = s.raw.players[0]?.xp;
  const html: string = s.raw.name.html;
  const timeLeft: number | undefined = s.raw.server?.timeLeft;
  await using server = await serve('doom3', sampleState('doom3'), { port: 0, dialect: 'etqw' });
  const r = decodeResponse('doom3', new Uint8Array(0), { dialect: 'auto' });
  const kind: 'infoResponse' | 'infoExResponse' = r.kind;
  // @ts-expect-error: no such game layout
  await query('doom3', 'd3.example.org', { dialect: 'quake3' });
  void [dialect, clan, xp, html, timeLeft, server, kind];
}

// All-Seeing Eye: the counts and port as numbers, each player's fields as the text sent.
export async function allSeeingEyeUsage(): Promise<void> {
  const { query, serve, sampleState, decodeResponse, encodeRequest } = await import('gamequery');
  const s = await query('all-seeing-eye', 'mta.example.org', { encoding: 'auto' });
  const gamePort: number = s.raw.port;
  const rules: Record<string, string> = s.raw.rules;
  const score: string | undefined = s.raw.players[0]?.score;
  const byGame = await query('gtasamta', 'mta.example.org');
  await using server = await serve('all-seeing-eye', sampleState('all-seeing-eye'), { port: 0, rateLimit: { burst: 5, perSecond: 1 } });
  const r = decodeResponse('all-seeing-eye', new Uint8Array(0), { encoding: 'windows-1252' });
  const online: number = r.numPlayers;
  const request: Uint8Array = encodeRequest('all-seeing-eye', { command: 's' });
  // @ts-expect-error: a player's ping is the text the server sent
  const ping: number = r.players[0].ping;
  void [gamePort, rules, score, byGame, server, online, request, ping];
}

// GameSpy 1: settings, players and teams gathered from the reply's pairs; one datagram's pairs in the codec.
export async function gameSpy1Usage(): Promise<void> {
  const { query, serve, sampleState, decodeResponse, FrameDecoder } = await import('gamequery');
  const s = await query('gamespy1', 'ut.example.org', { query: 'status', encoding: 'windows-1252' });
  const gamever: string | undefined = s.raw.rules.gamever;
  const name: string | undefined = s.raw.players[0]?.name;
  const frags: string | undefined = s.raw.players[0]?.frags;
  const team: string | undefined = s.raw.teams[0]?.name;
  const stale: number = s.raw.stalePlayers;
  await using server = await serve('gamespy1', sampleState('gamespy1'), { port: 0 });
  const frames = new FrameDecoder('gamespy1');
  const [whole] = frames.push(new Uint8Array(0));
  const r = decodeResponse('gamespy1', whole ?? new Uint8Array(0));
  const pair: [string, string] | undefined = r.pairs[0];
  void [gamever, name, frags, team, stale, server, pair];
}

// GameSpy 2: settings, players and teams as records; the reply's tables as sent in the codec.
export async function gameSpy2Usage(): Promise<void> {
  const { query, serve, sampleState, decodeResponse, encodeRequest } = await import('gamequery');
  const s = await query('halo', 'halo.example.org', { encoding: 'windows-1252' });
  const score: string | undefined = s.raw.players[0]?.score;
  const team: string | undefined = s.raw.teams[0]?.name;
  await using server = await serve('gamespy2', sampleState('gamespy2'), { port: 0 });
  const r = decodeResponse('gamespy2', new Uint8Array(0));
  const fields: string[] | undefined = r.players?.fields;
  const request: Uint8Array = encodeRequest('gamespy2', { id: 1, server: true, players: false, teams: false });
  void [score, team, server, fields, request];
}

// GameSpy 3: keys, players and teams as records; each datagram's sections as sent.
export async function gameSpy3Usage(): Promise<void> {
  const { query, serve, sampleState, decodeResponse, encodeRequest, FrameDecoder } = await import('gamequery');
  const s = await query('battlefield2', 'bf2.example.org', { encoding: 'windows-1252' });
  const deaths: string | undefined = s.raw.players[0]?.deaths;
  const team: string | undefined = s.raw.teams[0]?.name;
  const jc = await query('gamespy3', 'jc2.example.org:7777', { layout: 'jc2mp' });
  await using server = await serve('gamespy3', sampleState('gamespy3'), { port: 0, challenge: false });
  const r = decodeResponse('gamespy3', new Uint8Array(0), { layout: 'auto' });
  const offset: number | undefined = r.sections?.[1]?.fields?.[0]?.offset;
  const ping: number | undefined = r.sections?.[1]?.players?.[0]?.ping;
  const request: Uint8Array = encodeRequest('gamespy3', { type: 'query', session: 1, challenge: 0, layout: 'split' });
  const whole: Uint8Array[] = new FrameDecoder('gamespy3').push(new Uint8Array(0));
  void [deaths, team, jc.raw.packets, server, offset, ping, request, whole];
}

// Unreal 2: the info, the rules gathered, the mutators, every player line.
export async function unreal2Usage(): Promise<void> {
  const { query, serve, sampleState, decodeResponse, encodeRequest } = await import('gamequery');
  const s = await query('killingfloor', 'kf.example.org:7707');
  const mutators: string[] = s.raw.mutators;
  const statsId: number | undefined = s.raw.players[0]?.statsId;
  const extra: string = s.raw.info.extra;
  await using server = await serve('unreal2', sampleState('unreal2'), { port: 0 });
  const r = decodeResponse('unreal2', new Uint8Array(0));
  const command: 'info' | 'rules' | 'players' = r.command;
  const request: Uint8Array = encodeRequest('unreal2', { command: 'rulesAndPlayers', version: 0x79 });
  void [mutators, statsId, extra, server, command, request];
}

// Palworld (#50): its REST API's bodies as sent, the options that hold the credentials.
export async function palworldUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const s = await query('palworld', 'pal.example.org', { password: 'p', username: 'admin', settings: false });
  const fps: number | undefined = s.raw.metrics?.serverfps;
  const level: number | undefined = s.raw.players[0]?.level;
  const world: string | undefined = s.raw.serverInfo.worldguid;
  const warnings: string[] = s.raw.warnings;
  await using server = await serve('palworld', { ...sampleState('palworld'), password: 'p' }, { port: 0, maxConnections: 8 });
  // @ts-expect-error the option is password
  await query('palworld', 'h', { adminPassword: 'p' });
  void [fps, level, world, warnings, server];
}

// Terraria (#50): TShock's reply as sent, its token option.
export async function terrariaUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const t = await query('terrariatshock', 'tshock.example.org', { token: 'T', rules: false });
  const tshock: string | undefined = t.raw.tshockversion;
  const team: number | undefined = t.raw.players?.[0]?.team;
  await using server = await serve('terraria', { ...sampleState('terraria'), token: 'T' }, { port: 0 });
  void [tshock, team, server];
}

// Satisfactory (#50): the Lightweight Query's state, flags as text, sub-states.
export async function satisfactoryUsage(): Promise<void> {
  const { query, serve, sampleState, decodeResponse } = await import('gamequery');
  const s = await query('satisfactory', 'sf.example.org');
  const state: 'offline' | 'idle' | 'loading' | 'playing' | 'unknown' = s.raw.stateName;
  const flags: string = s.raw.flags;
  const sub: number | undefined = s.raw.subStates[0]?.version;
  const r = decodeResponse('satisfactory', new Uint8Array(0));
  const changelist: number = r.changelist;
  await using server = await serve('satisfactory', { ...sampleState('satisfactory'), state: 1 }, { port: 0, rateLimit: { perSecond: 5, burst: 5 } });
  // @ts-expect-error the state is a number
  await serve('satisfactory', { state: 'idle' });
  // The HTTPS API beside it: a token, its certificate checked against a CA; what it said.
  const api = await query('satisfactory', 'sf.example.org', { token: 'T', tls: { ca: '-----BEGIN CERTIFICATE-----' } });
  const online: number | undefined = api.raw.serverGameState?.numConnectedPlayers;
  const warned: string[] = api.raw.warnings;
  await query('satisfactory', 'sf.example.org', { api: false, tls: true });
  await using closed = await serve('satisfactory', sampleState('satisfactory'), { port: 0, passwordless: false, apiToken: 'T' });
  // @ts-expect-error tls is true, false or its options
  await query('satisfactory', 'sf.example.org', { tls: 'yes' });
  void [state, flags, sub, changelist, server, online, warned, closed];
}

// TeamSpeak 3 (#50): records as sent, the ServerQuery's port as an option.
export async function teamspeak3Usage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const ts = await query('teamspeak3', 'ts.example.org', { queryPort: 10011, serverId: 1, channels: false });
  const topic: string | undefined = ts.raw.channels?.[0]?.channel_topic;
  const welcome: string | undefined = ts.raw.serverinfo.virtualserver_welcomemessage;
  const warnings: string[] = ts.raw.warnings;
  await using server = await serve('teamspeak3', sampleState('teamspeak3'), { port: 0, maxConnections: 4 });
  // @ts-expect-error records hold text
  await serve('teamspeak3', { serverinfo: { virtualserver_maxclients: [32] } });
  // TeamSpeak 6: WebQuery with an API key, over HTTPS with the server's own certificate.
  const ts6 = await query('teamspeak3', 'ts.example.org', { token: 'BAB', tls: { insecure: true } });
  const asked: string = ts6.raw.server;
  await using web = await serve('teamspeak3', { ...sampleState('teamspeak3'), apiKey: 'BAB' }, { webQuery: true, tls: true });
  // @ts-expect-error a key is text
  await query('teamspeak3', 'ts.example.org', { token: 1 });
  void [topic, welcome, warnings, server, asked, web];
}

// ElDewrito (#50): the status object as sent.
export async function eldewritoUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const e = await query('eldewrito', 'game.example.org');
  const variant: string | undefined = e.raw.variantType;
  const kills: number | undefined = e.raw.players?.[0]?.kills;
  await using server = await serve('eldewrito', { ...sampleState('eldewrito'), name: 'E' }, { port: 0 });
  void [variant, kills, server];
}

// Kerbal Space Program's DarkMultiPlayer (#50): the status object as sent.
export async function kspdmpUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const k = await query('kspd', 'game.example.org:6702');
  const warp: string | undefined = k.protocol === 'kspdmp' ? k.raw.warp_mode : undefined;
  const joined: string | undefined = (await query('kspdmp', 'game.example.org')).raw.players;
  await using server = await serve('kspdmp', { ...sampleState('kspdmp'), players: 'Jeb, Val' }, { port: 0 });
  // @ts-expect-error DMP joins the names into one string
  await serve('kspdmp', { ...sampleState('kspdmp'), players: ['Jeb'] });
  void [warp, joined, server];
}

// Assetto Corsa (#50): /INFO and the entry list as sent, a warning where the list failed.
export async function assettoCorsaUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const ac = await query('assettocorsa', 'game.example.org:8081', { players: false });
  const cars: string[] | undefined = ac.raw.serverInfo.cars;
  const driver: string | null | undefined = ac.raw.carInfo[0]?.DriverName;
  const warnings: string[] | undefined = ac.raw.warnings;
  await using server = await serve('assettocorsa', ac.raw, { port: 0 });
  // @ts-expect-error the state is /INFO under serverInfo
  await serve('assettocorsa', sampleState('assettocorsa').serverInfo);
  void [cars, driver, warnings, server];
}

// Farming Simulator (#50): the feed read, its document as sent; the code required.
export async function farmingSimulatorUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const fs = await query('farmingsimulator22', 'game.example.org:8080', { token: 'code' });
  const game: string | undefined = fs.raw.server.game;
  const mod: string | undefined = fs.raw.mods[0]?.title;
  const uptime: number | undefined = fs.raw.players[0]?.uptime;
  await using server = await serve('farmingsimulator', { ...sampleState('farmingsimulator'), data: fs.raw.data }, { port: 0 });
  // @ts-expect-error the attributes are text, as in the XML
  await serve('farmingsimulator', { server: { capacity: 6 } });
  void [game, mod, uptime, server];
}

// Factorio (#50): its matchmaking API asked about the game; `api` names another.
export async function factorioUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const f = await query('factorio', 'game.example.org', { api: 'https://multiplayer.factorio.com', tls: { ca: '-----BEGIN CERTIFICATE-----' } });
  const build: string | undefined = f.raw.application_version?.build_version;
  const players: string[] | undefined = f.raw.players;
  await using api = await serve('factorio', sampleState('factorio'), { port: 0 });
  // @ts-expect-error an api is a URL
  await query('factorio', 'game.example.org', { api: 8080 });
  void [build, players, api];
}

// BeamMP (#50): its server list, the entry of the server asked for.
export async function beammpUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const b = await query('beammp', 'game.example.org', { api: 'https://backend.beammp.com' });
  const mods: string | undefined = b.raw.modlist;
  await using list = await serve('beammp', [b.raw, { ...b.raw, port: '30815' }], { port: 0 });
  await using one = await serve('beammp', sampleState('beammp'), { port: 0 });
  // @ts-expect-error the counts are text in the list
  await serve('beammp', { players: 3 });
  void [mods, list, one];
}

// Minetest and Vintage Story (#50): their lists' entries.
export async function listsUsage(): Promise<void> {
  const { query } = await import('gamequery');
  const m = await query('minetest', 'game.example.org');
  const names: string[] | undefined = m.raw.clients_list;
  const v = await query('vintagestory', 'game.example.org', { api: 'https://masterserver.vintagestory.at' });
  const style: string | undefined = v.raw.playstyle?.langCode;
  const r = await query('renegade10', 'game.example.org:7777');
  const limit: number | boolean | undefined = r.raw.Variables?.['Player Limit'];
  const bots: number | undefined = r.players.bots ?? undefined;
  const a = await query('gta5am', 'play.example.org:7788', { serverId: 'ab12' });
  const cdn: boolean | undefined = a.raw.useCdn;
  const g = await query('ragemp', 'play.example.org');
  const peers: number | undefined = g.raw.servers?.length;
  const amount: number | undefined = g.raw.servers?.[0]?.players?.amount;
  // @ts-expect-error serverId is alt:V's
  await query('ragemp', 'play.example.org', { serverId: 'x' });
  const x = await query('mutantfactions', 'play.example.org');
  const missions: boolean | undefined = x.raw.missions;
  const d = await query('discord', '81384788765712384');
  const invite: string | null | undefined = d.raw.instant_invite;
  const status: string | undefined = d.raw.members?.[0]?.status;
  const sl = await query('ssl', 'play.example.org', { accountId: 12345, apiKey: 'k', serverId: '7' });
  const ff: boolean | undefined = sl.raw.Servers?.[0]?.FF;
  // @ts-expect-error apiKey is required
  await query('scpsl', 'play.example.org', { accountId: 1 });
  const bp = await query('brokeprotocol', 'play.example.org', { snapshotInterval: '1d' });
  const limit2: number | undefined = bp.raw.playerlimit;
  const hw = await query('hawakening', '6a3f1e2d-7c4b-4d5e-8f90-a1b2c3d4e5f6', { username: 'pilot@example.org', password: 'p' });
  const region: string | undefined = hw.raw.listing.Region;
  const assigned: string | undefined = hw.raw.info?.AssignedServerIp;
  const warned: string[] = hw.raw.warnings;
  // @ts-expect-error username is required
  await query('hawakening', '6a3f1e2d-7c4b-4d5e-8f90-a1b2c3d4e5f6', { token: 't' });
  void [names, style, limit, bots, cdn, peers, amount, missions, invite, status, ff, limit2, region, assigned, warned];
}

// Hytale (#50): the query plugin's sections as sent; TLS first, or plain with `tls: false`.
export async function hytaleUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const h = await query('hytale', 'game.example.org', { username: 'serviceaccount.bot', password: 'p', tls: { insecure: true } });
  const patchline: string | undefined = h.raw.Server?.Patchline;
  const world: string | undefined = h.raw.Players?.[0]?.World;
  const loaded: boolean | undefined = h.raw.Plugins?.['Nitrado:Query']?.Loaded;
  await using server = await serve('hytale', sampleState('hytale'), { port: 0, tls: false });
  // @ts-expect-error serve's tls is on or off
  await serve('hytale', sampleState('hytale'), { tls: { ca: 'x' } });
  void [patchline, world, loaded, server];
}

// Eco and Build and Shoot (#50): Info as sent; piqueserver's status object.
export async function ecoAndBasUsage(): Promise<void> {
  const { query, serve, sampleState } = await import('gamequery');
  const eco = await query('eco', 'game.example.org');
  const economy: string | undefined = eco.raw.EconomyDesc;
  const names: string[] | undefined = eco.raw.OnlinePlayersNames;
  await using ecoServer = await serve('eco', sampleState('eco'), { port: 0 });
  // A saved raw (its Info) serves too; a description is text.
  await serve('eco', eco.raw);
  // @ts-expect-error Description is text
  await serve('eco', { Description: 5 });
  const aos = await query('buildandshoot', 'game.example.org');
  const team: string | undefined = aos.raw.players?.[0]?.team;
  const blue: number | undefined = aos.raw.scores?.currentBlueScore;
  await using basServer = await serve('buildandshoot', sampleState('buildandshoot'), { port: 0 });
  void [economy, names, ecoServer, team, blue, basServer];
}

// #48: the UDP responders' options carry their own name, not Minecraft Bedrock's.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type UdpServe = import('gamequery').UdpServeOptions;
type ServeOf<P extends import('gamequery').ServeProtocol> = import('gamequery').NetworkTypes[P]['serveOptions'];
export const udpServeNamed: [Same<ServeOf<'quake3'>, UdpServe>, Same<ServeOf<'mumble'>, UdpServe>, Same<ServeOf<'gamespy1'>, UdpServe>] = [true, true, true];
export const oldNameKept: import('gamequery').BedrockServeOptions = { host: '127.0.0.1', port: 0 } satisfies UdpServe;

// #48, 15: gamedig 4's ids still type-check (deprecated), narrowed to the game they became.
export async function oldIds(): Promise<void> {
  const bedrock = await query('minecraftbe', 'h');
  const editions: Array<'java' | 'bedrock'> = bedrock.raw.editions;
  const id: import('gamequery').OldGameIds['minecraftbe'] = 'mbe';
  void [editions, id];
  // @ts-expect-error not an id, old or new
  await query('minecraftbee', 'h');
  // The drop-in: every protocol class gamedig has that gamequery speaks.
  const { GameDig } = await import('gamequery/gamedig');
  await GameDig.query({ type: 'protocol-mumbleping', host: 'h' });
  await GameDig.query({ type: 'protocol-gamespy2', host: 'h' });
  const klass: import('gamequery').GamedigProtocolClass = 'unreal2';
  void klass;
}
