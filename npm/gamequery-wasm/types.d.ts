// Generated from gamequery-core's Rust types (core/src/typescript.rs). Do not edit:
// run `npm run build` after changing a type.

export type Status<R> = { protocol: string, name: string, map: string | null, mode: string | null, version: string | null, password: boolean, players: StatusPlayers, pingMs: number | null, 
/**
 * The address that was queried (after DNS), and its port: the query port.
 */
address: string, port: number, 
/**
 * Where players join, `host:port`: the host as the caller gave it (or as SRV named
 * it), with the game port the server advertises (A2S), else the game port of the
 * game asked for, else the port queried.
 */
connect: string, 
/**
 * The game asked for, when the query named one (`query('rust', …)`).
 */
game?: GameMatch, 
/**
 * Everything the server sent, typed per protocol.
 */
raw: R, };

export type StatusPlayers = { 
/**
 * Everyone connected that the server counts, bots included: what `list` holds when
 * it is complete.
 */
online: number, max: number, 
/**
 * How many of `online` are bots, where the protocol says (A2S); `None` (`null`) where
 * it does not. A2S marks no list entry as a bot, so only the count tells them apart:
 * the humans are `online - bots`.
 */
bots: number | null, 
/**
 * SA:MP's `raw.players`, and Minecraft's `raw.players.sample` when no line was left
 * out, are this same array in JS, not a copy.
 */
list: Array<StatusPlayer>, 
/**
 * The list is not everyone online: a sample (Minecraft sends at most ~12 names), or
 * withheld (SA:MP sends none above 100 players), or the server left names out.
 */
partial: boolean, };

export type StatusPlayer = { name: string, id?: PlayerId, score?: number, 
/**
 * Milliseconds.
 */
ping?: number, };

export type PlayerId = number | string;

export type Hex = string;

export type RuleList = Record<string, string>;

export type Motd = { 
/**
 * In a decoded Java status, `document`'s description is this very value (one
 * allocation, one object in JavaScript but for the browser's codec module, which
 * leaves that out for its size).
 */
raw: string | object | Array<unknown>, plain: string, ansi: string, html: string, 
/**
 * `§`-coded; hex colours as `§x§r§r§g§g§b§b`.
 */
minecraft: string, };

export type MinecraftRaceResult = { 
/**
 * The editions that answered: `'java'`, `'bedrock'` or both.
 */
editions: Array<'java' | 'bedrock'>, java: JavaQueryResult | null, bedrock: BedrockQueryResult | null, 
/**
 * The Query full stat (`fullPlayers: true`), when the server has `enable-query`.
 */
query: MinecraftQueryResult | null, 
/**
 * What went wrong for each part that did not answer: `{ java: { code, message } }`.
 */
errors: { [part in 'java' | 'bedrock' | 'query']?: { code: ErrorCode; message: string } }, };

export type UdpServeOptions = { 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * UDP port (0 picks a free one).
 */
port?: number, 
/**
 * Requests answered per source address: a burst, refilled per second (default 20, 10 per second).
 */
rateLimit?: RateLimit, };

export type TcpServeOptions = { 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * TCP port (0 picks a free one).
 */
port?: number, 
/**
 * Per-connection deadline in ms (default 5000).
 */
connectionTimeout?: number, 
/**
 * Connections open at once (default 64); a new one past it closes the connection that
 * has waited longest without an answer, so idle connections cannot lock clients out.
 */
maxConnections?: number, };

export type HttpsServeOptions = { 
/**
 * HTTPS (default true: a self-signed certificate made at `serve()`); false serves
 * plain HTTP, as a server whose TLS was turned off; `{ cert, key }` (PEM) serves that
 * certificate (its chain after it) and key.
 */
tls?: boolean | TlsIdentity, 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * TCP port (0 picks a free one).
 */
port?: number, 
/**
 * Per-connection deadline in ms (default 5000).
 */
connectionTimeout?: number, 
/**
 * Connections open at once (default 64); a new one past it closes the connection that
 * has waited longest without an answer, so idle connections cannot lock clients out.
 */
maxConnections?: number, };

export type TlsIdentity = { 
/**
 * The certificate, then the chain up to (not including) the root, PEM.
 */
cert: string, 
/**
 * Its private key, PEM (PKCS #8, SEC 1 or PKCS #1).
 */
key: string, };

export type RateLimit = { burst: number, perSecond: number, };

export type NetworkOptions = { 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type StatusDescription = { 
/**
 * `[label, value]` in order (values as the server sent them: a printer cleans control
 * characters, except in a `motd`, which is clean already and may hold ANSI colours).
 */
fields: Array<[string, string]>, sections: Array<StatusSection>, 
/**
 * Lines after the sections (`players: none listed (…)`).
 */
notes: Array<string>, warnings: Array<string>, };

export type StatusSection = { title: string, fields?: Array<[string, string]>, headers?: Array<string>, rows?: Array<Array<StatusTableCell | null>>, };

export type StatusTableCell = string | number;

export type GameMatch = { 
/**
 * Its id, as the registry spells it (an old id given is answered with the new one).
 */
id: GameId, name: string, 
/**
 * The port players connect to: the target's port, unless it answered the query itself
 * (then the game's offset back from it: `rust` at `host:28016` is 28015); without one,
 * by that rule from `queryPort`, else the game's default; `null` if none.
 */
gamePort: number | null, 
/**
 * The candidate that answered.
 */
queryPort: number, };

export type EncodingOptions = { 
/**
 * A WHATWG label (`windows-1252`, `utf-8`, …) or `'auto'` (default: UTF-8 where the
 * whole reply is, else one guess over all of its text).
 */
encoding?: string, };

export type TlsOptions = { 
/**
 * The certificates to trust (PEM text, or a list of them), instead of Mozilla's roots:
 * a self-signed server's own certificate, or a private CA's.
 */
ca?: string | string[], 
/**
 * Accept any certificate (the handshake's signatures are still checked): a server
 * whose self-signed certificate you do not have. Anyone on the path can read and
 * change what it says.
 */
insecure?: boolean, 
/**
 * The name the certificate must hold, when it is not the target's host (a server
 * asked by its address).
 */
serverName?: string, };

export type SampRequest = { 
/**
 * `'vcmp'` for Vice City: Multiplayer's (`VCMP`); absent for SA:MP's.
 */
dialect?: SampDialect, ip?: string, port?: number, } & ({ "opcode": "i" } | { "opcode": "r" } | { "opcode": "c" } | { "opcode": "d" } | { "opcode": "o" } | { "opcode": "p", payload: Hex, } | { "opcode": "x", password: string, command: string, 
/**
 * The code page of password and command: a WHATWG label (default `utf-8`).
 */
encoding?: string, });

export type SampRequestBody = { "opcode": "i" } | { "opcode": "r" } | { "opcode": "c" } | { "opcode": "d" } | { "opcode": "o" } | { "opcode": "p", payload: Hex, } | { "opcode": "x", password: string, command: string, 
/**
 * The code page of password and command: a WHATWG label (default `utf-8`).
 */
encoding?: string, };

export type SampResponse = { 
/**
 * `'vcmp'` for Vice City: Multiplayer's (`MP04`); absent for SA:MP's.
 */
dialect?: SampDialect, ip?: string, port?: number, } & ({ "opcode": "i" } & SampInfo | { "opcode": "r" } & SampRules | { "opcode": "c" } & SampPlayerList | { "opcode": "d" } & SampPlayerList | { "opcode": "o" } & SampOpenMpInfo | { "opcode": "p", payload: Hex, } | { "opcode": "x" } & SampRconLine);

export type SampResponseBody = { "opcode": "i" } & SampInfo | { "opcode": "r" } & SampRules | { "opcode": "c" } & SampPlayerList | { "opcode": "d" } & SampPlayerList | { "opcode": "o" } & SampOpenMpInfo | { "opcode": "p", payload: Hex, } | { "opcode": "x" } & SampRconLine;

export type SampInfo = { password: boolean, players: number, maxPlayers: number, hostname: string, gamemode: string, 
/**
 * Before SA:MP 0.3.7 this field carried the map name.
 */
language: string, 
/**
 * VC:MP's version (`04rel006`), which its info reply starts with.
 */
version?: string, 
/**
 * WHATWG name of the code page the strings were decoded with (`utf-8`,
 * `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
 */
encoding?: string, 
/**
 * The undecoded bytes of every string of the reply, in wire order, as hex — only
 * with the `rawStrings: true` option. Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampOpenMpInfo = { discord: string, lightBanner: string, darkBanner: string, 
/**
 * Added in open.mp's 2024-06 builds; absent from older servers' replies.
 */
logo?: string, 
/**
 * WHATWG name of the code page the strings were decoded with (`utf-8`,
 * `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
 */
encoding?: string, 
/**
 * The undecoded bytes of every string of the reply, in wire order, as hex — only
 * with the `rawStrings: true` option. Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampPlayer = { name: string, 
/**
 * Player id (0–255 on the wire); only a `d` reply carries it.
 */
id?: number, 
/**
 * Signed: gamemodes use negative scores.
 */
score: number, 
/**
 * Milliseconds; only a `d` reply carries it.
 */
ping?: number, };

export type SampPlayerList = { players: Array<SampPlayer>, 
/**
 * WHATWG name of the code page the strings were decoded with (`utf-8`,
 * `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
 */
encoding?: string, 
/**
 * The undecoded bytes of every string of the reply, in wire order, as hex — only
 * with the `rawStrings: true` option. Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampRules = { rules: RuleList, 
/**
 * WHATWG name of the code page the strings were decoded with (`utf-8`,
 * `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
 */
encoding?: string, 
/**
 * The undecoded bytes of every string of the reply, in wire order, as hex — only
 * with the `rawStrings: true` option. Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampRconLine = { line: string, 
/**
 * WHATWG name of the code page the strings were decoded with (`utf-8`,
 * `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
 */
encoding?: string, 
/**
 * The undecoded bytes of every string of the reply, in wire order, as hex — only
 * with the `rawStrings: true` option. Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampReplyText = { 
/**
 * WHATWG name of the code page the strings were decoded with (`utf-8`,
 * `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
 */
encoding?: string, 
/**
 * The undecoded bytes of every string of the reply, in wire order, as hex — only
 * with the `rawStrings: true` option. Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampDecodeOptions = { 
/**
 * A WHATWG label (`windows-1251`, `cp1252`, `utf-8`, …) or `'auto'` (default).
 */
encoding?: string, 
/**
 * Also return every string's undecoded bytes (`rawStrings`, hex) to re-decode them.
 */
rawStrings?: boolean, };

export type SampServerState = { 
/**
 * `'vcmp'`: a Vice City: Multiplayer server (`dialect: 'vcmp'`); absent for SA:MP's.
 */
dialect?: SampDialect, info: SampInfo, rules: RuleList, 
/**
 * In a query result, the same array as `players.list`.
 */
players: Array<SampPlayer>, 
/**
 * Which reply the list came from; absent when no list was received.
 */
playersSource?: SampPlayersSource, 
/**
 * Why the list is empty although players are online (e.g. more than 100 players:
 * servers send no list then).
 */
playersWithheld?: string, 
/**
 * open.mp's `o` extras (Discord invite, banners, logo).
 */
openMp?: SampOpenMpInfo, 
/**
 * True when the server answered `o` or its `version` rule starts with `omp `.
 */
isOpenMp: boolean, 
/**
 * The code page of every string (WHATWG name). When serving: the code page to
 * write (default `utf-8`).
 */
encoding?: string, 
/**
 * Undecoded bytes (hex) of every string, per reply, in wire order.
 */
rawStrings?: SampRawStrings, latencyMs?: number, latencySource?: SampLatencySource, 
/**
 * Replies that were malformed and ignored, in words.
 */
warnings?: Array<string>, };

export type SampRawStrings = { info: Array<string>, rules: Array<string>, players: Array<string>, openMp: Array<string>, };

export type SampPlayersSource = "c" | "d";

export type SampLatencySource = "ping" | "info";

export type SampAddress = { ip?: string, port?: number, };

export type SampQueryOptions = { 
/**
 * A WHATWG label (`'windows-1251'`, `'cp1252'`, `'utf-8'`, …) or `'auto'` (default).
 */
encoding?: string, 
/**
 * `'auto'` (default): `d` when the version rule says SA:MP, `c` when it says open.mp, both
 * otherwise; `'c'`; `'d'` (`c` when the server ignores `d`, with a warning); `false`: no list.
 */
players?: 'auto' | 'c' | 'd' | false, 
/**
 * Ask open.mp's `o` extras (default true; false saves an exchange in bulk scans).
 */
openMp?: boolean, 
/**
 * Measure latency with `p` (default true; false: the `i` round trip is the latency).
 */
ping?: boolean, 
/**
 * Also return every string's undecoded bytes in `raw.rawStrings` (hex), to re-decode them (default false).
 */
rawStrings?: boolean, 
/**
 * `'vcmp'`: a Vice City: Multiplayer 0.4 server (its own magic, no rules, names only);
 * the `vcm` game id sets it. Default `'samp'` (SA:MP and open.mp).
 */
dialect?: 'samp' | 'vcmp', 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type SampServeOptions = { 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface; `'127.0.0.1'` for this machine only, `'::'` for IPv6 too).
 */
host?: string, 
/**
 * UDP port (default 7777; 0 picks a free one).
 */
port?: number, 
/**
 * Answer like SA:MP 0.3.7 (`d` answered, `o` not); by default when the state's version rule says SA:MP (`0.3.7-R2`).
 */
legacy?: boolean, 
/**
 * RCON on the query port: the password, and the handler that runs a command (the
 * host's: it is split off before the options reach the core).
 */
rcon?: { password: string; handler(command: string): string[] | string | Promise<string[] | string> }, 
/**
 * Per-source token bucket (default burst 60, 30 per second).
 */
rateLimit?: RateLimit, };

export type SampServeState = Partial<SampServerState> & Pick<SampServerState, 'info'>;

export type RconOptions = { 
/**
 * The server's `rcon_password`.
 */
password: string, 
/**
 * How long without a line ends the reply (default 250 ms): after the last line, or, for a
 * command that prints nothing, after the server answered the `i` query sent beside it.
 */
idle?: number, 
/**
 * Code page of the command and the reply (default: UTF-8 out, detection in).
 */
encoding?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type SampDialect = "samp" | "vcmp";

export type JavaRequest = { "type": "status", protocol?: number, host: string, port?: number, } | { "type": "handshake", protocol: number, host: string, port: number, nextState: number, } | { "type": "statusRequest" } | { "type": "ping", payload: Hex, };

export type JavaResponse = { "type": "status" } & JavaStatus | { "type": "pong", payload: Hex, };

export type JavaStatus = { version?: JavaVersion, players?: JavaPlayers, 
/**
 * The `description`, rendered. When serving: a `§` string, a component, or this object.
 */
motd: Motd, favicon?: Favicon, enforcesSecureChat?: boolean, previewsChat?: boolean, preventsChatReports?: boolean, 
/**
 * Forge's mod list (FML1 `modinfo`, FML2/FML3 `forgeData`).
 */
forge?: ForgeData, 
/**
 * The whole document as the server sent it, unknown keys included.
 */
document?: Record<string, unknown>, 
/**
 * Parts that were malformed and dropped, in words.
 */
warnings?: Array<string>, };

export type JavaVersion = { name: string, protocol: number, };

export type JavaPlayers = { online: number, max: number, 
/**
 * In a query result, the same array as `players.list` when no line was left out; in
 * a decoded status, the document's own when its entries are plain `{name, id}`.
 */
sample: Array<JavaSamplePlayer>, };

export type JavaSamplePlayer = { name: string, id: string, };

export type Favicon = { 
/**
 * `data:image/png;base64,…` — decode the part after the comma for the bytes.
 */
dataUri: string, mimeType: string, byteLength: number, };

export type ForgeData = { 
/**
 * 1 (`modinfo`), 2 or 3 (`forgeData`).
 */
fml: number, mods: Array<ForgeMod>, channels: Array<ForgeChannel>, 
/**
 * The server cut the list short (FML3).
 */
truncated: boolean, };

export type ForgeMod = { id: string, 
/**
 * Absent for server-only mods (FML3) and when the server did not say.
 */
version?: string, };

export type ForgeChannel = { name: string, version: string, required: boolean, };

export type JavaQueryResult = { latencyMs: number, latencySource: JavaLatencySource, 
/**
 * The `_minecraft._tcp` record used, if any.
 */
srv?: SrvRecord, 
/**
 * True when the server only answered the legacy ping (a pre-1.7 server).
 */
legacy: boolean, version?: JavaVersion, players?: JavaPlayers, 
/**
 * The `description`, rendered. When serving: a `§` string, a component, or this object.
 */
motd: Motd, favicon?: Favicon, enforcesSecureChat?: boolean, previewsChat?: boolean, preventsChatReports?: boolean, 
/**
 * Forge's mod list (FML1 `modinfo`, FML2/FML3 `forgeData`).
 */
forge?: ForgeData, 
/**
 * The whole document as the server sent it, unknown keys included.
 */
document?: Record<string, unknown>, 
/**
 * Parts that were malformed and dropped, in words.
 */
warnings?: Array<string>, };

export type JavaLatencySource = "ping" | "status";

export type SrvRecord = { target: string, port: number, };

export type MinecraftJavaQueryOptions = { 
/**
 * Look up `_minecraft._tcp.<host>`: `'auto'` (default: when no port is given), `true`, `false`.
 */
srv?: 'auto' | boolean, 
/**
 * Name server for SRV and address lookups, e.g. `'127.0.0.1:5353'` (default: the system's).
 */
dnsServer?: string, 
/**
 * Handshake protocol version (default 47).
 */
protocolVersion?: number, 
/**
 * Fall back to the legacy 1.6 ping when the server answers like a pre-1.7 server (default true).
 */
legacyFallback?: boolean, 
/**
 * Refuse a status frame above this many bytes (default 256 KiB).
 */
maxFrame?: number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type MinecraftServeOptions = { 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * TCP port (default 25565; 0 picks a free one).
 */
port?: number, 
/**
 * Per-connection deadline in ms (default 5000).
 */
connectionTimeout?: number, 
/**
 * Connections open at once (default 256; RCON connections have as many again); a new
 * one past it closes the connection that has waited longest without an answer (a
 * logged-in RCON console goes last), so idle connections cannot lock clients out.
 */
maxConnections?: number, 
/**
 * Answer Minecraft RCON on a second TCP port as vanilla does (login, commands, output
 * split every 4096 characters); `handler`'s lines are joined with `\n`. A silent
 * connection is let go after 5 minutes. `port`: default 25575 (0 picks a free one, see
 * `rconPort`); `password`: not empty (vanilla runs no RCON without one).
 */
rcon?: { port?: number; password: string; handler(command: string): string[] | string | Promise<string[] | string> }, };

export type JavaServeState = Omit<Partial<JavaStatus>, 'motd' | 'favicon'> & { motd?: string | object | Motd; favicon?: string | Favicon };

export type LegacyRequest = { "variant": "beta" } | { "variant": "1.4" } | { "variant": "1.6", protocol?: number, host: string, port: number, };

export type LegacyResponse = { 
/**
 * `'beta'` or `'1.4'` (1.4 – 1.6 and modern servers answering a legacy ping).
 */
variant: string, protocol?: number, version?: string, 
/**
 * When serving: a `§` string, or this object.
 */
motd: Motd, online: number, max: number, };

export type LegacyQueryResult = { latencyMs: number, 
/**
 * `'beta'` or `'1.4'` (1.4 – 1.6 and modern servers answering a legacy ping).
 */
variant: string, protocol?: number, version?: string, 
/**
 * When serving: a `§` string, or this object.
 */
motd: Motd, online: number, max: number, };

export type MinecraftLegacyQueryOptions = { 
/**
 * Which legacy ping to send (default `'1.6'`).
 */
variant?: 'beta' | '1.4' | '1.6', 
/**
 * Look up `_minecraft._tcp.<host>`: `'auto'` (default: when no port is given), `true`, `false`.
 */
srv?: 'auto' | boolean, 
/**
 * Name server for SRV and address lookups, e.g. `'127.0.0.1:5353'` (default: the system's).
 */
dnsServer?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type BedrockRequest = { 
/**
 * The client's clock, echoed by most servers (ms; any 64-bit value on the wire).
 */
time: string, 
/**
 * Unsigned 64-bit, as a decimal string.
 */
clientGuid: string, 
/**
 * `02`: only servers with open slots answer.
 */
openConnections?: boolean, };

export type BedrockResponse = { 
/**
 * The ping's time as echoed (some servers send their own clock).
 */
time: string, 
/**
 * Unsigned 64-bit, as a decimal string.
 */
serverGuid: string, advertisement: BedrockAdvertisement, 
/**
 * The advertisement as received (ignored when encoding).
 */
text: string, };

export type BedrockAdvertisement = { 
/**
 * `MCPE` (Bedrock) or `MCEE` (Education Edition).
 */
edition: string, 
/**
 * Line 1 of the server list entry. When serving: a `§` string, or this object.
 */
motd: Motd, protocol: number | null, version: string | null, online: number | null, max: number | null, 
/**
 * As sent: it can be negative or beyond 64 bits, and need not equal the pong's GUID.
 */
serverId: string | null, 
/**
 * Line 2 (BDS: the world's name).
 */
levelName: Motd | null, gameMode: string | null, 
/**
 * BDS: the game mode's number; Geyser/Nukkit: 1 unless Nintendo-limited.
 */
gameModeNumeric: number | null, portV4: number | null, 
/**
 * Servers without IPv6 send `-1` or `0`.
 */
portV6: number | null, 
/**
 * Fields after the twelfth (PocketMine 5 adds three).
 */
extra: Array<string>, };

export type BedrockQueryResult = { 
/**
 * Unsigned 64-bit, as a decimal string.
 */
serverGuid: string, 
/**
 * The advertisement as received.
 */
text: string, latencyMs: number, 
/**
 * `MCPE` (Bedrock) or `MCEE` (Education Edition).
 */
edition: string, 
/**
 * Line 1 of the server list entry. When serving: a `§` string, or this object.
 */
motd: Motd, protocol: number | null, version: string | null, online: number | null, max: number | null, 
/**
 * As sent: it can be negative or beyond 64 bits, and need not equal the pong's GUID.
 */
serverId: string | null, 
/**
 * Line 2 (BDS: the world's name).
 */
levelName: Motd | null, gameMode: string | null, 
/**
 * BDS: the game mode's number; Geyser/Nukkit: 1 unless Nintendo-limited.
 */
gameModeNumeric: number | null, portV4: number | null, 
/**
 * Servers without IPv6 send `-1` or `0`.
 */
portV6: number | null, 
/**
 * Fields after the twelfth (PocketMine 5 adds three).
 */
extra: Array<string>, };

export type MinecraftBedrockQueryOptions = { 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type BedrockServeState = Omit<Partial<BedrockAdvertisement>, 'motd' | 'levelName'> & { motd?: string | Motd; levelName?: string | Motd | null; serverGuid?: string };

export type MinecraftQueryRequest = { type: QueryRequestKind, sessionId: number, 
/**
 * The challenge token (stats only).
 */
token?: number, };

export type QueryRequestKind = "handshake" | "basicStat" | "fullStat";

export type MinecraftQueryResponse = { type: QueryResponseKind, sessionId: number, 
/**
 * The handshake's token, parsed as the i32 to send back.
 */
token?: number, stat?: QueryStat, };

export type QueryResponseKind = "handshake" | "stat";

export type QueryStat = { 
/**
 * The MOTD; when serving, a `§` string or this object.
 */
motd: Motd, 
/**
 * `SMP` on vanilla.
 */
gameType: string, 
/**
 * `MINECRAFT` (vanilla), `MINECRAFTPE` (PocketMine). Full stat only.
 */
gameId: string | null, version: string | null, 
/**
 * As sent: `"Paper on Bukkit 1.21: Essentials 2.20; WorldEdit 7.3"` (empty on vanilla).
 */
plugins: string | null, 
/**
 * The part of `plugins` before `:` — the server software.
 */
serverMod: string | null, 
/**
 * The plugins after `:`, split at `;`.
 */
pluginList: Array<string>, map: string, online: number, max: number, hostPort: number | null, hostIp: string | null, 
/**
 * Keys of the full stat not named above (PocketMine's `server_engine`, `whitelist` …).
 */
extra: { [key in string]: string }, 
/**
 * Every name online (full stat); empty for a basic stat.
 */
players: Array<string>, 
/**
 * A full stat (with `players`), or a basic one.
 */
full: boolean, };

export type MinecraftQueryResult = { latencyMs: number, 
/**
 * The MOTD; when serving, a `§` string or this object.
 */
motd: Motd, 
/**
 * `SMP` on vanilla.
 */
gameType: string, 
/**
 * `MINECRAFT` (vanilla), `MINECRAFTPE` (PocketMine). Full stat only.
 */
gameId: string | null, version: string | null, 
/**
 * As sent: `"Paper on Bukkit 1.21: Essentials 2.20; WorldEdit 7.3"` (empty on vanilla).
 */
plugins: string | null, 
/**
 * The part of `plugins` before `:` — the server software.
 */
serverMod: string | null, 
/**
 * The plugins after `:`, split at `;`.
 */
pluginList: Array<string>, map: string, online: number, max: number, hostPort: number | null, hostIp: string | null, 
/**
 * Keys of the full stat not named above (PocketMine's `server_engine`, `whitelist` …).
 */
extra: { [key in string]: string }, 
/**
 * Every name online (full stat); empty for a basic stat.
 */
players: Array<string>, 
/**
 * A full stat (with `players`), or a basic one.
 */
full: boolean, };

export type MinecraftQueryStatOptions = { 
/**
 * The full stat, with every player's name (default true); false: the basic stat.
 */
full?: boolean, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type MinecraftQueryServeState = Omit<Partial<QueryStat>, 'motd'> & { motd?: string | Motd };

export type SqpRequest = { "type": "challenge" } | { "type": "query", challenge: number, version?: number, chunks?: ChunkSet, };

export type SqpResponse = { "type": "challenge", challenge: number, } | { "type": "query", challenge: number, version?: number, info?: SqpServerInfo, rules?: SqpRules, players?: SqpRecords, teams?: SqpRecords, metrics?: Array<number>, missing?: Array<SqpChunk>, } | { "type": "queryPart", challenge: number, version: number, current: number, last: number, 
/**
 * The part's bytes after its header, as hex.
 */
payload: string, };

export type SqpChunk = "info" | "rules" | "players" | "teams" | "metrics";

export type ChunkSet = Array<SqpChunk> | number;

export type SqpChunks = { info?: SqpServerInfo, rules?: SqpRules, players?: SqpRecords, teams?: SqpRecords, metrics?: Array<number>, missing?: Array<SqpChunk>, };

export type SqpServerInfo = { currentPlayers: number, maxPlayers: number, serverName: string, gameType: string, buildId: string, map: string, port: number, };

export type SqpRules = Record<string, SqpValue>;

export type SqpRecords = { fields: Array<SqpField>, 
/**
 * Values in field order.
 */
records: Array<Record<string, SqpScalar>>, };

export type SqpField = { name: string, type: SqpValueType, };

export type SqpValue = { type: SqpValueType, value: SqpScalar, };

export type SqpValueType = "byte" | "u16" | "u32" | "u64" | "string" | "f32";

export type SqpScalar = number | string;

export type SqpQueryResult = { version: number, latencyMs: number, info?: SqpServerInfo, rules?: SqpRules, players?: SqpRecords, teams?: SqpRecords, metrics?: Array<number>, missing?: Array<SqpChunk>, };

export type SqpDecodeOptions = { chunks?: ChunkSet, };

export type SqpServeOptions = { 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * UDP port (SQP has no default: 0, the default, picks a free one).
 */
port?: number, 
/**
 * How long an issued challenge stays valid, ms (default 5000).
 */
challengeTtl?: number, 
/**
 * Bound on outstanding challenges (default 4096).
 */
maxChallenges?: number, 
/**
 * Split replies above this many bytes into several packets.
 */
maxPacketSize?: number, };

export type SqpQueryOptions = { 
/**
 * Chunks to request: names or the bit mask (default all five).
 */
chunks?: SqpChunk[] | number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type A2sRequest = { "type": "info", challenge?: Hex, } | { "type": "players", challenge?: Hex, } | { "type": "rules", challenge?: Hex, };

export type A2sResponse = { "type": "challenge", challenge: Hex, } | { "type": "info" } & A2sInfo | { "type": "goldSrcInfo" } & A2sGoldSrcInfo | { "type": "players", players: Array<A2sPlayer>, } | { "type": "rules", rules: RuleList, truncated: boolean, };

export type A2sInfo = { protocol: number, name: string, map: string, 
/**
 * The game directory (`cstrike`, `garrysmod`).
 */
folder: string, game: string, 
/**
 * Steam app id: the reply's u16, or the 64-bit game id's low 24 bits when that is 0
 * or the id does not fit 16 bits.
 */
appId: number, players: number, maxPlayers: number, bots: number, 
/**
 * `dedicated`, `listen`, `proxy` (SourceTV), or the letter sent.
 */
serverType: string, 
/**
 * `linux`, `windows`, `mac`, or the letter sent.
 */
environment: string, 
/**
 * A password is needed to join.
 */
password: boolean, vac: boolean, theShip?: A2sTheShip, version: string, 
/**
 * Extra Data Flag fields, each present when the server sent it.
 */
gamePort?: number, 
/**
 * 64-bit, as decimal text (exact).
 */
steamId?: string, sourceTv?: A2sSourceTv, keywords?: string, 
/**
 * 64-bit, as decimal text; its low 24 bits are the app id.
 */
gameId?: string, };

export type A2sTheShip = { mode: number, witnesses: number, 
/**
 * Seconds before a player is arrested.
 */
duration: number, };

export type A2sSourceTv = { port: number, name: string, };

export type A2sGoldSrcInfo = { 
/**
 * `ip:port` as the server wrote it.
 */
address: string, name: string, map: string, folder: string, game: string, players: number, maxPlayers: number, protocol: number, serverType: string, environment: string, password: boolean, mod?: A2sGoldSrcMod, vac: boolean, 
/**
 * HLTV leaves this byte out.
 */
bots?: number, };

export type A2sGoldSrcMod = { link: string, download: string, version: number, size: number, 
/**
 * Multiplayer only.
 */
multiplayerOnly: boolean, 
/**
 * Uses its own DLL rather than Half-Life's.
 */
ownDll: boolean, };

export type A2sPlayer = { 
/**
 * Often 0 on Source servers.
 */
index: number, name: string, score: number, 
/**
 * Seconds connected.
 */
duration: number, 
/**
 * The Ship only.
 */
deaths?: number, money?: number, };

export type A2sQueryResult = { 
/**
 * The Source reply (GoldSrc's obsolete one is `goldSrc`).
 */
info?: A2sInfo, goldSrc?: A2sGoldSrcInfo, players: Array<A2sPlayer>, 
/**
 * With `rules: true`.
 */
rules?: Record<string, string>, 
/**
 * Arma 3's and DayZ's mods, DLCs and signatures, read out of their rules.
 */
serverBrowser?: A2sServerBrowser, 
/**
 * Frontlines: Fuel of War's own info fields (`dialect: 'ffow'`).
 */
ffow?: A2sFfow, 
/**
 * 7 Days to Die's console, when asked (`telnet: { port, password }` with `sdtd`).
 */
console?: A2sSdtdConsole, 
/**
 * A2S_INFO sent → its reply (the last send, when challenged).
 */
latencyMs: number, 
/**
 * Steps the server left unanswered or cut, in words.
 */
warnings?: Array<string>, };

export type A2sServeState = { 
/**
 * Fields left out take their defaults (empty, 0, `dedicated`, `linux`).
 */
info?: Partial<A2sInfo>, 
/**
 * Serve GoldSrc's obsolete `m` reply instead of `I`.
 */
goldSrc?: Partial<A2sGoldSrcInfo>, players?: Array<A2sPlayer>, rules?: RuleList, 
/**
 * Arma 3's and DayZ's message, served as the binary pages of the rules.
 */
serverBrowser?: Partial<A2sServerBrowser>, 
/**
 * Frontlines: Fuel of War's own info fields, served with `dialect: 'ffow'`.
 */
ffow?: Partial<A2sFfow>, };

export type A2sDecodeOptions = { theShip?: boolean, };

export type A2sServeOptions = { 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * UDP port (default 27015; 0 picks a free one).
 */
port?: number, 
/**
 * How long a challenge stays valid, ms (default 30000).
 */
challengeTtl?: number, 
/**
 * Bound on outstanding challenges (default 4096).
 */
maxChallenges?: number, 
/**
 * Split replies above this many bytes (default 1400).
 */
maxPacketSize?: number, 
/**
 * bzip2-compress split replies (default false).
 */
compress?: boolean, 
/**
 * Per-source token bucket (default burst 60, 30 per second).
 */
rateLimit?: RateLimit, 
/**
 * `'ffow'`: answer as a Frontlines: Fuel of War server (`FF FF FF FF 46 'LSQ'` info,
 * the old challenge request, big-endian numbers; the state's `ffow` fields). Default
 * `'source'`.
 */
dialect?: 'source' | 'ffow', };

export type A2sQueryOptions = { 
/**
 * Ask A2S_PLAYER after A2S_INFO (default true).
 */
players?: boolean, 
/**
 * Ask A2S_RULES too (default false); the rules land in `raw.rules`.
 */
rules?: boolean, 
/**
 * `'ffow'`: Frontlines: Fuel of War's dialect (the `ffow` game id sets it). Default `'source'`.
 */
dialect?: 'source' | 'ffow', 
/**
 * 7 Days to Die's console beside the query, for the `sdtd` game id only: its telnet
 * port and password; `more` asks the day, time, version and mods too. What it said
 * lands in `raw.console` and its players' names in `players.list`.
 */
telnet?: { port: number; password: string; more?: boolean }, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type A2sServerBrowser = { 
/**
 * 3: Arma 3; 2: DayZ.
 */
version: number, 
/**
 * Flags the games set when a list did not fit (their bits are not documented).
 */
overflow: number, dlcs: Array<A2sServerBrowserDlc>, 
/**
 * Arma 3 (version 3 and above) only.
 */
difficulty?: A2sServerBrowserDifficulty, mods: Array<A2sServerBrowserMod>, 
/**
 * Arma 3's creator DLCs, listed among the mods by their Steam app id.
 */
creatorDlcs: Array<A2sServerBrowserCreatorDlc>, 
/**
 * The keys (`.bikey`) the server accepts.
 */
signatures: Array<string>, 
/**
 * DayZ: the server's description.
 */
description?: string, };

export type A2sServerBrowserDlc = { flag: number, name?: string, hash: number, };

export type A2sServerBrowserDifficulty = { 
/**
 * 0 recruit … 3 custom.
 */
level: number, aiLevel: number, advancedFlightModel: boolean, thirdPerson: boolean, crosshair: boolean, };

export type A2sServerBrowserMod = { name: string, 
/**
 * Its Steam Workshop id as decimal text ("0" for a mod not on the Workshop).
 */
workshopId: string, hash: number, };

export type A2sServerBrowserCreatorDlc = { appId: number, hash: number, };

export type A2sFfow = { 
/**
 * The game mode (`FL`); the info's `game` holds the description, `folder` the mod.
 */
mode: string, averageFps: number, round: number, maxRounds: number, 
/**
 * Seconds.
 */
timeLeft: number, };

export type A2sSdtdConsole = { 
/**
 * `listplayers`: each player's name and whole line.
 */
players: Array<A2sSdtdPlayer>, 
/**
 * `gettime` (with `more`): the in-game day and time, and whether a horde comes tonight.
 */
day?: number, time?: string, hordeDay?: boolean, 
/**
 * `version` (with `more`): the game's version, the version clients need, the mods.
 */
gameVersion?: string, compatibilityVersion?: string, mods?: Array<A2sSdtdMod>, 
/**
 * Each command's output as the console printed it, by command.
 */
responses: Array<A2sSdtdResponse>, };

export type A2sSdtdPlayer = { name: string, line: string, };

export type A2sSdtdMod = { name: string, version: string, };

export type A2sSdtdResponse = { command: string, output: string, };

export type SourceRconPacket = { 
/**
 * Chosen by the client, echoed by the server; −1 answers a refused login.
 */
id: number, 
/**
 * 3 login, 2 command / login answer, 0 response value.
 */
type: number, 
/**
 * UTF-8 (invalid bytes become U+FFFD).
 */
body: string, };

export type MinecraftRconOptions = { 
/**
 * The server's `rcon.password`.
 */
password: string, 
/**
 * The output lines as plain text (default), with ANSI colours, or with `§` codes as sent.
 */
format?: 'plain' | 'ansi' | 'minecraft', 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type MinecraftRaceOptions = Omit<MinecraftJavaQueryOptions, 'localPort'> & { bedrockPort?: number; fullPlayers?: boolean; queryPort?: number };

export type QuakeRequest = { 
/**
 * `getstatus` and `getinfo` (Quake 3), `status` (Quake 2, QuakeWorld).
 */
command: 'getstatus' | 'getinfo' | 'status', challenge?: string, };

export type QuakeResponse = { 
/**
 * Quake 3 `statusResponse` / `infoResponse`, Quake 2 `print`, QuakeWorld `n`.
 */
kind: 'statusResponse' | 'infoResponse' | 'print' | 'n', info: RuleList, players: Array<QuakePlayer>, 
/**
 * `utf-8`, `windows-1252` …
 */
encoding: string, 
/**
 * The server's name (`sv_hostname` / `hostname`) in every rendering, as a Minecraft
 * MOTD has them: `raw` as in `info`, `plain` without colour codes (QuakeWorld's: its
 * charset's glyphs), `ansi`, `html`. Read only: `encodeResponse` writes `info`.
 */
name?: ColouredText, 
/**
 * Each player's name in every rendering, in the order of `players`. Read only.
 */
names?: Array<ColouredText>, };

export type QuakeDecodeOptions = { 
/**
 * A WHATWG label (`windows-1252`, `utf-8`, …) or `'auto'` (default: UTF-8 where the
 * whole reply is, else one guess over all of its text).
 */
encoding?: string, 
/**
 * Add `name` and `names`: the hostname and each player's name in every rendering
 * (default false: four more strings a name, which a decode that only reads does not
 * pay for).
 */
render?: boolean, };

export type QuakeState = { 
/**
 * The infostring's pairs in order (`sv_hostname`, `mapname`, `sv_maxclients` …).
 */
info: RuleList, players: Array<QuakePlayer>, };

export type QuakePlayer = { 
/**
 * As sent, colour codes included.
 */
name: string, 
/**
 * Quake 3 / Quake 2 score; QuakeWorld frags.
 */
score: bigint, ping: bigint, 
/**
 * Warsow's team field.
 */
team?: string, 
/**
 * QuakeWorld's fields besides those.
 */
world?: QuakeWorldPlayer, };

export type QuakeWorldPlayer = { userid: bigint, 
/**
 * Minutes connected.
 */
time: bigint, skin: string, 
/**
 * Shirt and pants colours (0–13).
 */
top: bigint, bottom: bigint, };

export type QuakeQueryResult = { 
/**
 * The encoding the reply's strings were read with (`utf-8`, `windows-1252` …).
 */
encoding: string, 
/**
 * Quake 3's: the server's name with its colour codes in every rendering (plain, ANSI,
 * HTML), as a Minecraft MOTD has them.
 */
name?: ColouredText, latencyMs: number, 
/**
 * The infostring's pairs in order (`sv_hostname`, `mapname`, `sv_maxclients` …).
 */
info: RuleList, players: Array<QuakePlayer>, };

export type QuakeQueryOptions = { 
/**
 * A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: detected over
 * the whole reply; old games send Latin-1, newer ones UTF-8).
 */
encoding?: string, 
/**
 * `'status'` (default: settings and players) or `'info'` (a short summary with bot
 * counts, no player list).
 */
request?: 'status' | 'info', 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type Quake2QueryOptions = { 
/**
 * A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: detected over
 * the whole reply; old games send Latin-1, newer ones UTF-8).
 */
encoding?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type ColouredText = { raw: string, plain: string, ansi: string, html: string, };

export type MumbleRequest = { form: 'legacy' | 'protobuf', 
/**
 * What the reply echoes (legacy: `ident`; protobuf: `timestamp`), as a decimal string.
 */
ident: string, 
/**
 * Protobuf: ask for the version and the counts.
 */
extended: boolean, };

export type MumbleResponse = { form: 'legacy' | 'protobuf', ident: string, 
/**
 * `1.3.4`.
 */
version: string, users: number, maxUsers: number, 
/**
 * Bits per second allowed per user.
 */
bandwidth: number, };

export type MumbleState = { 
/**
 * `1.3.4`.
 */
version: string, users: number, maxUsers: number, 
/**
 * Bits per second allowed per user.
 */
bandwidth: number, };

export type MumbleQueryResult = { 
/**
 * Which ping answered: `legacy` or `protobuf`.
 */
form: string, latencyMs: number, 
/**
 * `1.3.4`.
 */
version: string, users: number, maxUsers: number, 
/**
 * Bits per second allowed per user.
 */
bandwidth: number, };

export type MumbleQueryOptions = { 
/**
 * Mumble 1.5's protobuf ping instead of the legacy one (which every server since 1.2
 * answers; 1.3 and older ignore the protobuf one).
 */
protobuf?: boolean, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type FivemRequest = { command: 'getinfo' | 'getstatus', 
/**
 * Echoed in the reply's infostring (`challenge`); at most 8 bytes.
 */
challenge: string, };

export type FivemResponse = { kind: 'infoResponse' | 'statusResponse', info: RuleList, players: Array<FivemStatusPlayer>, };

export type FivemStatusPlayer = { name: string, score: number, ping: number, };

export type FivemState = { 
/**
 * `sv_hostname`: UTF-8, `^n` colour codes and emoji as servers write them.
 */
hostname: string, gametype: string, mapname: string, 
/**
 * `sv_maxclients`.
 */
maxClients: number, players: Array<FivemPlayer>, resources: Array<string>, 
/**
 * Convars the server shows (`sv_projectName`, `tags`, `locale`, `gamename` …).
 */
vars: RuleList, 
/**
 * `/info.json`'s `server`: `FXServer-master SERVER v1.0.0.7290 linux`.
 */
server: string, 
/**
 * A base64 PNG, 96×96.
 */
icon?: string, 
/**
 * `sv_enableGetStatus`: answer `getstatus` (off by default, as in FXServer).
 */
getStatus: boolean, 
/**
 * `sv_playersToken`: when set, `/players.json` rows are anonymised unless a request
 * carries it (`X-Players-Token` or `?token=`), as newer servers do.
 */
playersToken?: string, };

export type FivemPlayer = { 
/**
 * Newer servers answer `Player` for every row unless asked with the players token.
 */
name: string, 
/**
 * The player's server id (0 in an anonymised row).
 */
id?: bigint, ping?: bigint, 
/**
 * `license:…`, `discord:…`, `fivem:…` (`ip:` ones only without endpoint privacy).
 */
identifiers: Array<string>, 
/**
 * `ip:port`, or `127.0.0.1` under `sv_endpointPrivacy` (the default).
 */
endpoint?: string, };

export type FivemInfo = { 
/**
 * `FXServer-master SERVER v1.0.0.7290 win32`.
 */
server?: string, 
/**
 * The info's version: the `iv` of `getinfo`.
 */
version?: bigint, resources: Array<string>, 
/**
 * The server's settings (convars) as text.
 */
vars: RuleList, 
/**
 * The server's icon: a base64 PNG (96×96).
 */
icon?: string, enhancedHostSupport?: boolean, 
/**
 * `on`, `off` or `unset`.
 */
requestSteamTicket?: string, };

export type FivemQueryResult = { 
/**
 * `getinfo`'s infostring (`hostname` with its colour codes, `clients`, `sv_maxclients`,
 * `gametype`, `mapname`, `iv` …), or `/dynamic.json`'s values as text with `udp: false`.
 */
info: RuleList, 
/**
 * The server's name with its colour codes in every rendering (plain, ANSI, HTML).
 */
name: ColouredText, 
/**
 * `/players.json`'s rows (none when not asked or not answered).
 */
players: Array<FivemPlayer>, 
/**
 * `/info.json`: resources, settings, icon, version.
 */
serverInfo?: FivemInfo, 
/**
 * `serverInfo` came from this process's cache: its `iv` had not changed.
 */
serverInfoCached: boolean, latencyMs: number, 
/**
 * Parts that failed while the status did not: `/players.json: …`.
 */
warnings: Array<string>, 
/**
 * `getstatus`'s reply (players, then every setting), when asked for (`getStatus`)
 * and the server has it on (`sv_enableGetStatus`).
 */
statusResponse?: FivemResponse, };

export type FivemQueryOptions = { 
/**
 * `GET /players.json` for the names (default true). Newer servers anonymise the rows
 * unless asked with `playersToken`; the count is always `getinfo`'s.
 */
players?: boolean, 
/**
 * `GET /info.json` for resources, settings and version (default true); kept per server
 * while its `iv` stays the same.
 */
info?: boolean, 
/**
 * The server's `sv_playersToken`, sent as `X-Players-Token`.
 */
playersToken?: string, 
/**
 * Ask `getstatus` too (default false): a server with `sv_enableGetStatus` answers
 * with its players (name, ping) and settings (`raw.statusResponse`), the list until
 * `/players.json`'s come. Most servers have it off and ignore it.
 */
getStatus?: boolean, 
/**
 * `false`: no UDP (`/dynamic.json` instead of `getinfo`), for hosts without it.
 */
udp?: boolean, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type FivemServeOptions = { 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * UDP port (0 picks a free one).
 */
port?: number, 
/**
 * Requests answered per source address: a burst, refilled per second (default 20, 10 per second).
 */
rateLimit?: RateLimit, };

export type Doom3Request = { 
/**
 * `getInfoEx`: ET:QW's, adding each player's campaign figures.
 */
command: 'getInfo' | 'getInfoEx', 
/**
 * Echoed in the reply (default 0).
 */
challenge?: number, };

export type Doom3Response = { kind: 'infoResponse' | 'infoExResponse', 
/**
 * The game whose layout it has (told from the reply unless given).
 */
dialect: 'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein', challenge: number, 
/**
 * ET:QW's.
 */
taskId?: number, 
/**
 * `utf-8`, `windows-1252` …
 */
encoding: string, 
/**
 * The settings in order (`si_name`, `si_map`, `si_maxPlayers`, `si_version` …).
 */
info: RuleList, players: Array<Doom3Player>, 
/**
 * The protocol version, `major.minor` (Doom 3 1.3.1: `1.41`; Quake 4 1.4.2: `2.85`;
 * ET:QW 1.5: `10.21`). A responder's default is its game's.
 */
protocol?: string, 
/**
 * Which systems' clients may join (`fileSystem->GetOSMask()`; dhewm3 sends all bits).
 */
osMask?: number, 
/**
 * ET:QW's server state.
 */
server?: EtqwServer, 
/**
 * Bytes after the last field the game's layout names, as hex (Quake 4 sends five after
 * the OS mask; what they mean is not known here). Written back as they came.
 */
trailing?: string, };

export type Doom3DecodeOptions = { 
/**
 * A WHATWG label (`windows-1252`, `utf-8`, …) or `'auto'` (default: UTF-8 where the
 * whole reply is, else windows-1252, the engine's own charset; Quake 4 sends Latin-1).
 */
encoding?: string, 
/**
 * The game whose layout to read, or `'auto'` (default).
 */
dialect?: 'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein' | 'auto', };

export type Doom3State = { 
/**
 * The settings in order (`si_name`, `si_map`, `si_maxPlayers`, `si_version` …).
 */
info: RuleList, players: Array<Doom3Player>, 
/**
 * The protocol version, `major.minor` (Doom 3 1.3.1: `1.41`; Quake 4 1.4.2: `2.85`;
 * ET:QW 1.5: `10.21`). A responder's default is its game's.
 */
protocol?: string, 
/**
 * Which systems' clients may join (`fileSystem->GetOSMask()`; dhewm3 sends all bits).
 */
osMask?: number, 
/**
 * ET:QW's server state.
 */
server?: EtqwServer, 
/**
 * Bytes after the last field the game's layout names, as hex (Quake 4 sends five after
 * the OS mask; what they mean is not known here). Written back as they came.
 */
trailing?: string, };

export type Doom3Player = { 
/**
 * Its slot (0–31). A responder numbers the players in order where this is left out.
 */
id?: number, 
/**
 * As sent, colour codes included.
 */
name: string, ping: number, 
/**
 * Its connection's rate limit, bytes per second (every game but ET:QW since 10.19).
 */
rate?: number, 
/**
 * Quake 4, ET:QW and Wolfenstein.
 */
clan?: string, 
/**
 * ET:QW and Wolfenstein: 0 the clan goes before the name, 1 after it.
 */
clanPosition?: number, 
/**
 * ET:QW and Wolfenstein.
 */
bot?: boolean, 
/**
 * ET:QW's `getInfoEx`: campaign experience points.
 */
xp?: number, 
/**
 * ET:QW's `getInfoEx`: `gdf` or `strogg`.
 */
team?: string, kills?: number, deaths?: number, };

export type EtqwServer = { ranked: boolean, 
/**
 * Milliseconds.
 */
timeLeft: number, gameState: number, 
/**
 * 0 a game server, 1 an ETQW TV repeater.
 */
serverType: number, 
/**
 * A game server's clients that asked to join.
 */
interestedClients?: number, 
/**
 * A TV repeater's viewers and its limit.
 */
connectedClients?: number, maxClients?: number, };

export type Doom3QueryResult = { 
/**
 * The game whose layout the reply has.
 */
dialect: 'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein', 
/**
 * The encoding the reply's strings were read with (`utf-8`, `windows-1252` …).
 */
encoding: string, 
/**
 * The server's name with its colour codes in every rendering (plain, ANSI, HTML).
 */
name: ColouredText, latencyMs: number, 
/**
 * The settings in order (`si_name`, `si_map`, `si_maxPlayers`, `si_version` …).
 */
info: RuleList, players: Array<Doom3Player>, 
/**
 * The protocol version, `major.minor` (Doom 3 1.3.1: `1.41`; Quake 4 1.4.2: `2.85`;
 * ET:QW 1.5: `10.21`). A responder's default is its game's.
 */
protocol?: string, 
/**
 * Which systems' clients may join (`fileSystem->GetOSMask()`; dhewm3 sends all bits).
 */
osMask?: number, 
/**
 * ET:QW's server state.
 */
server?: EtqwServer, 
/**
 * Bytes after the last field the game's layout names, as hex (Quake 4 sends five after
 * the OS mask; what they mean is not known here). Written back as they came.
 */
trailing?: string, };

export type Doom3QueryOptions = { 
/**
 * The game whose layout the reply has: `'auto'` (default: told from the reply) or one
 * of `'doom3'`, `'quake4'`, `'etqw'` (asked `getInfoEx`, for the players' campaign
 * figures), `'prey'`, `'wolfenstein'`. A query by game id sets it.
 */
dialect?: 'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein' | 'auto', 
/**
 * A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: UTF-8 where the
 * whole reply is, else windows-1252, the engine's own charset).
 */
encoding?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type Doom3ServeOptions = { 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * UDP port (default 27666; 0 picks a free one).
 */
port?: number, 
/**
 * Requests answered per source address: a burst, refilled per second (default 20, 10 per second).
 */
rateLimit?: RateLimit, 
/**
 * The game whose layout to answer in (default `'doom3'`).
 */
dialect: 'doom3' | 'quake4' | 'etqw' | 'prey' | 'wolfenstein', };

export type AllSeeingEyeRequest = { command: string, };

export type AllSeeingEyeResponse = { 
/**
 * `utf-8`, `windows-1252` …
 */
encoding: string, 
/**
 * The game's short name (`mta`; default `mta`).
 */
game: string, 
/**
 * The game port players join (default 22003, MTA's; the query port is 123 above it).
 */
port: number, name: string, gameType: string, map: string, version: string, password: boolean, 
/**
 * Players online (default: the list's length).
 */
numPlayers: number, maxPlayers: number, rules: RuleList, players: Array<AllSeeingEyePlayer>, 
/**
 * Bytes after a player entry whose flags are 0, in hex.
 */
trailing?: string, };

export type AllSeeingEyeState = { 
/**
 * The game's short name (`mta`; default `mta`).
 */
game: string, 
/**
 * The game port players join (default 22003, MTA's; the query port is 123 above it).
 */
port: number, name: string, gameType: string, map: string, version: string, password: boolean, 
/**
 * Players online (default: the list's length).
 */
numPlayers: number, maxPlayers: number, rules: RuleList, players: Array<AllSeeingEyePlayer>, 
/**
 * Bytes after a player entry whose flags are 0, in hex.
 */
trailing?: string, };

export type AllSeeingEyePlayer = { name?: string, team?: string, skin?: string, score?: string, ping?: string, 
/**
 * Time on the server.
 */
time?: string, };

export type AllSeeingEyeQueryResult = { 
/**
 * The encoding the reply's strings were read with (`utf-8`, `windows-1252` …).
 */
encoding: string, latencyMs: number, 
/**
 * The game's short name (`mta`; default `mta`).
 */
game: string, 
/**
 * The game port players join (default 22003, MTA's; the query port is 123 above it).
 */
port: number, name: string, gameType: string, map: string, version: string, password: boolean, 
/**
 * Players online (default: the list's length).
 */
numPlayers: number, maxPlayers: number, rules: RuleList, players: Array<AllSeeingEyePlayer>, 
/**
 * Bytes after a player entry whose flags are 0, in hex.
 */
trailing?: string, };

export type AllSeeingEyeQueryOptions = { 
/**
 * A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: UTF-8 where the
 * whole reply is, as MTA's; else one guess over all of its text).
 */
encoding?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type GameSpy1Request = { query: RuleList, };

export type GameSpy1Response = { 
/**
 * `[key, value]` in order, `queryid` and `final` among them.
 */
pairs: Array<[string, string]>, 
/**
 * No leading `\` (netPanzer).
 */
bare: boolean, 
/**
 * `windows-1252`, `utf-8` …
 */
encoding: string, };

export type GameSpy1State = { 
/**
 * Every key that is no player's or team's, in the order sent (`hostname`, `mapname`,
 * `numplayers`, `maxplayers`, `gametype`, `gamever`, `hostport`, `password` …).
 */
rules: RuleList, 
/**
 * One per index N, in order: `player_N` / `playername_N` as `name`, every other
 * `<key>_N` under its key, values as sent (UT's pings have a leading space).
 */
players: Array<{ name?: string } & Record<string, string>>, 
/**
 * One per index N, in order: `teamname_N` as `name`, every other `team…_N` (not
 * `team_N`, a player's team) under its key.
 */
teams: Array<{ name?: string } & Record<string, string>>, };

export type GameSpy1QueryResult = { 
/**
 * Player rows past `numplayers`, left out: BF1942 keeps sending rows of players who left.
 */
stalePlayers: number, 
/**
 * The datagrams the reply came in.
 */
parts: number, 
/**
 * The encoding the reply's strings were read with (`windows-1252`, `utf-8` …).
 */
encoding: string, latencyMs: number, 
/**
 * Every key that is no player's or team's, in the order sent (`hostname`, `mapname`,
 * `numplayers`, `maxplayers`, `gametype`, `gamever`, `hostport`, `password` …).
 */
rules: RuleList, 
/**
 * One per index N, in order: `player_N` / `playername_N` as `name`, every other
 * `<key>_N` under its key, values as sent (UT's pings have a leading space).
 */
players: Array<{ name?: string } & Record<string, string>>, 
/**
 * One per index N, in order: `teamname_N` as `name`, every other `team…_N` (not
 * `team_N`, a player's team) under its key.
 */
teams: Array<{ name?: string } & Record<string, string>>, };

export type GameSpy1QueryOptions = { 
/**
 * A WHATWG label (`windows-1251`, `utf-8` …) or `'auto'` (default: UTF-8 where the
 * whole reply is, else windows-1252, the games' own charset).
 */
encoding?: string, 
/**
 * The word asked (default `'status'`: settings, players and teams; `'info'`,
 * `'basic'`, `'rules'`, `'players'` ask for less).
 */
query?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type GameSpy2Request = { id: number, server: boolean, players: boolean, teams: boolean, };

export type GameSpy2Response = { id: number, server?: RuleList, players?: GameSpy2Table, teams?: GameSpy2Table, 
/**
 * `windows-1252`, `utf-8` …
 */
encoding: string, };

export type GameSpy2Table = { fields: Array<string>, rows: Array<Array<string>>, 
/**
 * `false`: sent without its count byte (America's Army).
 */
counted: false, };

export type GameSpy2State = { 
/**
 * The settings in the order sent (`hostname`, `mapname`, `numplayers`, `maxplayers`,
 * `gametype`, `gamever`, `hostport`, `password` …).
 */
rules: RuleList, 
/**
 * `{ name, score, ping, team, … }` as sent (text).
 */
players: Array<{ name?: string } & Record<string, string>>, 
/**
 * `{ name, score, … }` as sent.
 */
teams: Array<{ name?: string } & Record<string, string>>, };

export type GameSpy2QueryResult = { 
/**
 * The encoding the reply's strings were read with (`windows-1252`, `utf-8` …).
 */
encoding: string, latencyMs: number, 
/**
 * The settings in the order sent (`hostname`, `mapname`, `numplayers`, `maxplayers`,
 * `gametype`, `gamever`, `hostport`, `password` …).
 */
rules: RuleList, 
/**
 * `{ name, score, ping, team, … }` as sent (text).
 */
players: Array<{ name?: string } & Record<string, string>>, 
/**
 * `{ name, score, … }` as sent.
 */
teams: Array<{ name?: string } & Record<string, string>>, };

export type GameSpy2QueryOptions = { 
/**
 * A WHATWG label (`windows-1251`, `utf-8` …) or `'auto'` (default: UTF-8 where the
 * whole reply is, else windows-1252, the games' own charset).
 */
encoding?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type GameSpy3Request = { type: 'handshake' | 'query', session: number, challenge?: number, server?: boolean, players?: boolean, teams?: boolean, 
/**
 * `'split'` (default, `01`), `'jc2mp'` (`02`), `'single'` (no byte: one datagram).
 */
layout?: 'split' | 'jc2mp' | 'single', };

export type GameSpy3Response = { type: 'challenge' | 'reply', session: number, challenge?: number, 
/**
 * The datagram's index in the reply (0 …).
 */
packet?: number, last?: boolean, 
/**
 * The section it starts in (0 keys, 1 players, 2 teams).
 */
object?: number, sections?: Array<GameSpy3Section>, 
/**
 * `windows-1252`, `utf-8` …
 */
encoding?: string, };

export type GameSpy3Section = { object: number, keys?: RuleList, fields?: Array<GameSpy3Field>, players?: Array<Jc2mpPlayer>, open?: true, };

export type GameSpy3Field = { name: string, offset: number, values: Array<string>, open?: true, };

export type Jc2mpPlayer = { name: string, steamid: string, ping: number, };

export type GameSpy3DecodeOptions = { 
/**
 * A WHATWG label (`windows-1252`, `utf-8` …) or `'auto'` (default: UTF-8 where the
 * whole datagram is, else windows-1252).
 */
encoding?: string, 
/**
 * `'jc2mp'`, `'split'`, or `'auto'` (default: JC2-MP's when an unflagged first
 * datagram's keys are followed by exactly a JC2-MP player list).
 */
layout?: 'split' | 'jc2mp' | 'auto', };

export type GameSpy3State = { 
/**
 * The server keys in the order sent (`hostname`, `mapname`, `numplayers`,
 * `maxplayers`, `gametype`, `gamever`, `hostport`, `password` …).
 */
rules: RuleList, 
/**
 * `{ name, score, ping, team, … }` as sent (text); JC2-MP's `{ name, steamid, ping }`.
 */
players: Array<{ name?: string } & Record<string, string>>, 
/**
 * `{ name, score, … }` as sent.
 */
teams: Array<{ name?: string } & Record<string, string>>, };

export type GameSpy3QueryResult = { 
/**
 * The encoding the reply's strings were read with (`windows-1252`, `utf-8` …).
 */
encoding: string, 
/**
 * Datagrams the reply came in.
 */
packets: number, latencyMs: number, 
/**
 * The server keys in the order sent (`hostname`, `mapname`, `numplayers`,
 * `maxplayers`, `gametype`, `gamever`, `hostport`, `password` …).
 */
rules: RuleList, 
/**
 * `{ name, score, ping, team, … }` as sent (text); JC2-MP's `{ name, steamid, ping }`.
 */
players: Array<{ name?: string } & Record<string, string>>, 
/**
 * `{ name, score, … }` as sent.
 */
teams: Array<{ name?: string } & Record<string, string>>, };

export type GameSpy3QueryOptions = { 
/**
 * A WHATWG label (`windows-1251`, `utf-8` …) or `'auto'` (default: UTF-8 where the
 * whole reply is, else windows-1252).
 */
encoding?: string, 
/**
 * `'split'` (default) or `'jc2mp'`: JC2-MP's own reply (a query by game id `jc2m`
 * sets it).
 */
layout?: 'split' | 'jc2mp', 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type GameSpy3ServeOptions = { 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * UDP port (default 29900; 0 picks a free one).
 */
port?: number, 
/**
 * Handshakes (and, without a challenge, queries) answered per source address: a
 * burst, refilled per second (default 20, 10 per second).
 */
rateLimit?: RateLimit, 
/**
 * A challenge per source address, 30 s good, that a query must carry (default true);
 * false: `"0"`, as BF2 answers — no challenge, and queries without a handshake
 * (qstat's `-gs3`) answered too.
 */
challenge?: boolean, };

export type Unreal2Request = { command: 'info' | 'rules' | 'players' | 'rulesAndPlayers', 
/**
 * The header: the engine's version (default 0x79, UT2003's, what gamedig sends).
 */
version: number, };

export type Unreal2Response = { 
/**
 * The header: the engine's version (128 UT2004, 121 UT2003 …).
 */
version: number, command: 'info' | 'rules' | 'players', info?: Unreal2Info, 
/**
 * `[key, value]` in order (`Mutator` repeats).
 */
rules: Array<[string, string]>, players?: Array<Unreal2Player>, };

export type Unreal2Info = { serverId: number, 
/**
 * Empty from every server seen.
 */
ip: string, 
/**
 * The game port.
 */
port: number, queryPort: number, 
/**
 * With Unreal's colour codes (ESC and three bytes of colour) as sent.
 */
name: string, map: string, gameType: string, numPlayers: number, maxPlayers: number, 
/**
 * What follows, in hex: the games differ (UT2004: ping, flags, skill; Killing Floor:
 * the wave and the waves first).
 */
extra: string, };

export type Unreal2Player = { id: number, name: string, ping: number, score: number, 
/**
 * Bit 29 red team, bit 30 blue.
 */
statsId: number, };

export type Unreal2State = { info: Unreal2Info, 
/**
 * Every rule but the mutators; a key sent twice has its values joined by `,`.
 */
rules: RuleList, 
/**
 * The `Mutator` rules' values.
 */
mutators: Array<string>, players: Array<Unreal2Player>, 
/**
 * The replies' header (default 128, UT2004's).
 */
version: number, };

export type Unreal2QueryResult = { 
/**
 * The datagrams the rules and players came in.
 */
parts: number, latencyMs: number, info: Unreal2Info, 
/**
 * Every rule but the mutators; a key sent twice has its values joined by `,`.
 */
rules: RuleList, 
/**
 * The `Mutator` rules' values.
 */
mutators: Array<string>, players: Array<Unreal2Player>, 
/**
 * The replies' header (default 128, UT2004's).
 */
version: number, };

export type Unreal2QueryOptions = { 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type PalworldState = { 
/**
 * `servername`.
 */
name: string, description: string, 
/**
 * `v0.3.11.64207` …
 */
version: string, 
/**
 * `worldguid`: 32 hex digits.
 */
worldGuid: string, 
/**
 * `maxplayernum` (default 32, Palworld's most).
 */
maxPlayers: number, 
/**
 * `serverfps`.
 */
fps: number, 
/**
 * `serverframetime`, ms.
 */
frameTime: number, 
/**
 * `uptime`, seconds.
 */
uptime: bigint, 
/**
 * In-game days passed (`days`).
 */
days: number, 
/**
 * Base camps built (`basecampnum`).
 */
baseCamps: number, players: Array<PalworldPlayerState>, 
/**
 * `/v1/api/settings`' body: `PalWorldSettings.ini`'s keys as the server runs them.
 */
settings: Record<string, unknown>, 
/**
 * The `AdminPassword` every endpoint asks for (user `admin`); none: any request is
 * answered.
 */
password?: string, };

export type PalworldPlayerState = { 
/**
 * The character's name.
 */
name: string, 
/**
 * The platform account's name.
 */
accountName: string, 
/**
 * The character's id in the world (hex).
 */
playerId: string, 
/**
 * `steam_76561198…`.
 */
userId: string, ip: string, 
/**
 * Milliseconds (a float on the wire).
 */
ping: number, locationX: number, locationY: number, level: number, buildingCount: number, };

export type PalworldQueryResult = { 
/**
 * `/v1/api/info` as sent: `servername`, `version`, `description`, `worldguid`.
 */
serverInfo: PalworldInfo, 
/**
 * `/v1/api/players`' rows as sent (none when not asked or not answered).
 */
players: Array<PalworldPlayer>, 
/**
 * `/v1/api/metrics` as sent, when answered.
 */
metrics?: PalworldMetrics, 
/**
 * `/v1/api/settings` as sent (`PalWorldSettings.ini`'s keys), when asked and answered.
 */
settings?: Record<string, unknown>, 
/**
 * `/v1/api/info`'s round trip, ms.
 */
latencyMs: number, 
/**
 * Parts that failed while the status did not: `/v1/api/players: …`.
 */
warnings: Array<string>, };

export type PalworldInfo = { servername: string, 
/**
 * `v0.3.11.64207` …
 */
version: string, description: string, worldguid: string, };

export type PalworldPlayer = { name: string, accountName: string, playerId: string, 
/**
 * `steam_76561198…`.
 */
userId: string, ip: string, 
/**
 * Milliseconds, a float.
 */
ping: number, location_x: number, location_y: number, level: number, building_count: number, };

export type PalworldMetrics = { serverfps: number, currentplayernum: number, 
/**
 * Milliseconds.
 */
serverframetime: number, maxplayernum: number, 
/**
 * Seconds.
 */
uptime: number, 
/**
 * In-game days.
 */
days: number, basecampnum: number, };

export type PalworldQueryOptions = { 
/**
 * The REST API's user (default `admin`, the only one Palworld has).
 */
username?: string, 
/**
 * The server's `AdminPassword`: every endpoint asks for it. Sent as HTTP Basic auth;
 * never in a trace, a `--debug` dump or an error.
 */
password?: string, 
/**
 * `GET /v1/api/players` for the list (default true).
 */
players?: boolean, 
/**
 * `GET /v1/api/settings` into `raw.settings` (default true).
 */
settings?: boolean, 
/**
 * HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
 * for a server behind a TLS proxy (default false: plain HTTP).
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type TerrariaState = { 
/**
 * `ServerName` (TShock's config).
 */
name: string, 
/**
 * Terraria's version, `v1.4.4.9`.
 */
serverVersion: string, 
/**
 * TShock's, `5.2.0.0`.
 */
tshockVersion: string, 
/**
 * The game port (default 7777).
 */
port: number, 
/**
 * `MaxSlots` (default 8).
 */
maxPlayers: number, world: string, 
/**
 * `d.hh:mm:ss`.
 */
uptime: string, 
/**
 * The server has a join password.
 */
password: boolean, players: Array<TerrariaPlayerState>, 
/**
 * TShock's settings as `rules=true` shows them.
 */
rules: Record<string, unknown>, 
/**
 * A REST token the status wants (`EnableTokenEndpointAuthentication`); none: anyone.
 */
token?: string, };

export type TerrariaPlayerState = { nickname: string, 
/**
 * The TShock account logged in (`""`: none).
 */
username: string, 
/**
 * Default `default`.
 */
group: string, 
/**
 * Terraria's team number (0: none).
 */
team: number, };

export type TerrariaQueryResult = { 
/**
 * `"200"`.
 */
status: string, name: string, 
/**
 * Terraria's version: `v1.4.4.9`.
 */
serverversion: string, tshockversion: string, 
/**
 * The game port.
 */
port: number, playercount: number, maxplayers: number, world: string, 
/**
 * `d.hh:mm:ss` since the server started.
 */
uptime: string, serverpassword: boolean, players: Array<TerrariaPlayer>, 
/**
 * TShock's settings (`AutoSave`, `PvPMode`, `SpawnProtection` …).
 */
rules: Record<string, unknown>, };

export type TerrariaPlayer = { nickname: string, 
/**
 * The TShock account logged in, `""` when none.
 */
username: string, group: string, active: boolean, state: number, team: number, 
/**
 * With a token allowed `tshock.rest.viewips`.
 */
ip: string, };

export type TerrariaQueryOptions = { 
/**
 * A REST token (`/rest createtoken`, or `ApplicationRestTokens` in TShock's config):
 * needed where `EnableTokenEndpointAuthentication` is on. Never in a trace, a
 * `--debug` dump or an error.
 */
token?: string, 
/**
 * The players' rows (default true).
 */
players?: boolean, 
/**
 * TShock's settings into `raw.rules` (default true).
 */
rules?: boolean, 
/**
 * HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
 * for a server behind a TLS proxy (default false: plain HTTP).
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type SatisfactoryRequest = { cookie: string, 
/**
 * The protocol version the client asks for (1).
 */
protocolVersion: number, };

export type SatisfactoryResponse = { cookie: string, protocolVersion: number, name: string, 
/**
 * 0 offline (never sent), 1 idle (no save loaded), 2 loading, 3 playing.
 */
state: number, 
/**
 * ServerNetCL: the changelist (build number) the server runs, `365306`.
 */
changelist: number, 
/**
 * The server's flags, a u64 as a decimal string (bit 0: modded; the others are for
 * mods to use).
 */
flags: string, 
/**
 * Each sub-state's version: it changes when that part of the game does (0 the game
 * state, 1 the options, 2 the advanced settings, 3 the saves …), so a poller can tell
 * when asking the HTTPS API is worth it.
 */
subStates: Array<SatisfactorySubState>, };

export type SatisfactoryState = { name: string, 
/**
 * 0 offline (never sent), 1 idle (no save loaded), 2 loading, 3 playing.
 */
state: number, 
/**
 * ServerNetCL: the changelist (build number) the server runs, `365306`.
 */
changelist: number, 
/**
 * The server's flags, a u64 as a decimal string (bit 0: modded; the others are for
 * mods to use).
 */
flags: string, 
/**
 * Each sub-state's version: it changes when that part of the game does (0 the game
 * state, 1 the options, 2 the advanced settings, 3 the saves …), so a poller can tell
 * when asking the HTTPS API is worth it.
 */
subStates: Array<SatisfactorySubState>, };

export type SatisfactorySubState = { id: number, version: number, };

export type SatisfactoryQueryResult = { 
/**
 * What `state` means: `offline`, `idle` (no save loaded), `loading`, `playing`, or
 * `unknown` for a value the document does not list.
 */
stateName: 'offline' | 'idle' | 'loading' | 'playing' | 'unknown', 
/**
 * Bit 0 of `flags`.
 */
modded: boolean, protocolVersion: number, latencyMs: number, 
/**
 * The HTTPS API's `QueryServerState`, when it answered.
 */
serverGameState?: SatisfactoryServerGameState, 
/**
 * What the HTTPS API did not give, and why (`QueryServerState: …`).
 */
warnings: Array<string>, name: string, 
/**
 * 0 offline (never sent), 1 idle (no save loaded), 2 loading, 3 playing.
 */
state: number, 
/**
 * ServerNetCL: the changelist (build number) the server runs, `365306`.
 */
changelist: number, 
/**
 * The server's flags, a u64 as a decimal string (bit 0: modded; the others are for
 * mods to use).
 */
flags: string, 
/**
 * Each sub-state's version: it changes when that part of the game does (0 the game
 * state, 1 the options, 2 the advanced settings, 3 the saves …), so a poller can tell
 * when asking the HTTPS API is worth it.
 */
subStates: Array<SatisfactorySubState>, };

export type SatisfactoryQueryOptions = { 
/**
 * An API token (the server console's `server.GenerateAPIToken`): needed where the
 * server has a client password. Sent as `Authorization: Bearer`; never in a trace, a
 * `--debug` dump or an error.
 */
token?: string, 
/**
 * Ask the HTTPS API for the session and the counts (default true).
 */
api?: boolean, 
/**
 * How the API's certificate is checked: by default not at all, as a server's own is
 * self-signed (gamedig does the same); `true` against Mozilla's roots, or
 * `{ ca, serverName }` for the certificate you gave the server.
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type SatisfactoryServerGameState = { 
/**
 * The session (save) loaded; empty when none is.
 */
activeSessionName: string, numConnectedPlayers: number, playerLimit: number, techTier: number, 
/**
 * The milestone being worked on (an asset path), empty when none is.
 */
activeSchematic: string, 
/**
 * The space elevator's phase (an asset path).
 */
gamePhase: string, isGameRunning: boolean, 
/**
 * Seconds played in the session.
 */
totalGameDuration: bigint, isGamePaused: boolean, 
/**
 * Ticks per second, averaged (30 at most).
 */
averageTickRate: number, 
/**
 * The session loaded when the server starts.
 */
autoLoadSessionName: string, };

export type SatisfactoryServerState = { 
/**
 * What the HTTPS API's `QueryServerState` answers (absent: a session of 0 players of 4,
 * running while the state is `playing`).
 */
serverGameState?: SatisfactoryServerGameState, name: string, 
/**
 * 0 offline (never sent), 1 idle (no save loaded), 2 loading, 3 playing.
 */
state: number, 
/**
 * ServerNetCL: the changelist (build number) the server runs, `365306`.
 */
changelist: number, 
/**
 * The server's flags, a u64 as a decimal string (bit 0: modded; the others are for
 * mods to use).
 */
flags: string, 
/**
 * Each sub-state's version: it changes when that part of the game does (0 the game
 * state, 1 the options, 2 the advanced settings, 3 the saves …), so a poller can tell
 * when asking the HTTPS API is worth it.
 */
subStates: Array<SatisfactorySubState>, };

export type SatisfactoryServeOptions = { 
/**
 * `PasswordlessLogin` gives a Client token, as on a server without a client password
 * (default true).
 */
passwordless?: boolean, 
/**
 * An API token the API accepts besides (as `server.GenerateAPIToken` makes one).
 */
apiToken?: string, 
/**
 * The API's certificate and key (PEM), instead of a self-signed one made at `serve()`
 * (as a server given its own certificate).
 */
tls?: TlsIdentity, 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * UDP port (0 picks a free one).
 */
port?: number, 
/**
 * Requests answered per source address: a burst, refilled per second (default 20, 10 per second).
 */
rateLimit?: RateLimit, };

export type TeamSpeak3State = { 
/**
 * `serverinfo`'s record: `virtualserver_name`, `virtualserver_port` (the voice port
 * `use port=` selects), `virtualserver_clientsonline` … all text, as the server sends.
 */
serverinfo: Record<string, string>, 
/**
 * `clientlist`'s records (`clid cid client_database_id client_nickname client_type`;
 * `client_type` 1 is a query client).
 */
clients: Array<Record<string, string>>, 
/**
 * `channellist -topic`'s records (`cid pid channel_order channel_name channel_topic
 * total_clients channel_needed_subscribe_power`).
 */
channels: Array<Record<string, string>>, 
/**
 * The API key a WebQuery responder (`serve(…, { webQuery: true })`) wants in each
 * request's `x-api-key` header (or `api-key` parameter); without it, any key or none.
 */
apiKey?: string, };

export type TeamSpeak3QueryResult = { 
/**
 * The banner's first line: `TS3`, or `TeaSpeak`.
 */
server: string, serverinfo: Record<string, string>, 
/**
 * Every client listed, query clients too (`players` without `false`).
 */
clients?: Array<Record<string, string>>, 
/**
 * `channels` without `false`.
 */
channels?: Array<Record<string, string>>, 
/**
 * A list the server refused (its guest group lacks the permission), the status whole.
 */
warnings: Array<string>, latencyMs: number, };

export type TeamSpeak3QueryOptions = { 
/**
 * The ServerQuery's TCP port on the same host (default 10011; with `token`, WebQuery's:
 * 10080, or 10443 with `tls`; gamedig's `teamspeakQueryPort`).
 */
queryPort?: number, 
/**
 * A WebQuery API key (`apikeyadd scope=read` in a ServerQuery; the TeamSpeak 6 client
 * makes them too): the query asks WebQuery over HTTP, the only query interface
 * TeamSpeak 6 has, instead of the raw console. Sent as `x-api-key`; never in a trace,
 * a `--debug` dump or an error.
 */
token?: string, 
/**
 * WebQuery over HTTPS: `true`, or how the certificate is checked (`{ ca, insecure,
 * serverName }`; default false). Only with `token`.
 */
tls?: boolean | TlsOptions, 
/**
 * Select the virtual server by its id (`use sid=`) instead of the target's voice port.
 */
serverId?: number, 
/**
 * The clients (`clientlist`; default true).
 */
players?: boolean, 
/**
 * The channels with their topics (`channellist -topic`) into `raw.channels` (default
 * true).
 */
channels?: boolean, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type TeamSpeak3ServeOptions = { 
/**
 * Serve WebQuery (HTTP, port 10080: what TeamSpeak 6 answers) instead of the raw
 * console (10011; default false). The state's `apiKey`, when set, is the key it wants.
 */
webQuery?: boolean, 
/**
 * WebQuery over HTTPS (port 10443): `true` (a self-signed certificate made at
 * `serve()`), or `{ cert, key }` (PEM); default false.
 */
tls?: boolean | TlsIdentity, 
/**
 * IP address to listen on (default `'0.0.0.0'`: every IPv4 interface).
 */
host?: string, 
/**
 * TCP port (0 picks a free one).
 */
port?: number, 
/**
 * Per-connection deadline in ms (default 5000).
 */
connectionTimeout?: number, 
/**
 * Connections open at once (default 64); a new one past it closes the connection that
 * has waited longest without an answer, so idle connections cannot lock clients out.
 */
maxConnections?: number, };

export type ElDewritoQueryResult = { name: string, 
/**
 * The game port (11774).
 */
port: number, fileServerPort: number, hostPlayer: string, map: string, mapFile: string, 
/**
 * The game variant's name (`Slayer`), and its type (`slayer`).
 */
variant: string, variantType: string, 
/**
 * `InLobby`, `InGame` …
 */
status: string, numPlayers: number, maxPlayers: number, teams: boolean, passworded: boolean, isDedicated: boolean, gameVersion: string, eldewritoVersion: string, players: Array<ElDewritoPlayer>, };

export type ElDewritoPlayer = { name: string, uid: string, team: number, score: number, kills: number, assists: number, deaths: number, betrayals: number, timeSpentAlive: number, suicides: number, bestStreak: number, };

export type ElDewritoQueryOptions = { 
/**
 * HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
 * for a server behind a TLS proxy (default false: plain HTTP).
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type HytaleQueryResult = { Basic: HytaleBasic, Server: HytaleServer, Universe: HytaleUniverse, Players: Array<HytalePlayer>, 
/**
 * By plugin id (`Nitrado:WebServer`).
 */
Plugins: { [key in string]: HytalePlugin }, };

export type HytaleBasic = { Name: string, Version: string, MaxPlayers: number, CurrentPlayers: number, 
/**
 * `host:port`, where the server's public address is configured.
 */
Address: string, };

export type HytaleServer = { Name: string, Version: string, Revision: string, Patchline: string, ProtocolVersion: number, ProtocolHash: string, ProtocolCrc: number, MaxPlayers: number, Address: string, };

export type HytaleUniverse = { CurrentPlayers: number, DefaultWorld?: string, };

export type HytalePlayer = { Name: string, UUID: string, World: string, };

export type HytalePlugin = { Version: string, Loaded: boolean, Enabled: boolean, State: string, };

export type HytaleQueryOptions = { 
/**
 * A service account (`serviceaccount.<name>`), for a server whose anonymous group
 * may read less than you want; sent with `password` as HTTP Basic, never in a trace,
 * a `--debug` dump or an error.
 */
username?: string, 
/**
 * The service account's password.
 */
password?: string, 
/**
 * How the plugin's HTTPS is checked: by default not at all (its certificate is
 * self-signed), falling back to plain HTTP where TLS is off; `true` against Mozilla's
 * roots or `{ ca, serverName }` for the certificate you gave it; `false`: plain HTTP.
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type EcoQueryResult = { 
/**
 * Above 2^53 on many servers: read it from the reply's text where it matters.
 */
UniqueIdentifier: number, GamePort: number, WebPort: number, IsLAN: boolean, 
/**
 * The name, in Unity's rich text (`<color=#ff0000>…</color>`).
 */
Description: string, DetailedDescription: string, Category: string, OnlinePlayers: number, 
/**
 * Every player the world has seen.
 */
TotalPlayers: number, OnlinePlayersNames: Array<string>, AdminOnline: boolean, TimeSinceStart: number, TimeLeft: number, Animals: number, Plants: number, Laws: number, WorldSize: string, Version: string, EconomyDesc: string, Language: string, HasPassword: boolean, HasMeteor: boolean, Leader: string, WorldObjective: string, DiscordAddress: string, JoinUrl: string, };

export type EcoState = { Info: EcoQueryResult, 
/**
 * The world's statistics.
 */
Graphs: unknown[], };

export type EcoQueryOptions = { 
/**
 * HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
 * for a server behind a TLS proxy (default false: plain HTTP).
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type BuildAndShootQueryResult = { 
/**
 * `aos://<the address as a number>:<port>`, once the server knows its public address.
 */
serverIdentifier?: string, serverName: string, 
/**
 * The game protocol's version (3: Ace of Spades 0.75).
 */
serverVersion: number, 
/**
 * Seconds since it started.
 */
serverUptime: number, 
/**
 * `ctf`, `tc` …
 */
gameMode: string, map: BuildAndShootMap, scripts: Array<string>, players: Array<BuildAndShootPlayer>, maxPlayers: number, scores: BuildAndShootScores, };

export type BuildAndShootMap = { name: string, version: string, author: string, };

export type BuildAndShootPlayer = { name: string, 
/**
 * Milliseconds.
 */
latency: number, 
/**
 * The client the player runs (`OpenSpades`, `BetterSpades` …).
 */
client: string, kills: number, 
/**
 * `Blue`, `Green` or `Spectator` (the server's team names).
 */
team: string, };

export type BuildAndShootScores = { currentBlueScore: number, currentGreenScore: number, maxScore: number, };

export type BuildAndShootQueryOptions = { 
/**
 * HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
 * for a server behind a TLS proxy (default false: plain HTTP).
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type KspDmpQueryResult = { server_name: string, 
/**
 * DMP's release (`v0.3.8.5`; `Custom` for a build from source).
 */
version: string, protocol_version: number, 
/**
 * The names of the players on, joined by `", "`.
 */
players: string, player_count: number, max_players: number, 
/**
 * The game port.
 */
port: number, 
/**
 * `SANDBOX`, `SCIENCE` or `CAREER`.
 */
game_mode: string, 
/**
 * `MCW_FORCE`, `MCW_VOTE`, `MCW_LOWEST`, `SUBSPACE_SIMPLE`, `SUBSPACE` or `NONE`.
 */
warp_mode: string, 
/**
 * 0 off; 1 parts outside the mod list are not synced; 2 nor launched.
 */
mod_control: number, cheats: boolean, 
/**
 * The universe's kerbals and vessels on disk, in bytes.
 */
universeSize: number, 
/**
 * Seconds since a player was last on (0 while one is).
 */
lastPlayerActivity: number, 
/**
 * SHA-256 of the mod control file, in hex.
 */
modControlSha: string, };

export type KspDmpQueryOptions = { 
/**
 * HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
 * for a server behind a TLS proxy (default false: plain HTTP).
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type AssettoCorsaQueryResult = { 
/**
 * `/INFO` as sent.
 */
serverInfo: AssettoCorsaInfo, 
/**
 * The entry list's `Cars` as sent, every slot (none when not asked or not answered).
 */
carInfo: Array<AssettoCorsaCar>, 
/**
 * The entry list's failure, where `/INFO` answered, naming `/JSON|0`.
 */
warnings?: Array<string>, };

export type AssettoCorsaInfo = { 
/**
 * The server's public address, where it knows it (often empty).
 */
ip: string, 
/**
 * The game's UDP port.
 */
port: number, 
/**
 * The game's TCP port.
 */
tport: number, 
/**
 * The HTTP port (this one).
 */
cport: number, 
/**
 * With ` ℹ<port>` at its end where the server has details for Content Manager.
 */
name: string, clients: number, maxclients: number, 
/**
 * The track and its layout: `ks_nordschleife-endurance`.
 */
track: string, cars: Array<string>, timeofday: number, 
/**
 * The session now: its index in `sessiontypes` (acServer), or its type (AssettoServer).
 */
session: number, 
/**
 * Each session's type: 0 booking, 1 practice, 2 qualifying, 3 race.
 */
sessiontypes: Array<number>, 
/**
 * Each session's minutes, or laps.
 */
durations: Array<number>, 
/**
 * Seconds left in the session.
 */
timeleft: number, 
/**
 * `[name, code]`.
 */
country: Array<string>, pass: boolean, timestamp: number, json?: string, l: boolean, pickup: boolean, timed: boolean, extra: boolean, pit: boolean, inverted: number, 
/**
 * AssettoServer's `AssettoServer <version>`; acServer writes none.
 */
poweredBy: string, };

export type AssettoCorsaCar = { Model: string, Skin: string, 
/**
 * The driver in it, where one is (the name booked for it, on some servers, while empty).
 */
DriverName?: string, DriverTeam?: string, 
/**
 * acServer's; AssettoServer writes none.
 */
DriverNation: string, IsConnected: boolean, IsRequestedGUID: boolean, IsEntryList: boolean, };

export type AssettoCorsaQueryOptions = { 
/**
 * `GET /JSON|0` for the drivers and their cars (default true).
 */
players?: boolean, 
/**
 * HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
 * for a server behind a TLS proxy (default false: plain HTTP).
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type FarmingSimulatorQueryResult = { 
/**
 * `<Server>`'s attributes as sent: `game`, `version`, `name`, `mapName`, `dayTime`,
 * `mapOverviewFilename`, `mapSize` …
 */
server: Record<string, string>, 
/**
 * `<Slots>`' attributes as sent: `capacity`, `numUsed`.
 */
slots: Record<string, string>, 
/**
 * The used slots' players.
 */
players: Array<FarmingSimulatorPlayer>, 
/**
 * `<Mods>`: each `<Mod>` that names itself.
 */
mods: Array<FarmingSimulatorMod>, 
/**
 * The document as sent (its vehicles, farmlands and fields are there); a state with it
 * is served as it is.
 */
data: string, };

export type FarmingSimulatorPlayer = { 
/**
 * The element's text.
 */
name: string, isAdmin: boolean, 
/**
 * Minutes on the server.
 */
uptime?: number, 
/**
 * Where the player is on the map (absent while not in the world).
 */
x?: number, y?: number, z?: number, };

export type FarmingSimulatorMod = { 
/**
 * The title, as the element's text.
 */
title: string, 
/**
 * The attribute `name`: the mod's file name (`FS25_Courseplay`).
 */
name: string, author: string, version: string, hash: string, };

export type FarmingSimulatorQueryOptions = { 
/**
 * The server's code for its stats feed: in its web interface, Settings → the XML link's
 * `code=`. Never in a trace, a `--debug` dump or an error.
 */
token?: string, 
/**
 * HTTPS: `true`, or how the certificate is checked (`{ ca, insecure, serverName }`),
 * for a server behind a TLS proxy (default false: plain HTTP).
 */
tls?: boolean | TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type FactorioQueryResult = { name: string, description: string, application_version: FactorioVersion, 
/**
 * `ip:port`, as the game heartbeats from.
 */
host_address: string, has_password: boolean | string, 
/**
 * 0: no limit.
 */
max_players: number | string, 
/**
 * The usernames of the players on.
 */
players: Array<string>, 
/**
 * In-game minutes the map has run.
 */
game_time_elapsed: number | string, game_id: number, server_id: string, tags: Array<string>, mod_count: number, mods: Array<{ name: string, version: string }>, mods_crc: number, last_heartbeat: number, headless_server: boolean, require_user_verification: boolean, };

export type FactorioVersion = { 
/**
 * `2.0.28`.
 */
game_version: string, 
/**
 * The build's number, as text.
 */
build_version: string, 
/**
 * `alpha`, `headless` or `steam`.
 */
build_mode: string, 
/**
 * `linux64`, `win64` or `mac`.
 */
platform: string, };

export type FactorioQueryOptions = { 
/**
 *The API's URL (default `https://multiplayer.factorio.com`): a mirror, or a local responder (`serve('factorio')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type BeamMpQueryResult = { 
/**
 * The name, with `^x` format codes.
 */
sname: string, 
/**
 * The description.
 */
sdesc: string, ip: string, 
/**
 * The game's port, as text.
 */
port: string, 
/**
 * The level's `info.json` (`/levels/gridmap_v2/info.json`).
 */
map: string, 
/**
 * Players on, as text.
 */
players: string, maxplayers: string, 
/**
 * Their names, each followed by `;`.
 */
playerslist: string, password: boolean, 
/**
 * The server's version.
 */
version: string, 
/**
 * The client version it wants.
 */
cversion: string, owner: string, 
/**
 * A country code.
 */
location: string, official: boolean, featured: boolean, partner: boolean, private: boolean, 
/**
 * The mods, `;`-separated paths.
 */
modlist: string, modstotal: string, modstotalsize: string, };

export type BeamMpQueryOptions = { 
/**
 *The API's URL (default `https://backend.beammp.com`): a mirror, or a local responder (`serve('beammp')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * How old (ms) a copy of the list fetched by an earlier query may be to answer this
 * one, without a fetch (default 30000; 0: always fetch). Queries that find the list
 * being fetched wait for that fetch: a `queryMany` over one list fetches it once.
 */
maxAge?: number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type MinetestQueryResult = { 
/**
 * As the server announced itself: a host name or an IP address.
 */
address: string, 
/**
 * Where the list heard the announcement from.
 */
ip: string, port: number, name: string, description: string, clients: number, 
/**
 * The names of the players on (absent when none are).
 */
clients_list: Array<string>, clients_max: number, clients_top: number, creative: boolean, damage: boolean, pvp: boolean, password: boolean, 
/**
 * The game (`minetest`, `mineclone2` …).
 */
gameid: string, version: string, proto_min: number, proto_max: number, 
/**
 * Seconds.
 */
uptime: number, game_time: number, lag: number, url: string, update_time: number, start: number, updates: number, total_clients: number, pop_v: number, geo_continent: string, ping: number, };

export type MinetestQueryOptions = { 
/**
 *The API's URL (default `https://servers.minetest.net`): a mirror, or a local responder (`serve('minetest')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * How old (ms) a copy of the list fetched by an earlier query may be to answer this
 * one, without a fetch (default 30000; 0: always fetch). Queries that find the list
 * being fetched wait for that fetch: a `queryMany` over one list fetches it once.
 */
maxAge?: number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type VintageStoryQueryResult = { serverName: string, 
/**
 * `address:port`.
 */
serverIP: string, playstyle: { id: string, langCode: string }, mods: Array<{ id: string, version: string }>, 
/**
 * As text.
 */
maxPlayers: string, 
/**
 * As text.
 */
players: string, gameVersion: string, hasPassword: boolean, whitelisted: boolean, gameDescription: string, };

export type VintageStoryQueryOptions = { 
/**
 *The API's URL (default `https://masterserver.vintagestory.at`): a mirror, or a local responder (`serve('vintagestory')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * How old (ms) a copy of the list fetched by an earlier query may be to answer this
 * one, without a fetch (default 30000; 0: always fetch). Queries that find the list
 * being fetched wait for that fetch: a `queryMany` over one list fetches it once.
 */
maxAge?: number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type RenegadeXQueryResult = { IP: string, Port: number, Name: string, NamePrefix: string, "Current Map": string, Players: number, Bots: number, 
/**
 * `Open Beta 5.89.870`.
 */
"Game Version": string, 
/**
 * `Player Limit`, `Time Limit` (minutes), `Team Mode`, `Game Type`, `Vehicle Limit`,
 * `Mine Limit`, `bPassworded`, `bSteamRequired`, `bRanked` …
 */
Variables: Record<string, number | boolean>, };

export type RenegadeXQueryOptions = { 
/**
 *The API's URL (default `https://serverlist-rx.totemarts.services`): a mirror, or a local responder (`serve('renegadex')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * How old (ms) a copy of the list fetched by an earlier query may be to answer this
 * one, without a fetch (default 30000; 0: always fetch). Queries that find the list
 * being fetched wait for that fetch: a `queryMany` over one list fetches it once.
 */
maxAge?: number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type AltVQueryResult = { 
/**
 * The id `/servers/{id}` takes (the option `serverId`).
 */
publicId: string, name: string, 
/**
 * `host:port`, or a CDN's URL.
 */
address: string, host: string, port: number, playersCount: number, maxPlayersCount: number, passworded: boolean, gameMode: string, website: string, language: string, description: string, verified: boolean, promoted: boolean, useEarlyAuth: boolean, earlyAuthUrl: string, useCdn: boolean, cdnUrl: string, useVoiceChat: boolean, tags: Array<string>, bannerUrl: string, branch: string, build: number, version: string, lastUpdate: number, };

export type AltVQueryOptions = { 
/**
 *The API's URL (default `https://api.alt-mp.com`): a mirror, or a local responder (`serve('altvmp')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * How old (ms) a copy of the list fetched by an earlier query may be to answer this
 * one, without a fetch (default 30000; 0: always fetch). Queries that find the list
 * being fetched wait for that fetch: a `queryMany` over one list fetches it once.
 */
maxAge?: number, 
/**
 * The server's public id in alt:V's list (its `publicId`): asks `/servers/{id}`
 * rather than the whole list, and the target's address is not compared.
 */
serverId?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type RageMpQueryResult = { 
/**
 * Its first server's `host:port`.
 */
id: string, servers: Array<RageMpServer>, };

export type RageMpServer = { 
/**
 * `host:port`, as the server is queried and joined.
 */
id: string, name: string, gamemode: string, url: string, lang: string, players: RageMpPlayers, };

export type RageMpPlayers = { amount: number, max: number, peak: number, };

export type RageMpQueryOptions = { 
/**
 *The API's URL (default `https://cdn.rage.mp`): a mirror, or a local responder (`serve('ragemp')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * How old (ms) a copy of the list fetched by an earlier query may be to answer this
 * one, without a fetch (default 30000; 0: always fetch). Queries that find the list
 * being fetched wait for that fetch: a `queryMany` over one list fetches it once.
 */
maxAge?: number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type GeneshiftQueryResult = { 
/**
 * Two letters (`DE`).
 */
countrycode: string, country: string, ip: string, port?: number, name: string, map: string, numplayers?: number, maxplayers?: number, 
/**
 * Not known (gamedig: "unknown").
 */
field8: string, rules: string, gamemode?: number, gangsters?: number, cashrate?: number, missions: boolean, vehicles: boolean, customweapons: boolean, friendlyfire: boolean, mercs: boolean, 
/**
 * Not known (gamedig: "listen server?").
 */
field18: string, version: string, };

export type GeneshiftQueryOptions = { 
/**
 *The API's URL (default `http://geneshift.net`): a mirror, or a local responder (`serve('geneshift')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * How old (ms) a copy of the list fetched by an earlier query may be to answer this
 * one, without a fetch (default 30000; 0: always fetch). Queries that find the list
 * being fetched wait for that fetch: a `queryMany` over one list fetches it once.
 */
maxAge?: number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type DiscordQueryResult = { id: string, name: string, 
/**
 * An invite to the widget's channel; `null` where none is set.
 */
instant_invite?: string, 
/**
 * The voice channels the widget shows.
 */
channels: Array<DiscordChannel>, 
/**
 * Up to 100 members online, as the widget shows them (ids and names anonymised by Discord
 * unless they allow otherwise).
 */
members: Array<DiscordMember>, 
/**
 * Members online in all.
 */
presence_count: number, };

export type DiscordMember = { id: string, username: string, discriminator: string, avatar?: string, 
/**
 * `online`, `idle`, `dnd`.
 */
status: string, avatar_url: string, 
/**
 * The voice channel they are in.
 */
channel_id: string, };

export type DiscordChannel = { id: string, name: string, position: number, };

export type DiscordQueryOptions = { 
/**
 *The API's URL (default `https://discord.com`): a mirror, or a local responder (`serve('discord')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * The guild's id (gamedig's option; a string: it is too large for a JavaScript
 * number). Without it, the target is the id.
 */
guildId?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type ScpSlQueryResult = { Success: boolean, 
/**
 * Why not, where `Success` is false.
 */
Error: string, 
/**
 * Seconds to wait, where the API refused for asking too often.
 */
Cooldown: number, Servers: Array<ScpSlServer>, };

export type ScpSlServer = { ID: number, Port: number, 
/**
 * `YYYY-MM-DD`.
 */
LastOnline: string, 
/**
 * `"3/30"`.
 */
Players: string, PlayersList: Array<ScpSlPlayer>, 
/**
 * The name as the server list shows it, base64, with Unity rich-text tags.
 */
Info: string, 
/**
 * The Pastebin id of the server's description.
 */
Pastebin: string, Version: string, 
/**
 * Friendly fire.
 */
FF: boolean, 
/**
 * Whitelist.
 */
WL: boolean, Modded: boolean, Mods: number, Suppress: boolean, AutoSuppress: boolean, Online: boolean, };

export type ScpSlPlayer = { 
/**
 * `76561198000000000@steam`.
 */
ID: string, Nickname: string, };

export type ScpSlQueryOptions = { 
/**
 *The API's URL (default `https://api.scpslgame.com`): a mirror, or a local responder (`serve('scpsl')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
 * URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * Your account's id (the API's `id`), as the game's central servers gave it with the
 * key. Required.
 */
accountId: string | number, 
/**
 * Your account's API key (the API's `key`): never in a trace or a message. Required.
 */
apiKey: string, 
/**
 * The server's id in the account (`ID`); without it, the server at the port asked.
 */
serverId?: string | number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type EpicQueryResult = { deployment: string, id: string, bucket: string, 
/**
 * `maxPublicPlayers`, `allowInvites`, `shouldAdvertise` …
 */
settings: { maxPublicPlayers?: number } & Record<string, unknown>, totalPlayers: number, openPublicPlayers: number, 
/**
 * Often empty.
 */
publicPlayers: Array<{ name?: string } & Record<string, unknown>>, started: boolean, lastUpdated?: string, 
/**
 * The game's: `ADDRESS_s`, `ADDRESSBOUND_s`, `CUSTOMSERVERNAME_s`, `MAPNAME_s`,
 * `BUILDID_s` … (the suffix is the type: `_s` text, `_l` integer, `_b` boolean, `_d` number).
 */
attributes: Record<string, string | number | boolean>, owner: string, ownerPlatformId?: string, };

export type ArkServerListEntry = { Name: string, IP: string, Port: number, 
/**
 * The server's EOS session.
 */
SessionID: string, MapName: string, NumPlayers: number, MaxPlayers: number, HasPassword: boolean, SessionIsPve: number | string, PlatformType: string, ServerPing: number, 
/**
 * Comma-separated mod ids.
 */
ModIDs: string, IsOfficial: number | string, ClusterId: string, DayTime: string, };

export type EpicQueryOptions = { 
/**
 * Epic's API (default `https://api.epicgames.dev`): a local responder
 * (`serve('epic')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its URL
 * is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * The game's EOS client id (its OAuth client). Required to ask EOS: the game's
 * developers give it, or it is found in the game's files; gamequery ships none. ARK
 * without the three: Wildcard's public lists (`lists`).
 */
clientId?: string, 
/**
 * The client's secret. Never in a trace or a message.
 */
clientSecret?: string, 
/**
 * The game's deployment id.
 */
deploymentId?: string, 
/**
 * Where Wildcard's public ARK server lists are (default
 * `https://cdn2.arkdedicated.com/servers/asa`): asked for ARK without EOS credentials.
 */
lists?: string, 
/**
 * How old (ms) a copy of Wildcard's list fetched by an earlier query may be to answer
 * this one (default 30000; 0: always fetch), as for every central list.
 */
maxAge?: number, 
/**
 * Which game's way with EOS (the token, the filter's route, the attributes read):
 * `'asa'`, `'squad'`, `'theisleevrima'`, `'renown'`, or `'epic'` (default: a client's
 * token, `CUSTOMSERVERNAME_s` …). A game id sets it.
 */
dialect?: 'epic' | 'asa' | 'squad' | 'theisleevrima' | 'renown', 
/**
 * The token by external auth of a device id's (default: as the dialect has it, Squad's
 * and Renown's).
 */
externalAuth?: boolean, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type BrokeProtocolQueryResult = { id: string, 
/**
 * With `&0`–`&f` colour codes.
 */
name: string, version: string, ip: string, port: number, whitelist: boolean, location: string, validation: string, url: string, playerlimit: number, 
/**
 * The game's own list's count (the API's is in `snapshots`).
 */
playercount: number, difficulty: number, map: { hash?: string; name?: string; filesize?: number }, assetbundles: Array<{ hash?: string; name?: string; filesize?: number }>, plugins: Array<{ hash?: string; name?: string; description?: string }>, flags: number, 
/**
 * The game's list's.
 */
rank: number, 
/**
 * `{ playercount, at }`, `at` a time in seconds.
 */
snapshots: Array<{ playercount?: number; at?: number }>, updated: string, created: string, };

export type BrokeProtocolQueryOptions = { 
/**
 * The community API's URL, with its base path (default
 * `https://bp.userr00t.com/serverbrowser/api`): a mirror, or a local responder.
 */
api?: string, 
/**
 * The game's own list's host, asked where the API does not answer (default
 * `https://brokeprotocol.com`).
 */
fallback?: string, 
/**
 * How an `https` list's certificate is checked (`{ ca, insecure, serverName }`).
 */
tls?: TlsOptions, 
/**
 * The server's id in the API (`raw.id`): asks for it alone (the API only; the target
 * is not compared).
 */
serverId?: string, 
/**
 * The span of the API's player-count snapshots: `1h` (default), `6h`, `12h`, `1d`,
 * `3d`, `1w`, `2w`, `4w`.
 */
snapshotInterval?: '1h' | '6h' | '12h' | '1d' | '3d' | '1w' | '2w' | '4w', 
/**
 * How old (ms) a copy of either list fetched by an earlier query may be to answer this
 * one (default 30000; 0: always fetch), as for every central list.
 */
maxAge?: number, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

export type HawakeningQueryResult = { 
/**
 * The server's listing, as `gameServerListings` gives it.
 */
listing: HawakeningListing, 
/**
 * The matchmaking advertisement (`AssignedServerIp`, `AssignedServerPort` …); `null`
 * where none was asked (a full server) or it failed (see `warnings`).
 */
info: ({ AssignedServerIp?: string, AssignedServerPort?: number } & Record<string, unknown>) | null, 
/**
 * What failed after the listings (the advertisement, the logout).
 */
warnings: Array<string>, };

export type HawakeningListing = { Guid: string, ServerName: string, Map: string, 
/**
 * The mode (`HawkenTDM` …).
 */
GameType: string, GameVersion: string, 
/**
 * `Asia`, `Europe`, `North-America` or `Oceania`.
 */
Region: string, MaxUsers: number, MinUsers: number, 
/**
 * The players' `Guid`s.
 */
Users: Array<string>, 
/**
 * `PasswordHash` (set: a password), `MatchState`, `AveragePilotLevel` …
 */
DeveloperData: { PasswordHash?: string } & Record<string, string>, MatchId: string, MatchCompletionPercent: number, IsPublicVisible: boolean, IsMatchmakingVisible: boolean, LastUpdate: string, Status: number, ServerRanking: number, ServerScore: string, VoiceChannelListing: string, };

export type HawakeningQueryOptions = { 
/**
 * The backend's API (default `https://hawakening.com/api`): a local responder
 * (`serve('hawakening')`) in tests.
 */
api?: string, 
/**
 * How the API's certificate is checked (`{ ca, insecure, serverName }`), where its URL
 * is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
 */
tls?: TlsOptions, 
/**
 * The server's `Guid` (gamedig's option). Without it, the target is the `Guid`.
 */
serverId?: string, 
/**
 * The player's account: its e-mail address, not its callsign. Required: the backend
 * lists servers to a signed-in player only (an account is made at hawakening.com).
 */
username: string, 
/**
 * The account's password: the query signs in with it, and out when done. Never in a
 * trace or a message.
 */
password?: string, 
/**
 * An access grant the account already holds, used instead of signing in (and kept:
 * the query does not sign out). Never in a trace or a message.
 */
token?: string, 
/**
 * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
 * every retransmission. A dead server costs exactly this.
 */
timeout?: number, 
/**
 * Retransmissions of an unanswered request within the budget (0–10, default 1).
 */
retries?: number, 
/**
 * Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason).
 */
signal?: AbortSignal, 
/**
 * Address family for host names: 4, 6 or 0 (either; default).
 */
family?: 0 | 4 | 6, 
/**
 * Send from this local address (an IP of this machine), for firewalled hosts.
 */
localAddress?: string, 
/**
 * Send from this local port.
 */
localPort?: number, 
/**
 * Called for every datagram or stream chunk, both ways (a packet trace, for debugging).
 */
trace?: (event: TraceEvent) => void, 
/**
 * Where credentials the options do not give are read from: `GAMEQUERY_<GAME>_<OPTION>`,
 * then `GAMEQUERY_<PROTOCOL>_<OPTION>` (`GAMEQUERY_ASA_CLIENT_SECRET`,
 * `GAMEQUERY_EPIC_CLIENT_ID`). Default: the process's variables as they were at the
 * first call (Node, Bun, Deno); a Worker passes its `env`.
 */
environment?: Record<string, string | undefined>, };

/** Protocol names. A misspelt name does not compile. */
export type Protocol = 'samp' | 'minecraft-java' | 'minecraft-legacy' | 'minecraft-bedrock' | 'minecraft-query' | 'sqp' | 'a2s' | 'source-rcon' | 'minecraft' | 'quake3' | 'quake2' | 'quakeworld' | 'mumble' | 'fivem' | 'doom3' | 'all-seeing-eye' | 'gamespy1' | 'gamespy2' | 'gamespy3' | 'unreal2' | 'palworld' | 'terraria' | 'satisfactory' | 'teamspeak3' | 'eldewrito' | 'hytale' | 'eco' | 'buildandshoot' | 'kspdmp' | 'assettocorsa' | 'farmingsimulator' | 'factorio' | 'beammp' | 'minetest' | 'vintagestory' | 'renegadex' | 'altvmp' | 'ragemp' | 'geneshift' | 'discord' | 'scpsl' | 'epic' | 'brokeprotocol' | 'hawakening';
/** What `query` and `queryMany` take: every protocol but the packet codec `source-rcon` (`rcon` runs it). */
export type QueryProtocol = 'samp' | 'minecraft-java' | 'minecraft-legacy' | 'minecraft-bedrock' | 'minecraft-query' | 'sqp' | 'a2s' | 'minecraft' | 'quake3' | 'quake2' | 'quakeworld' | 'mumble' | 'fivem' | 'doom3' | 'all-seeing-eye' | 'gamespy1' | 'gamespy2' | 'gamespy3' | 'unreal2' | 'palworld' | 'terraria' | 'satisfactory' | 'teamspeak3' | 'eldewrito' | 'hytale' | 'eco' | 'buildandshoot' | 'kspdmp' | 'assettocorsa' | 'farmingsimulator' | 'factorio' | 'beammp' | 'minetest' | 'vintagestory' | 'renegadex' | 'altvmp' | 'ragemp' | 'geneshift' | 'discord' | 'scpsl' | 'epic' | 'brokeprotocol' | 'hawakening';
/** What `serve` answers (`minecraft`'s editions are served one by one). */
export type ServeProtocol = 'samp' | 'minecraft-java' | 'minecraft-legacy' | 'minecraft-bedrock' | 'minecraft-query' | 'sqp' | 'a2s' | 'quake3' | 'quake2' | 'quakeworld' | 'mumble' | 'fivem' | 'doom3' | 'all-seeing-eye' | 'gamespy1' | 'gamespy2' | 'gamespy3' | 'unreal2' | 'palworld' | 'terraria' | 'satisfactory' | 'teamspeak3' | 'eldewrito' | 'hytale' | 'eco' | 'buildandshoot' | 'kspdmp' | 'assettocorsa' | 'farmingsimulator' | 'factorio' | 'beammp' | 'minetest' | 'vintagestory' | 'renegadex' | 'altvmp' | 'ragemp' | 'geneshift' | 'discord' | 'scpsl' | 'epic' | 'brokeprotocol' | 'hawakening';

/** The request, response, options and `raw` result types of each protocol. */
export interface ProtocolTypes {
  samp: { request: SampRequest; response: SampResponse; decodeOptions: SampDecodeOptions; raw: SampServerState };
  'minecraft-java': { request: JavaRequest; response: JavaResponse; decodeOptions: Record<string, never>; raw: JavaQueryResult };
  'minecraft-legacy': { request: LegacyRequest; response: LegacyResponse; decodeOptions: Record<string, never>; raw: LegacyQueryResult };
  'minecraft-bedrock': { request: BedrockRequest; response: BedrockResponse; decodeOptions: Record<string, never>; raw: BedrockQueryResult };
  'minecraft-query': { request: MinecraftQueryRequest; response: MinecraftQueryResponse; decodeOptions: Record<string, never>; raw: MinecraftQueryResult };
  sqp: { request: SqpRequest; response: SqpResponse; decodeOptions: SqpDecodeOptions; raw: SqpQueryResult };
  a2s: { request: A2sRequest; response: A2sResponse; decodeOptions: A2sDecodeOptions; raw: A2sQueryResult };
  'source-rcon': { request: SourceRconPacket; response: SourceRconPacket; decodeOptions: Record<string, never>; raw: never };
  minecraft: { request: never; response: never; decodeOptions: never; raw: MinecraftRaceResult };
  quake3: { request: QuakeRequest; response: QuakeResponse; decodeOptions: QuakeDecodeOptions; raw: QuakeQueryResult };
  quake2: { request: QuakeRequest; response: QuakeResponse; decodeOptions: QuakeDecodeOptions; raw: QuakeQueryResult };
  quakeworld: { request: QuakeRequest; response: QuakeResponse; decodeOptions: QuakeDecodeOptions; raw: QuakeQueryResult };
  mumble: { request: MumbleRequest; response: MumbleResponse; decodeOptions: Record<string, never>; raw: MumbleQueryResult };
  fivem: { request: FivemRequest; response: FivemResponse; decodeOptions: Record<string, never>; raw: FivemQueryResult };
  doom3: { request: Doom3Request; response: Doom3Response; decodeOptions: Doom3DecodeOptions; raw: Doom3QueryResult };
  'all-seeing-eye': { request: AllSeeingEyeRequest; response: AllSeeingEyeResponse; decodeOptions: EncodingOptions; raw: AllSeeingEyeQueryResult };
  gamespy1: { request: GameSpy1Request; response: GameSpy1Response; decodeOptions: EncodingOptions; raw: GameSpy1QueryResult };
  gamespy2: { request: GameSpy2Request; response: GameSpy2Response; decodeOptions: EncodingOptions; raw: GameSpy2QueryResult };
  gamespy3: { request: GameSpy3Request; response: GameSpy3Response; decodeOptions: GameSpy3DecodeOptions; raw: GameSpy3QueryResult };
  unreal2: { request: Unreal2Request; response: Unreal2Response; decodeOptions: Record<string, never>; raw: Unreal2QueryResult };
  palworld: { request: never; response: never; decodeOptions: never; raw: PalworldQueryResult };
  terraria: { request: never; response: never; decodeOptions: never; raw: TerrariaQueryResult };
  satisfactory: { request: SatisfactoryRequest; response: SatisfactoryResponse; decodeOptions: Record<string, never>; raw: SatisfactoryQueryResult };
  teamspeak3: { request: never; response: never; decodeOptions: never; raw: TeamSpeak3QueryResult };
  eldewrito: { request: never; response: never; decodeOptions: never; raw: ElDewritoQueryResult };
  hytale: { request: never; response: never; decodeOptions: never; raw: HytaleQueryResult };
  eco: { request: never; response: never; decodeOptions: never; raw: EcoQueryResult };
  buildandshoot: { request: never; response: never; decodeOptions: never; raw: BuildAndShootQueryResult };
  kspdmp: { request: never; response: never; decodeOptions: never; raw: KspDmpQueryResult };
  assettocorsa: { request: never; response: never; decodeOptions: never; raw: AssettoCorsaQueryResult };
  farmingsimulator: { request: never; response: never; decodeOptions: never; raw: FarmingSimulatorQueryResult };
  factorio: { request: never; response: never; decodeOptions: never; raw: FactorioQueryResult };
  beammp: { request: never; response: never; decodeOptions: never; raw: BeamMpQueryResult };
  minetest: { request: never; response: never; decodeOptions: never; raw: MinetestQueryResult };
  vintagestory: { request: never; response: never; decodeOptions: never; raw: VintageStoryQueryResult };
  renegadex: { request: never; response: never; decodeOptions: never; raw: RenegadeXQueryResult };
  altvmp: { request: never; response: never; decodeOptions: never; raw: AltVQueryResult };
  ragemp: { request: never; response: never; decodeOptions: never; raw: RageMpQueryResult };
  geneshift: { request: never; response: never; decodeOptions: never; raw: GeneshiftQueryResult };
  discord: { request: never; response: never; decodeOptions: never; raw: DiscordQueryResult };
  scpsl: { request: never; response: never; decodeOptions: never; raw: ScpSlQueryResult };
  epic: { request: never; response: never; decodeOptions: never; raw: EpicQueryResult | ArkServerListEntry };
  brokeprotocol: { request: never; response: never; decodeOptions: never; raw: BrokeProtocolQueryResult };
  hawakening: { request: never; response: never; decodeOptions: never; raw: HawakeningQueryResult };
}

/**
 * A query's result, narrowed by its `protocol`: `raw` is that protocol's. A protocol only
 * known at run time gives the union, which `status.protocol` narrows.
 */
export type StatusOf<P extends Protocol> = P extends Protocol ? Omit<Status<ProtocolTypes[P]['raw']>, 'protocol'> & { protocol: P } : never;
/** Any protocol's result: check `status.protocol` and `raw` narrows with it. */
export type AnyStatus = StatusOf<QueryProtocol>;

/** `err.code` of every error gamequery throws. */
export type ErrorCode = 'GQ_TRUNCATED'
  | 'GQ_BAD_MAGIC'
  | 'GQ_BAD_LENGTH'
  | 'GQ_UNEXPECTED_OPCODE'
  | 'GQ_TRAILING_BYTES'
  | 'GQ_MALFORMED'
  | 'GQ_FRAME_TOO_LARGE'
  | 'GQ_BAD_JSON'
  | 'GQ_INVALID_ARGUMENT'
  | 'GQ_BAD_ENCODING'
  | 'GQ_TIMEOUT'
  | 'GQ_PORT_CLOSED'
  | 'GQ_WRONG_PROTOCOL'
  | 'GQ_ABORTED'
  | 'GQ_RCON_AUTH'
  | 'GQ_DNS'
  | 'GQ_NETWORK'
  | 'GQ_UNSUPPORTED_GAME'
  | 'GQ_RATE_LIMITED'
  | 'GQ_FORBIDDEN'
  | 'GQ_AUTH'
  | 'GQ_HTTP_STATUS'
  | 'GQ_TLS'
  | 'GQ_NOT_LISTED'
  | 'GQ_INTERNAL';

/**
 * What gamequery throws (and `queryMany` yields as `error`). `code` is stable; a network
 * call adds `protocol`, `target` (as given), `address`/`port` once resolved and
 * `attempts`; decode errors add `field` and `offset`; an HTTP refusal `httpStatus`. An abort is an `AbortError` whose
 * `cause` is the signal's reason. `instanceof` holds across both packages.
 */
export declare class GameQueryError extends Error {
  readonly name: 'GameQueryError' | 'AbortError';
  readonly code: ErrorCode;
  readonly protocol?: Protocol;
  readonly target?: unknown;
  readonly address?: string;
  readonly port?: number;
  /** How many times the request that went unanswered was sent. */
  readonly attempts?: number;
  /** Decode errors: the wire field, and the byte offset where it starts. */
  readonly field?: string;
  readonly offset?: number;
  /** The offending text (a status that is not JSON). */
  readonly text?: string;
  /** A game's query that no candidate port answered: what happened on each. */
  readonly candidates?: ReadonlyArray<{ port: number; code: ErrorCode; message: string }>;
  /** The HTTP status a server refused with (`GQ_HTTP_STATUS`, `GQ_AUTH`, `GQ_RATE_LIMITED` …). */
  readonly httpStatus?: number;
  /** The seconds the server's `Retry-After` asked to wait (past the deadline: not waited). */
  readonly retryAfter?: number;
  readonly cause?: unknown;
}
/** True for an error either package threw. */
export declare function isGameQueryError(value: unknown): value is GameQueryError;

export declare const PROTOCOLS: readonly Protocol[];
/** Client → server: builds a request packet. */
export declare function encodeRequest<P extends Protocol>(protocol: P, request: ProtocolTypes[P]['request']): Uint8Array;
/** Server side: parses a request packet. */
export declare function decodeRequest<P extends Protocol>(protocol: P, bytes: Uint8Array): ProtocolTypes[P]['request'];
/** Server → client: builds a reply packet. */
export declare function encodeResponse<P extends Protocol>(protocol: P, response: ProtocolTypes[P]['response']): Uint8Array;
/** Client side: parses a reply packet. */
export declare function decodeResponse<P extends Protocol>(protocol: P, bytes: Uint8Array, options?: ProtocolTypes[P]['decodeOptions']): ProtocolTypes[P]['response'];
/** Minecraft's VarInt (at most 5 bytes; a 6th is an error, not a wrap). */
export declare function encodeVarInt(value: number): Uint8Array;
export declare function decodeVarInt(bytes: Uint8Array, offset?: number): { value: number; length: number };
/** What `FrameDecoder` joins: the protocols whose packets come in pieces. */
export type FrameProtocol = 'minecraft-java' | 'a2s' | 'source-rcon' | 'gamespy1' | 'gamespy3';
/** What `rconSession` takes: the protocols whose servers run Source RCON. */
export type RconSessionProtocol = 'minecraft-java' | 'a2s';
/**
 * Whole packets out of pieces: a TCP stream's chunks (length prefix included, however it
 * is chunked), or datagrams whose split parts join into the reply they carry (`goldSrc`
 * for GoldSrc's split layout). Feed what arrives; `push` returns what is complete.
 */
export declare class FrameDecoder {
  /** `maxFrame`: refuse a declared frame above this many bytes (default 256 KiB) with GQ_FRAME_TOO_LARGE. */
  constructor(protocol: FrameProtocol, options?: { maxFrame?: number; goldSrc?: boolean });
  push(chunk: Uint8Array): Uint8Array[];
}

/** Every game id of the games table (`games`): gamedig 5's ids. */
export type GameId =
  | 'a2oa'
  | 'aaa'
  | 'aapg'
  | 'abioticfactor'
  | 'actionsource'
  | 'acwa'
  | 'ahl'
  | 'alienarena'
  | 'alienswarm'
  | 'americasarmy'
  | 'americasarmy2'
  | 'americasarmy3'
  | 'aoc'
  | 'aoe2'
  | 'aosc'
  | 'arma2'
  | 'arma3'
  | 'armagetronadvanced'
  | 'armareforger'
  | 'armaresistance'
  | 'asa'
  | 'ase'
  | 'asr08'
  | 'assettocorsa'
  | 'atlas'
  | 'avorion'
  | 'avp2'
  | 'avp2010'
  | 'baldursgate'
  | 'ballisticoverkill'
  | 'barotrauma'
  | 'bas'
  | 'basedefense'
  | 'battalion1944'
  | 'battlefield1942'
  | 'battlefield2'
  | 'battlefield2142'
  | 'battlefield3'
  | 'battlefield4'
  | 'battlefieldhardline'
  | 'battlefieldvietnam'
  | 'bbc2'
  | 'beammp'
  | 'blackmesa'
  | 'bladesymphony'
  | 'brainbread'
  | 'brainbread2'
  | 'breach'
  | 'breed'
  | 'brink'
  | 'brokeprotocol'
  | 'c2d'
  | 'c3db'
  | 'cacr'
  | 'cbu'
  | 'chaser'
  | 'chrome'
  | 'cmw'
  | 'cod'
  | 'cod2'
  | 'cod3'
  | 'cod4mw'
  | 'codbo3'
  | 'codenamecure'
  | 'codenameeagle'
  | 'codmw2'
  | 'codmw3'
  | 'coduo'
  | 'codwaw'
  | 'coj'
  | 'colonysurvival'
  | 'conanexiles'
  | 'contagion'
  | 'contractjack'
  | 'corekeeper'
  | 'counterstrike15'
  | 'counterstrike16'
  | 'counterstrike2'
  | 'crce'
  | 'creativerse'
  | 'crysis'
  | 'crysis2'
  | 'crysiswars'
  | 'cscz'
  | 'csgo'
  | 'css'
  | 'dab'
  | 'daikatana'
  | 'dal'
  | 'dayofdragons'
  | 'dayz'
  | 'dayzmod'
  | 'ddd'
  | 'ddpt'
  | 'deathmatchclassic'
  | 'deerhunter2005'
  | 'descent3'
  | 'deusex'
  | 'devastation'
  | 'dhe4445'
  | 'discord'
  | 'dmomam'
  | 'dnf2001'
  | 'dod'
  | 'dods'
  | 'doi'
  | 'doom3'
  | 'dootf'
  | 'dota2'
  | 'dow'
  | 'dst'
  | 'dtr2'
  | 'dystopia'
  | 'eco'
  | 'egs'
  | 'eldewrito'
  | 'empiresmod'
  | 'enshrouded'
  | 'etqw'
  | 'ets2'
  | 'exfil'
  | 'f1c9902'
  | 'factorio'
  | 'farcry'
  | 'farcry2'
  | 'farmingsimulator19'
  | 'farmingsimulator22'
  | 'farmingsimulator25'
  | 'fear'
  | 'ffow'
  | 'fof'
  | 'formulaone2002'
  | 'fortressforever'
  | 'foundry'
  | 'garrysmod'
  | 'gck'
  | 'geneshift'
  | 'globaloperations'
  | 'goldeneyesource'
  | 'groundbreach'
  | 'gta5am'
  | 'gta5f'
  | 'gta5r'
  | 'gtasam'
  | 'gtasamta'
  | 'gtasao'
  | 'gtavcmta'
  | 'gunmanchronicles'
  | 'gus'
  | 'halo'
  | 'halo2'
  | 'hawakening'
  | 'heretic2'
  | 'hexen2'
  | 'hiddendangerous2'
  | 'hl2d'
  | 'hld'
  | 'hlds'
  | 'hll'
  | 'hlof'
  | 'homefront'
  | 'homeworld2'
  | 'hurtworld'
  | 'hytale'
  | 'i2cs'
  | 'i2s'
  | 'icarus'
  | 'imic'
  | 'insurgency'
  | 'insurgencysandstorm'
  | 'ironstorm'
  | 'jb0n'
  | 'jc2m'
  | 'jc3m'
  | 'killingfloor'
  | 'killingfloor2'
  | 'kloc'
  | 'kpctnc'
  | 'kreedzclimbing'
  | 'kspd'
  | 'l4d'
  | 'l4d2'
  | 'm2m'
  | 'm2o'
  | 'mbe'
  | 'medievalengineers'
  | 'mgm'
  | 'minecraft'
  | 'minetest'
  | 'mnc'
  | 'moe'
  | 'moh'
  | 'moha'
  | 'mohaa'
  | 'mohaab'
  | 'mohaas'
  | 'mohpa'
  | 'mohw'
  | 'mordhau'
  | 'mumble'
  | 'mutantfactions'
  | 'nab'
  | 'nascarthunder2004'
  | 'naturalselection'
  | 'naturalselection2'
  | 'netpanzer'
  | 'neverwinternights'
  | 'neverwinternights2'
  | 'nexuiz'
  | 'nfshp2'
  | 'nitrofamily'
  | 'nla'
  | 'nmrih'
  | 'nolf2asihw'
  | 'nucleardawn'
  | 'ofcwc'
  | 'ofr'
  | 'ohd'
  | 'onset'
  | 'openarena'
  | 'openttd'
  | 'painkiller'
  | 'palworld'
  | 'pce'
  | 'pixark'
  | 'plutonium'
  | 'postal2'
  | 'postscriptum'
  | 'prb2'
  | 'prey'
  | 'projectcars'
  | 'projectcars2'
  | 'projectzomboid'
  | 'pvak2'
  | 'q3a'
  | 'quake'
  | 'quake2'
  | 'quake4'
  | 'quakelive'
  | 'rainbowsix'
  | 'rallisportchallenge'
  | 'rallymasters'
  | 'rdkf'
  | 'rdr2r'
  | 'redline'
  | 'redorchestra'
  | 'redorchestra2'
  | 'renegade10'
  | 'renown'
  | 'rfactor'
  | 'rfactor2'
  | 'ricochet'
  | 'risingworld'
  | 'ron'
  | 'roo4145'
  | 'ror2'
  | 'rs2rs'
  | 'rs2v'
  | 'rs3rs'
  | 'rtcw'
  | 'rune'
  | 'rust'
  | 's2ats'
  | 'satisfactory'
  | 'sdtd'
  | 'serioussam'
  | 'serioussam2'
  | 'shatteredhorizon'
  | 'shogo'
  | 'shootmania'
  | 'sin'
  | 'sinepisodes'
  | 'sof'
  | 'sof2'
  | 'soldat'
  | 'sotf'
  | 'soulmask'
  | 'spaceengineers'
  | 'squad'
  | 'ssl'
  | 'sstse'
  | 'stalker'
  | 'starbound'
  | 'starmade'
  | 'starsiege'
  | 'stbc'
  | 'stn'
  | 'stvef'
  | 'stvef2'
  | 'suicidesurvival'
  | 'svencoop'
  | 'swat4'
  | 'swb'
  | 'swb2'
  | 'swjk2jo'
  | 'swjkja'
  | 'swrc'
  | 'synergy'
  | 't1s'
  | 'tacticalops'
  | 'tcgraw'
  | 'tcgraw2'
  | 'teamfactor'
  | 'teamfortress2'
  | 'teamspeak2'
  | 'teamspeak3'
  | 'terminus'
  | 'terrariatshock'
  | 'tfc'
  | 'theforest'
  | 'thefront'
  | 'thehidden'
  | 'theisle'
  | 'theship'
  | 'thespecialists'
  | 'thps3'
  | 'thps4'
  | 'thu2'
  | 'tie'
  | 'toh'
  | 'tonolf'
  | 'towerunite'
  | 'toxikk'
  | 'trackmania2'
  | 'trackmaniaforever'
  | 'tremulous'
  | 'tribesvengeance'
  | 'tron20'
  | 'turok2'
  | 'u2tax'
  | 'universalcombat'
  | 'unreal'
  | 'unrealtournament'
  | 'unrealtournament2003'
  | 'unrealtournament2004'
  | 'unrealtournament3'
  | 'unturned'
  | 'urbanterror'
  | 'v8sc'
  | 'valheim'
  | 'vampireslayer'
  | 'vcm'
  | 'ventrilo'
  | 'vietcong'
  | 'vietcong2'
  | 'vintagestory'
  | 'vrising'
  | 'warfork'
  | 'warsow'
  | 'wet'
  | 'wolfenstein'
  | 'wop'
  | 'wot'
  | 'wurmunlimited'
  | 'xonotic'
  | 'xpandrally'
  | 'zombiemaster'
  | 'zps';

/** gamedig 4's ids, still accepted by `query` (deprecated): each is the id it became. */
export interface OldGameIds {
  /** @deprecated gamedig 4's id: `'a2oa'` now. */
  'arma2oa': 'a2oa';
  /** @deprecated gamedig 4's id: `'aaa'` now. */
  'arma': 'aaa';
  /** @deprecated gamedig 4's id: `'aapg'` now. */
  'americasarmypg': 'aapg';
  /** @deprecated gamedig 4's id: `'actionsource'` now. */
  'as': 'actionsource';
  /** @deprecated gamedig 4's id: `'acwa'` now. */
  'armacwa': 'acwa';
  /** @deprecated gamedig 4's id: `'aoc'` now. */
  'ageofchivalry': 'aoc';
  /** @deprecated gamedig 4's id: `'armareforger'` now. */
  'armare': 'armareforger';
  /** @deprecated gamedig 4's id: `'armaresistance'` now. */
  'armar': 'armaresistance';
  /** @deprecated gamedig 4's id: `'ase'` now. */
  'arkse': 'ase';
  /** @deprecated gamedig 4's id: `'basedefense'` now. */
  'bd': 'basedefense';
  /** @deprecated gamedig 4's id: `'battalion1944'` now. */
  'bat1944': 'battalion1944';
  /** @deprecated gamedig 4's id: `'battlefield1942'` now. */
  'bf1942': 'battlefield1942';
  /** @deprecated gamedig 4's id: `'battlefield2'` now. */
  'bf2': 'battlefield2';
  /** @deprecated gamedig 4's id: `'battlefield2142'` now. */
  'bf2142': 'battlefield2142';
  /** @deprecated gamedig 4's id: `'battlefieldvietnam'` now. */
  'bfv': 'battlefieldvietnam';
  /** @deprecated gamedig 4's id: `'bladesymphony'` now. */
  'bs': 'bladesymphony';
  /** @deprecated gamedig 4's id: `'c3db'` now. */
  'commandos3': 'c3db';
  /** @deprecated gamedig 4's id: `'cacr'` now. */
  'cacrenegade': 'cacr';
  /** @deprecated gamedig 4's id: `'cmw'` now. */
  'chivalry': 'cmw';
  /** @deprecated gamedig 4's id: `'cod4mw'` now. */
  'cod4': 'cod4mw';
  /** @deprecated gamedig 4's id: `'coj'` now. */
  'callofjuarez': 'coj';
  /** @deprecated gamedig 4's id: `'contractjack'` now. */
  'contactjack': 'contractjack';
  /** @deprecated gamedig 4's id: `'counterstrike15'` now. */
  'cs15': 'counterstrike15';
  /** @deprecated gamedig 4's id: `'counterstrike16'` now. */
  'cs16': 'counterstrike16';
  /** @deprecated gamedig 4's id: `'counterstrike2'` now. */
  'cs2': 'counterstrike2';
  /** @deprecated gamedig 4's id: `'crce'` now. */
  'crossracing': 'crce';
  /** @deprecated gamedig 4's id: `'dal'` now. */
  'dnl': 'dal';
  /** @deprecated gamedig 4's id: `'ddd'` now. */
  'dinodday': 'ddd';
  /** @deprecated gamedig 4's id: `'ddpt'` now. */
  'deadlydozenpt': 'ddpt';
  /** @deprecated gamedig 4's id: `'deathmatchclassic'` now. */
  'dmc': 'deathmatchclassic';
  /** @deprecated gamedig 4's id: `'deerhunter2005'` now. */
  'dh2005': 'deerhunter2005';
  /** @deprecated gamedig 4's id: `'dhe4445'` now. */
  'darkesthour': 'dhe4445';
  /** @deprecated gamedig 4's id: `'dootf'` now. */
  'drakan': 'dootf';
  /** @deprecated gamedig 4's id: `'dow'` now. */
  'daysofwar': 'dow';
  /** @deprecated gamedig 4's id: `'dtr2'` now. */
  'dirttrackracing2': 'dtr2';
  /** @deprecated gamedig 4's id: `'dystopia'` now. */
  'dys': 'dystopia';
  /** @deprecated gamedig 4's id: `'egs'` now. */
  'empyrion': 'egs';
  /** @deprecated gamedig 4's id: `'empiresmod'` now. */
  'em': 'empiresmod';
  /** @deprecated gamedig 4's id: `'formulaone2002'` now. */
  'f12002': 'formulaone2002';
  /** @deprecated gamedig 4's id: `'gck'` now. */
  'giantscitizenkabuto': 'gck';
  /** @deprecated gamedig 4's id: `'goldeneyesource'` now. */
  'ges': 'goldeneyesource';
  /** @deprecated gamedig 4's id: `'gta5am'` now. */
  'gta5a': 'gta5am';
  /** @deprecated gamedig 4's id: `'gtasamta'` now. */
  'mtasa': 'gtasamta';
  /** @deprecated gamedig 4's id: `'gtasao'` now. */
  'saomp': 'gtasao';
  /** @deprecated gamedig 4's id: `'gtavcmta'` now. */
  'mtavc': 'gtavcmta';
  /** @deprecated gamedig 4's id: `'gus'` now. */
  'gore': 'gus';
  /** @deprecated gamedig 4's id: `'hiddendangerous2'` now. */
  'had2': 'hiddendangerous2';
  /** @deprecated gamedig 4's id: `'hl2d'` now. */
  'hl2dm': 'hl2d';
  /** @deprecated gamedig 4's id: `'hld'` now. */
  'hldm': 'hld';
  /** @deprecated gamedig 4's id: `'hlds'` now. */
  'hldms': 'hlds';
  /** @deprecated gamedig 4's id: `'hlof'` now. */
  'hlopfor': 'hlof';
  /** @deprecated gamedig 4's id: `'i2cs'` now. */
  'igi2': 'i2cs';
  /** @deprecated gamedig 4's id: `'i2s'` now. */
  'il2': 'i2s';
  /** @deprecated gamedig 4's id: `'imic'` now. */
  'insurgencymic': 'imic';
  /** @deprecated gamedig 4's id: `'jb0n'` now. */
  'jamesbondnightfire': 'jb0n';
  /** @deprecated gamedig 4's id: `'jc2m'` now. */
  'jc2mp': 'jc2m';
  /** @deprecated gamedig 4's id: `'jc3m'` now. */
  'jc3mp': 'jc3m';
  /** @deprecated gamedig 4's id: `'kloc'` now. */
  'kingpin': 'kloc';
  /** @deprecated gamedig 4's id: `'kpctnc'` now. */
  'kisspc': 'kpctnc';
  /** @deprecated gamedig 4's id: `'kreedzclimbing'` now. */
  'kzmod': 'kreedzclimbing';
  /** @deprecated gamedig 4's id: `'l4d'` now. */
  'left4dead': 'l4d';
  /** @deprecated gamedig 4's id: `'l4d2'` now. */
  'left4dead2': 'l4d2';
  /** @deprecated gamedig 4's id: `'mbe'` now. */
  'minecraftbe': 'mbe';
  /** @deprecated gamedig 4's id: `'moha'` now. */
  'mohab': 'moha';
  /** @deprecated gamedig 4's id: `'mohaab'` now. */
  'mohbt': 'mohaab';
  /** @deprecated gamedig 4's id: `'mohaas'` now. */
  'mohsh': 'mohaas';
  /** @deprecated gamedig 4's id: `'naturalselection'` now. */
  'ns': 'naturalselection';
  /** @deprecated gamedig 4's id: `'naturalselection2'` now. */
  'ns2': 'naturalselection2';
  /** @deprecated gamedig 4's id: `'neverwinternights'` now. */
  'nwn': 'neverwinternights';
  /** @deprecated gamedig 4's id: `'neverwinternights2'` now. */
  'nwn2': 'neverwinternights2';
  /** @deprecated gamedig 4's id: `'nolf2asihw'` now. */
  'nolf2': 'nolf2asihw';
  /** @deprecated gamedig 4's id: `'ofr'` now. */
  'flashpointresistance': 'ofr';
  /** @deprecated gamedig 4's id: `'pce'` now. */
  'primalcarnage': 'pce';
  /** @deprecated gamedig 4's id: `'postscriptum'` now. */
  'ps': 'postscriptum';
  /** @deprecated gamedig 4's id: `'prb2'` now. */
  'prbf2': 'prb2';
  /** @deprecated gamedig 4's id: `'projectcars'` now. */
  'pc': 'projectcars';
  /** @deprecated gamedig 4's id: `'projectcars2'` now. */
  'pc2': 'projectcars2';
  /** @deprecated gamedig 4's id: `'projectzomboid'` now. */
  'przomboid': 'projectzomboid';
  /** @deprecated gamedig 4's id: `'pvak2'` now. */
  'pvkii': 'pvak2';
  /** @deprecated gamedig 4's id: `'quake'` now. */
  'quake1': 'quake';
  /** @deprecated gamedig 4's id: `'rainbowsix'` now. */
  'r6': 'rainbowsix';
  /** @deprecated gamedig 4's id: `'rdkf'` now. */
  'ragdollkungfu': 'rdkf';
  /** @deprecated gamedig 4's id: `'rdr2r'` now. */
  'redm': 'rdr2r';
  /** @deprecated gamedig 4's id: `'ron'` now. */
  'riseofnations': 'ron';
  /** @deprecated gamedig 4's id: `'roo4145'` now. */
  'redorchestraost': 'roo4145';
  /** @deprecated gamedig 4's id: `'rs2rs'` now. */
  'r6roguespear': 'rs2rs';
  /** @deprecated gamedig 4's id: `'rs2v'` now. */
  'rs2': 'rs2v';
  /** @deprecated gamedig 4's id: `'rs3rs'` now. */
  'r6ravenshield': 'rs3rs';
  /** @deprecated gamedig 4's id: `'sdtd'` now. */
  '7d2d': 'sdtd';
  /** @deprecated gamedig 4's id: `'serioussam'` now. */
  'ss': 'serioussam';
  /** @deprecated gamedig 4's id: `'serioussam2'` now. */
  'ss2': 'serioussam2';
  /** @deprecated gamedig 4's id: `'sinepisodes'` now. */
  'sinep': 'sinepisodes';
  /** @deprecated gamedig 4's id: `'sotf'` now. */
  'sonsoftheforest': 'sotf';
  /** @deprecated gamedig 4's id: `'swb'` now. */
  'swbf': 'swb';
  /** @deprecated gamedig 4's id: `'swb2'` now. */
  'swbf2': 'swb2';
  /** @deprecated gamedig 4's id: `'swjk2jo'` now. */
  'swjk2': 'swjk2jo';
  /** @deprecated gamedig 4's id: `'swjkja'` now. */
  'swjk': 'swjkja';
  /** @deprecated gamedig 4's id: `'tcgraw'` now. */
  'graw': 'tcgraw';
  /** @deprecated gamedig 4's id: `'tcgraw2'` now. */
  'graw2': 'tcgraw2';
  /** @deprecated gamedig 4's id: `'teamfortress2'` now. */
  'tf2': 'teamfortress2';
  /** @deprecated gamedig 4's id: `'theforest'` now. */
  'forrest': 'theforest';
  /** @deprecated gamedig 4's id: `'thehidden'` now. */
  'hidden': 'thehidden';
  /** @deprecated gamedig 4's id: `'theisle'` now. */
  'isle': 'theisle';
  /** @deprecated gamedig 4's id: `'theship'` now. */
  'ship': 'theship';
  /** @deprecated gamedig 4's id: `'toh'` now. */
  'takeonhelicopters': 'toh';
  /** @deprecated gamedig 4's id: `'tonolf'` now. */
  'nolf': 'tonolf';
  /** @deprecated gamedig 4's id: `'unrealtournament'` now. */
  'ut': 'unrealtournament';
  /** @deprecated gamedig 4's id: `'unrealtournament2003'` now. */
  'ut2003': 'unrealtournament2003';
  /** @deprecated gamedig 4's id: `'unrealtournament2004'` now. */
  'ut2004': 'unrealtournament2004';
  /** @deprecated gamedig 4's id: `'unrealtournament3'` now. */
  'ut3': 'unrealtournament3';
  /** @deprecated gamedig 4's id: `'v8sc'` now. */
  'v8supercar': 'v8sc';
  /** @deprecated gamedig 4's id: `'vampireslayer'` now. */
  'vs': 'vampireslayer';
  /** @deprecated gamedig 4's id: `'vcm'` now. */
  'vcmp': 'vcm';
  /** @deprecated gamedig 4's id: `'wet'` now. */
  'wolfensteinet': 'wet';
  /** @deprecated gamedig 4's id: `'wolfenstein'` now. */
  'wolfenstein2009': 'wolfenstein';
  /** @deprecated gamedig 4's id: `'wot'` now. */
  'wheeloftime': 'wot';
  /** @deprecated gamedig 4's id: `'wurmunlimited'` now. */
  'wurm': 'wurmunlimited';
}
export type OldGameId = keyof OldGameIds;
/** gamedig's protocol classes `gamequery/gamedig` takes as `type: 'protocol-…'`. */
export type GamedigProtocolClass =
  | 'altvmp'
  | 'asa'
  | 'ase'
  | 'assettocorsa'
  | 'beammp'
  | 'brokeprotocol'
  | 'buildandshoot'
  | 'dayz'
  | 'discord'
  | 'doom3'
  | 'eco'
  | 'eldewrito'
  | 'epic'
  | 'factorio'
  | 'farmingsimulator'
  | 'ffow'
  | 'fivem'
  | 'gamespy1'
  | 'gamespy2'
  | 'gamespy3'
  | 'geneshift'
  | 'goldsrc'
  | 'gtasao'
  | 'hawakening'
  | 'hytale'
  | 'jc2mp'
  | 'kspdmp'
  | 'minecraft'
  | 'minecraftbedrock'
  | 'minecraftvanilla'
  | 'minetest'
  | 'mumbleping'
  | 'palworld'
  | 'quake1'
  | 'quake2'
  | 'quake3'
  | 'ragemp'
  | 'renegadex'
  | 'renown'
  | 'samp'
  | 'satisfactory'
  | 'scpsl'
  | 'sdtd'
  | 'squad'
  | 'teamspeak3'
  | 'terraria'
  | 'theisleevrima'
  | 'toxikk'
  | 'unreal2'
  | 'ut3'
  | 'valve'
  | 'vcmp'
  | 'vintagestory';

/** The protocol each game that gamequery can query answers in. */
export interface GameProtocols {
  a2oa: 'a2s';
  aaa: 'gamespy2';
  aapg: 'a2s';
  abioticfactor: 'a2s';
  actionsource: 'a2s';
  acwa: 'gamespy1';
  ahl: 'a2s';
  alienarena: 'quake2';
  alienswarm: 'a2s';
  americasarmy: 'gamespy2';
  americasarmy2: 'gamespy2';
  americasarmy3: 'a2s';
  aoc: 'a2s';
  aoe2: 'all-seeing-eye';
  aosc: 'buildandshoot';
  arma2: 'a2s';
  arma3: 'a2s';
  armareforger: 'a2s';
  armaresistance: 'gamespy1';
  asa: 'epic';
  ase: 'a2s';
  assettocorsa: 'assettocorsa';
  atlas: 'a2s';
  avorion: 'a2s';
  avp2: 'gamespy1';
  avp2010: 'a2s';
  baldursgate: 'gamespy1';
  ballisticoverkill: 'a2s';
  barotrauma: 'a2s';
  bas: 'buildandshoot';
  basedefense: 'a2s';
  battalion1944: 'a2s';
  battlefield1942: 'gamespy1';
  battlefield2: 'gamespy3';
  battlefield2142: 'gamespy3';
  battlefieldvietnam: 'gamespy2';
  beammp: 'beammp';
  blackmesa: 'a2s';
  bladesymphony: 'a2s';
  brainbread: 'a2s';
  brainbread2: 'a2s';
  breach: 'a2s';
  breed: 'gamespy2';
  brink: 'a2s';
  brokeprotocol: 'brokeprotocol';
  c3db: 'gamespy1';
  cacr: 'gamespy1';
  cbu: 'gamespy1';
  chaser: 'all-seeing-eye';
  chrome: 'all-seeing-eye';
  cmw: 'a2s';
  cod: 'quake3';
  cod2: 'quake3';
  cod3: 'quake3';
  cod4mw: 'quake3';
  codbo3: 'a2s';
  codenamecure: 'a2s';
  codenameeagle: 'gamespy1';
  codmw2: 'quake3';
  codmw3: 'a2s';
  coduo: 'quake3';
  codwaw: 'quake3';
  coj: 'all-seeing-eye';
  colonysurvival: 'a2s';
  conanexiles: 'a2s';
  contagion: 'a2s';
  contractjack: 'gamespy1';
  corekeeper: 'a2s';
  counterstrike15: 'a2s';
  counterstrike16: 'a2s';
  counterstrike2: 'a2s';
  crce: 'all-seeing-eye';
  creativerse: 'a2s';
  crysis: 'gamespy3';
  crysis2: 'gamespy3';
  crysiswars: 'gamespy3';
  cscz: 'a2s';
  csgo: 'a2s';
  css: 'a2s';
  dab: 'a2s';
  daikatana: 'quake2';
  dal: 'a2s';
  dayofdragons: 'a2s';
  dayz: 'a2s';
  dayzmod: 'a2s';
  ddd: 'a2s';
  ddpt: 'gamespy1';
  deathmatchclassic: 'a2s';
  deerhunter2005: 'gamespy2';
  descent3: 'gamespy1';
  deusex: 'gamespy1';
  devastation: 'unreal2';
  dhe4445: 'unreal2';
  discord: 'discord';
  dmomam: 'a2s';
  dnf2001: 'gamespy1';
  dod: 'a2s';
  dods: 'a2s';
  doi: 'a2s';
  doom3: 'doom3';
  dootf: 'gamespy1';
  dota2: 'a2s';
  dow: 'a2s';
  dst: 'a2s';
  dtr2: 'gamespy1';
  dystopia: 'a2s';
  eco: 'eco';
  egs: 'a2s';
  eldewrito: 'eldewrito';
  empiresmod: 'a2s';
  enshrouded: 'a2s';
  etqw: 'doom3';
  ets2: 'a2s';
  exfil: 'a2s';
  f1c9902: 'gamespy1';
  factorio: 'factorio';
  farcry: 'all-seeing-eye';
  farcry2: 'all-seeing-eye';
  farmingsimulator19: 'farmingsimulator';
  farmingsimulator22: 'farmingsimulator';
  farmingsimulator25: 'farmingsimulator';
  fear: 'gamespy2';
  ffow: 'a2s';
  fof: 'a2s';
  formulaone2002: 'gamespy1';
  fortressforever: 'a2s';
  foundry: 'a2s';
  garrysmod: 'a2s';
  gck: 'gamespy1';
  geneshift: 'geneshift';
  globaloperations: 'gamespy1';
  goldeneyesource: 'a2s';
  groundbreach: 'a2s';
  gta5am: 'altvmp';
  gta5f: 'fivem';
  gta5r: 'ragemp';
  gtasam: 'samp';
  gtasamta: 'all-seeing-eye';
  gtasao: 'samp';
  gtavcmta: 'all-seeing-eye';
  gunmanchronicles: 'a2s';
  gus: 'gamespy1';
  halo: 'gamespy2';
  halo2: 'gamespy2';
  hawakening: 'hawakening';
  heretic2: 'gamespy1';
  hiddendangerous2: 'gamespy1';
  hl2d: 'a2s';
  hld: 'a2s';
  hlds: 'a2s';
  hll: 'a2s';
  hlof: 'a2s';
  homefront: 'a2s';
  homeworld2: 'gamespy1';
  hurtworld: 'a2s';
  hytale: 'hytale';
  i2cs: 'gamespy1';
  i2s: 'gamespy1';
  icarus: 'a2s';
  imic: 'a2s';
  insurgency: 'a2s';
  insurgencysandstorm: 'a2s';
  ironstorm: 'gamespy1';
  jb0n: 'gamespy1';
  jc2m: 'gamespy3';
  jc3m: 'a2s';
  killingfloor: 'unreal2';
  killingfloor2: 'a2s';
  kloc: 'gamespy1';
  kpctnc: 'gamespy1';
  kreedzclimbing: 'a2s';
  kspd: 'kspdmp';
  l4d: 'a2s';
  l4d2: 'a2s';
  mbe: 'minecraft';
  medievalengineers: 'a2s';
  minecraft: 'minecraft';
  minetest: 'minetest';
  mnc: 'a2s';
  moe: 'a2s';
  moha: 'gamespy1';
  mohaa: 'gamespy1';
  mohaab: 'gamespy1';
  mohaas: 'gamespy1';
  mohpa: 'gamespy1';
  mordhau: 'a2s';
  mumble: 'mumble';
  mutantfactions: 'geneshift';
  nab: 'gamespy1';
  nascarthunder2004: 'gamespy2';
  naturalselection: 'a2s';
  naturalselection2: 'a2s';
  netpanzer: 'gamespy1';
  neverwinternights: 'gamespy2';
  neverwinternights2: 'gamespy2';
  nexuiz: 'quake3';
  nfshp2: 'gamespy1';
  nitrofamily: 'gamespy1';
  nla: 'a2s';
  nmrih: 'a2s';
  nolf2asihw: 'gamespy1';
  nucleardawn: 'a2s';
  ofcwc: 'gamespy1';
  ofr: 'gamespy1';
  ohd: 'a2s';
  onset: 'a2s';
  openarena: 'quake3';
  painkiller: 'all-seeing-eye';
  palworld: 'palworld';
  pce: 'a2s';
  pixark: 'a2s';
  plutonium: 'quake3';
  postal2: 'gamespy1';
  postscriptum: 'a2s';
  prb2: 'gamespy3';
  prey: 'doom3';
  projectcars: 'a2s';
  projectcars2: 'a2s';
  projectzomboid: 'a2s';
  pvak2: 'a2s';
  q3a: 'quake3';
  quake: 'quakeworld';
  quake2: 'quake2';
  quake4: 'doom3';
  quakelive: 'a2s';
  rainbowsix: 'gamespy1';
  rallisportchallenge: 'gamespy1';
  rallymasters: 'gamespy1';
  rdkf: 'a2s';
  rdr2r: 'fivem';
  redline: 'gamespy1';
  redorchestra: 'unreal2';
  redorchestra2: 'a2s';
  renegade10: 'renegadex';
  renown: 'epic';
  rfactor2: 'a2s';
  ricochet: 'a2s';
  risingworld: 'a2s';
  ron: 'gamespy1';
  roo4145: 'gamespy1';
  ror2: 'a2s';
  rs2rs: 'gamespy1';
  rs2v: 'a2s';
  rs3rs: 'gamespy1';
  rtcw: 'quake3';
  rune: 'gamespy1';
  rust: 'a2s';
  satisfactory: 'satisfactory';
  sdtd: 'a2s';
  serioussam: 'gamespy1';
  serioussam2: 'gamespy2';
  shatteredhorizon: 'a2s';
  shogo: 'gamespy1';
  sin: 'gamespy1';
  sinepisodes: 'a2s';
  sof: 'gamespy1';
  sof2: 'quake3';
  sotf: 'a2s';
  soulmask: 'a2s';
  spaceengineers: 'a2s';
  squad: 'epic';
  ssl: 'scpsl';
  sstse: 'gamespy1';
  stalker: 'gamespy3';
  starbound: 'a2s';
  stbc: 'gamespy1';
  stn: 'a2s';
  stvef: 'quake3';
  stvef2: 'quake3';
  suicidesurvival: 'a2s';
  svencoop: 'a2s';
  swat4: 'gamespy2';
  swb: 'gamespy2';
  swb2: 'gamespy2';
  swjk2jo: 'quake3';
  swjkja: 'quake3';
  swrc: 'gamespy2';
  synergy: 'a2s';
  tacticalops: 'gamespy1';
  tcgraw: 'gamespy2';
  tcgraw2: 'gamespy2';
  teamfactor: 'gamespy1';
  teamfortress2: 'a2s';
  teamspeak3: 'teamspeak3';
  terminus: 'gamespy1';
  terrariatshock: 'terraria';
  tfc: 'a2s';
  theforest: 'a2s';
  thefront: 'a2s';
  thehidden: 'a2s';
  theisle: 'a2s';
  theship: 'a2s';
  thespecialists: 'a2s';
  thps3: 'gamespy1';
  thps4: 'gamespy1';
  thu2: 'gamespy1';
  tie: 'epic';
  toh: 'gamespy1';
  tonolf: 'gamespy1';
  towerunite: 'a2s';
  toxikk: 'a2s';
  tremulous: 'quake3';
  tribesvengeance: 'gamespy2';
  tron20: 'gamespy2';
  turok2: 'gamespy1';
  u2tax: 'unreal2';
  universalcombat: 'all-seeing-eye';
  unreal: 'gamespy1';
  unrealtournament: 'gamespy1';
  unrealtournament2003: 'unreal2';
  unrealtournament2004: 'unreal2';
  unrealtournament3: 'gamespy3';
  unturned: 'a2s';
  urbanterror: 'quake3';
  v8sc: 'gamespy1';
  valheim: 'a2s';
  vampireslayer: 'a2s';
  vcm: 'samp';
  vietcong: 'gamespy1';
  vietcong2: 'gamespy2';
  vintagestory: 'vintagestory';
  vrising: 'a2s';
  wet: 'quake3';
  wolfenstein: 'doom3';
  wop: 'quake3';
  wot: 'gamespy1';
  wurmunlimited: 'a2s';
  xpandrally: 'all-seeing-eye';
  zombiemaster: 'a2s';
  zps: 'a2s';
}
/** What `query` takes for a game: the games whose protocol gamequery speaks. */
export type QueryGame = keyof GameProtocols;
/** A game's query options: its protocol's, and `queryPort` (the given port is then the game port only). */
export type GameQueryOptions<G extends QueryGame> = NetworkTypes[GameProtocols[G]]['queryOptions'] & { queryPort?: number };
/** A game's query result: its protocol's status, with `game` (its id, the game port and the query port that answered). */
export type GameStatusOf<G extends QueryGame> = StatusOf<GameProtocols[G]> & { game: GameMatch };

/** One game of `games`. */
export interface GameEntry {
  id: GameId;
  name: string;
  /** Its release year; `null` where not known. */
  year: number | null;
  /** The protocol its servers answer, by gamequery's name for it (one not implemented yet keeps the name it will have). */
  protocol: string;
  /** `query` takes it: gamequery speaks its protocol. */
  supported: boolean;
  /** The port players connect to by default. */
  gamePort: number | null;
  /** The query's own port, when it does not move with the game port. */
  queryPort: number | null;
  /** The query port as offsets from the game port, tried at once. */
  queryPortOffsets: readonly number[];
  /** Ids it had before (gamedig 4's), still accepted. */
  oldIds: readonly string[];
  /** Where the port rule comes from when it is not gamedig 5.3.3's. */
  source: string | null;
  /** The game's own behaviour on top of its protocol, by the name of gamedig's class for it (`'dayz'`), where there is one. */
  variant: string | null;
  /** The protocol `serve` answers it with (`serve(protocol, state, { game })`), where gamequery has a responder for it: `'minecraft-bedrock'` for `'mbe'`. */
  serve: ServeProtocol | null;
}

/** The options, served state and `raw` result of each protocol's network calls. */
export interface NetworkTypes {
  samp: { queryOptions: SampQueryOptions; serveOptions: SampServeOptions; state: SampServeState; raw: SampServerState };
  'minecraft-java': { queryOptions: MinecraftJavaQueryOptions; serveOptions: MinecraftServeOptions; state: JavaServeState; raw: JavaQueryResult };
  'minecraft-legacy': { queryOptions: MinecraftLegacyQueryOptions; serveOptions: MinecraftServeOptions; state: JavaServeState; raw: LegacyQueryResult };
  'minecraft-bedrock': { queryOptions: MinecraftBedrockQueryOptions; serveOptions: UdpServeOptions; state: BedrockServeState; raw: BedrockQueryResult };
  'minecraft-query': { queryOptions: MinecraftQueryStatOptions; serveOptions: UdpServeOptions; state: MinecraftQueryServeState; raw: MinecraftQueryResult };
  sqp: { queryOptions: SqpQueryOptions; serveOptions: SqpServeOptions; state: SqpChunks; raw: SqpQueryResult };
  a2s: { queryOptions: A2sQueryOptions; serveOptions: A2sServeOptions; state: A2sServeState; raw: A2sQueryResult };
  'source-rcon': { queryOptions: never; serveOptions: never; state: never; raw: never };
  minecraft: { queryOptions: MinecraftRaceOptions; serveOptions: never; state: never; raw: MinecraftRaceResult };
  quake3: { queryOptions: QuakeQueryOptions; serveOptions: UdpServeOptions; state: QuakeState; raw: QuakeQueryResult };
  quake2: { queryOptions: Quake2QueryOptions; serveOptions: UdpServeOptions; state: QuakeState; raw: QuakeQueryResult };
  quakeworld: { queryOptions: Quake2QueryOptions; serveOptions: UdpServeOptions; state: QuakeState; raw: QuakeQueryResult };
  mumble: { queryOptions: MumbleQueryOptions; serveOptions: UdpServeOptions; state: MumbleState; raw: MumbleQueryResult };
  fivem: { queryOptions: FivemQueryOptions; serveOptions: FivemServeOptions; state: FivemState; raw: FivemQueryResult };
  doom3: { queryOptions: Doom3QueryOptions; serveOptions: Doom3ServeOptions; state: Doom3State; raw: Doom3QueryResult };
  'all-seeing-eye': { queryOptions: AllSeeingEyeQueryOptions; serveOptions: UdpServeOptions; state: AllSeeingEyeState; raw: AllSeeingEyeQueryResult };
  gamespy1: { queryOptions: GameSpy1QueryOptions; serveOptions: UdpServeOptions; state: GameSpy1State; raw: GameSpy1QueryResult };
  gamespy2: { queryOptions: GameSpy2QueryOptions; serveOptions: UdpServeOptions; state: GameSpy2State; raw: GameSpy2QueryResult };
  gamespy3: { queryOptions: GameSpy3QueryOptions; serveOptions: GameSpy3ServeOptions; state: GameSpy3State; raw: GameSpy3QueryResult };
  unreal2: { queryOptions: Unreal2QueryOptions; serveOptions: UdpServeOptions; state: Unreal2State; raw: Unreal2QueryResult };
  palworld: { queryOptions: PalworldQueryOptions; serveOptions: TcpServeOptions; state: PalworldState; raw: PalworldQueryResult };
  terraria: { queryOptions: TerrariaQueryOptions; serveOptions: TcpServeOptions; state: TerrariaState; raw: TerrariaQueryResult };
  satisfactory: { queryOptions: SatisfactoryQueryOptions; serveOptions: SatisfactoryServeOptions; state: SatisfactoryServerState; raw: SatisfactoryQueryResult };
  teamspeak3: { queryOptions: TeamSpeak3QueryOptions; serveOptions: TeamSpeak3ServeOptions; state: TeamSpeak3State; raw: TeamSpeak3QueryResult };
  eldewrito: { queryOptions: ElDewritoQueryOptions; serveOptions: TcpServeOptions; state: ElDewritoQueryResult; raw: ElDewritoQueryResult };
  hytale: { queryOptions: HytaleQueryOptions; serveOptions: HttpsServeOptions; state: HytaleQueryResult; raw: HytaleQueryResult };
  eco: { queryOptions: EcoQueryOptions; serveOptions: TcpServeOptions; state: EcoState | EcoQueryResult; raw: EcoQueryResult };
  buildandshoot: { queryOptions: BuildAndShootQueryOptions; serveOptions: TcpServeOptions; state: BuildAndShootQueryResult; raw: BuildAndShootQueryResult };
  kspdmp: { queryOptions: KspDmpQueryOptions; serveOptions: TcpServeOptions; state: KspDmpQueryResult; raw: KspDmpQueryResult };
  assettocorsa: { queryOptions: AssettoCorsaQueryOptions; serveOptions: TcpServeOptions; state: AssettoCorsaQueryResult; raw: AssettoCorsaQueryResult };
  farmingsimulator: { queryOptions: FarmingSimulatorQueryOptions; serveOptions: TcpServeOptions; state: FarmingSimulatorQueryResult; raw: FarmingSimulatorQueryResult };
  factorio: { queryOptions: FactorioQueryOptions; serveOptions: TcpServeOptions; state: FactorioQueryResult; raw: FactorioQueryResult };
  beammp: { queryOptions: BeamMpQueryOptions; serveOptions: TcpServeOptions; state: BeamMpQueryResult | BeamMpQueryResult[]; raw: BeamMpQueryResult };
  minetest: { queryOptions: MinetestQueryOptions; serveOptions: TcpServeOptions; state: MinetestQueryResult | MinetestQueryResult[]; raw: MinetestQueryResult };
  vintagestory: { queryOptions: VintageStoryQueryOptions; serveOptions: TcpServeOptions; state: VintageStoryQueryResult | VintageStoryQueryResult[]; raw: VintageStoryQueryResult };
  renegadex: { queryOptions: RenegadeXQueryOptions; serveOptions: TcpServeOptions; state: RenegadeXQueryResult | RenegadeXQueryResult[]; raw: RenegadeXQueryResult };
  altvmp: { queryOptions: AltVQueryOptions; serveOptions: TcpServeOptions; state: AltVQueryResult | AltVQueryResult[]; raw: AltVQueryResult };
  ragemp: { queryOptions: RageMpQueryOptions; serveOptions: TcpServeOptions; state: RageMpQueryResult | RageMpQueryResult[]; raw: RageMpQueryResult };
  geneshift: { queryOptions: GeneshiftQueryOptions; serveOptions: TcpServeOptions; state: GeneshiftQueryResult | GeneshiftQueryResult[]; raw: GeneshiftQueryResult };
  discord: { queryOptions: DiscordQueryOptions; serveOptions: TcpServeOptions; state: DiscordQueryResult | DiscordQueryResult[]; raw: DiscordQueryResult };
  scpsl: { queryOptions: ScpSlQueryOptions; serveOptions: TcpServeOptions; state: ScpSlQueryResult; raw: ScpSlQueryResult };
  epic: { queryOptions: EpicQueryOptions; serveOptions: TcpServeOptions; state: EpicQueryResult | ArkServerListEntry | Array<EpicQueryResult | ArkServerListEntry>; raw: EpicQueryResult | ArkServerListEntry };
  brokeprotocol: { queryOptions: BrokeProtocolQueryOptions; serveOptions: TcpServeOptions; state: BrokeProtocolQueryResult | BrokeProtocolQueryResult[]; raw: BrokeProtocolQueryResult };
  hawakening: { queryOptions: HawakeningQueryOptions; serveOptions: TcpServeOptions; state: HawakeningListing | HawakeningListing[] | HawakeningQueryResult; raw: HawakeningQueryResult };
}

/** Which options `rcon` takes for each protocol that has it. */
export interface RconTypes {
  samp: RconOptions;
  'minecraft-java': MinecraftRconOptions;
  a2s: MinecraftRconOptions;
}

// The network API's shapes that belong to no protocol — targets, traces, the responder and
// RCON session handles, queryMany's items and results, sockets and transports — shared by
// both packages and appended to types.d.ts by core/src/typescript.rs. Every protocol's
// options and states are generated from its Rust types instead.

/** `'host:port'` (IPv6 as `'[::1]:7777'`) or `{ host, port }`. */
export type Target = string | { host: string; port?: number };

/** What `trace` is called with, for every datagram (or stream chunk) sent and received. */
export interface TraceEvent {
  direction: 'send' | 'receive';
  bytes: Uint8Array;
  /** The peer. */
  address: string;
  port: number;
  /** Milliseconds since the call began. */
  time: number;
}

// `await using` (TypeScript 5.2+ with the `esnext.disposable` lib or Node's types) closes
// responders and RCON sessions; declared here too so these declarations compile with any lib.
declare global {
  interface SymbolConstructor {
    readonly asyncDispose: unique symbol;
  }
}

export interface Responder<S> {
  readonly address: string;
  readonly port: number;
  /** Where RCON listens (`serve('minecraft-java', …, { rcon })` only). */
  readonly rconPort?: number;
  /** Replaces the served state (e.g. live player counts). */
  update(state: S): void;
  /**
   * The requests its rate limit (`rateLimit`) has dropped since it started, and the source
   * address of the latest: why a local scan finds half the servers silent.
   */
  dropped(): { requests: number; source: string | null };
  close(): Promise<void>;
  /** `close()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** A logged-in RCON connection (`rconSession`): commands run one after another, in order. */
export interface RconSession {
  /**
   * The command's output lines. Each command has the session's `timeout`; a timeout or an
   * abort ends the session (the reply would still be in flight), as does the server closing it.
   */
  run(command: string, options?: { signal?: AbortSignal }): Promise<string[]>;
  /** Ends the connection; commands still queued fail with GQ_NETWORK. */
  close(): Promise<void>;
  /** `close()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** One server for `queryMany`: its protocol (or game), and options of that protocol. */
export type QueryManyItem =
  | { [P in QueryProtocol]: { protocol: P; target: Target; options?: NetworkTypes[P]['queryOptions'] } }[QueryProtocol]
  | { [G in QueryGame]: { protocol: G; target: Target; options?: GameQueryOptions<G> } }[QueryGame];

/** What `queryMany` yields for each server as it finishes: its status, or its error. */
export type QueryManyResult<T, S = AnyStatus> =
  | { target: T; status: S; error?: undefined }
  | { target: T; status?: undefined; error: GameQueryError };

export interface QueryManyOptions extends NetworkOptions {
  /** Queries in flight at most (default 16; `Infinity` for no limit — the engine paces itself). */
  concurrency?: number;
}

/**
 * Options for a batch of several protocols: shared ones, each protocol's under its name,
 * and each game's under its id (`{ a2s: { rules: true }, rust: { timeout: 1500 } }`).
 */
export type PerProtocolOptions = QueryManyOptions
  & { [P in QueryProtocol]?: NetworkTypes[P]['queryOptions'] }
  & { [G in Exclude<QueryGame, QueryProtocol>]?: GameQueryOptions<G> };

/**
 * A socket shaped like the WHATWG one (`cloudflare:sockets`' `connect()` returns it):
 * bytes in `readable`, out through `writable`. For datagrams each chunk is one datagram.
 */
export interface StreamSocket {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array>;
  readonly opened?: Promise<unknown>;
  close(): unknown;
}

/** What `SocketOptions.fetch` is given: one request of an HTTP protocol's query. */
export interface FetchInit {
  method: string;
  headers: [string, string][];
  body?: ArrayBuffer | undefined;
  /** Redirects are the query's to follow (or refuse: another server gets no credentials). */
  redirect: 'manual';
  /** Aborted when the query lets the request go: its deadline, an abort, the call's end. */
  signal: AbortSignal;
}

/** What `SocketOptions.fetch` returns: a `Response`, or anything shaped like the part read. */
export interface FetchReply {
  status: number;
  statusText?: string;
  type?: string;
  headers: { forEach(each: (value: string, name: string) => void): void };
  body: ReadableStream<Uint8Array> | null;
}

/**
 * How `gamequery-wasm` reaches servers: your host's sockets, or its `fetch` for HTTP. Names
 * resolve when you connect.
 */
export interface SocketOptions {
  /** Opens a TCP connection (Minecraft): e.g. `connect` from `cloudflare:sockets`. */
  connect?: (address: { hostname: string; port: number }) => StreamSocket | Promise<StreamSocket>;
  /** Opens a datagram channel to one server (SA:MP, SQP): e.g. a WebSocket relay's. */
  datagram?: (address: { hostname: string; port: number }) => StreamSocket | Promise<StreamSocket>;
  /**
   * Carries the HTTP protocols (Palworld, Hytale, the central lists …) where `connect` is
   * not given: the host's own `fetch` unless another is given. From a page, only servers
   * that allow its origin (CORS) can be read; certificates are the host's to check, so
   * `tls.ca`, `tls.insecure` and `tls.serverName` need the Node engine.
   */
  fetch?(url: string, init: FetchInit): Promise<FetchReply>;
}

/** What a transport tells the engine about one socket. */
export interface TransportEvents {
  data(bytes: Uint8Array): void;
  /** The peer closed the connection. */
  closed(): void;
  /** Nothing listens there (ICMP unreachable, TCP refused). */
  refused(): void;
  failed(message: string): void;
}

/** An incoming TCP connection, for `tcpServer`. */
export interface TransportConnection {
  write(bytes: Uint8Array): void;
  end(): void;
  destroy(): void;
  pause?(): void;
  resume?(): void;
  /** The engine sets these. */
  on: { data: ((bytes: Uint8Array) => void) | null; close: (() => void) | null };
}

/**
 * Everything `createEngine` can drive: only `open` is required. Without `lookup`, `open`
 * receives host names. A promise rejected with `code: 'ECONNREFUSED'` means the port is closed.
 */
export interface Transport {
  lookup?(host: string, family: 0 | 4 | 6, server?: string): Promise<string[]>;
  srv?(name: string, server?: string): Promise<Array<[target: string, port: number, priority: number, weight: number]>>;
  open(kind: 'udp' | 'tcp', host: string, port: number, local: { localAddress?: string; localPort: number }, on: TransportEvents): Promise<{ send(bytes: Uint8Array): void; close(): void }>;
  udpServer?(host: string, port: number, onMessage: (bytes: Uint8Array, address: string, port: number) => void): Promise<{ address: string; port: number; send(bytes: Uint8Array, address: string, port: number): void; close(): Promise<void> }>;
  tcpServer?(host: string, port: number, onConnection: (connection: TransportConnection) => void): Promise<{ address: string; port: number; close(): Promise<void> }>;
}

/** @deprecated The options every UDP responder takes: {@link UdpServeOptions} (this name is kept for code written before). */
export type BedrockServeOptions = UdpServeOptions;
