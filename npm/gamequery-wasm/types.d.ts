// Generated from gamequery-core's Rust types (core/src/typescript.rs). Do not edit:
// run `npm run build` after changing a type.

export type SampRequest = { ip?: string, port?: number, } & ({ "opcode": "i" } | { "opcode": "r" } | { "opcode": "c" } | { "opcode": "d" } | { "opcode": "o" } | { "opcode": "p", payload: Hex, } | { "opcode": "x", password: string, command: string, 
/**
 * The code page of password and command: a WHATWG label (default `utf-8`).
 */
encoding?: string, });

export type SampRequestBody = { "opcode": "i" } | { "opcode": "r" } | { "opcode": "c" } | { "opcode": "d" } | { "opcode": "o" } | { "opcode": "p", payload: Hex, } | { "opcode": "x", password: string, command: string, 
/**
 * The code page of password and command: a WHATWG label (default `utf-8`).
 */
encoding?: string, };

export type SampResponse = { ip?: string, port?: number, } & ({ "opcode": "i" } & SampInfo | { "opcode": "r" } & SampRules | { "opcode": "c" } & SampPlayerList | { "opcode": "d" } & SampPlayerList | { "opcode": "o" } & SampOpenMpInfo | { "opcode": "p", payload: Hex, } | { "opcode": "x" } & SampRconLine);

export type SampResponseBody = { "opcode": "i" } & SampInfo | { "opcode": "r" } & SampRules | { "opcode": "c" } & SampPlayerList | { "opcode": "d" } & SampPlayerList | { "opcode": "o" } & SampOpenMpInfo | { "opcode": "p", payload: Hex, } | { "opcode": "x" } & SampRconLine;

export type SampInfo = { password: boolean, players: number, maxPlayers: number, hostname: string, gamemode: string, 
/**
 * Before SA:MP 0.3.7 this field carried the map name.
 */
language: string, 
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

export type SampPlayer = { 
/**
 * Player id (0–255 on the wire); only a `d` reply carries it.
 */
id?: number, name: string, 
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

export type SampServerState = { info: SampInfo, rules: RuleList, players: Array<SampPlayer>, 
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

export type Status<R> = { protocol: string, name: string, map: string | null, mode: string | null, version: string | null, password: boolean, players: StatusPlayers, pingMs: number | null, 
/**
 * The address that was queried (after DNS), and its port.
 */
address: string, port: number, 
/**
 * Everything the server sent, typed per protocol.
 */
raw: R, };

export type StatusPlayers = { online: number, max: number, list: Array<StatusPlayer>, 
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

export type SampAddress = { ip?: string, port?: number, };

export type Hex = string;

export type RuleList = Record<string, string>;

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

export type JavaPlayers = { online: number, max: number, sample: Array<JavaSamplePlayer>, };

export type JavaSamplePlayer = { name: string, id: string, };

export type Favicon = { 
/**
 * `data:image/png;base64,…` — decode the part after the comma for the bytes.
 */
dataUri: string, mimeType: string, byteLength: number, };

export type Motd = { raw: string | object | Array<unknown>, plain: string, ansi: string, html: string, 
/**
 * `§`-coded; hex colours as `§x§r§r§g§g§b§b`.
 */
minecraft: string, };

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

/** Protocol names. A misspelt name does not compile. */
export type Protocol = 'samp' | 'minecraft-java' | 'minecraft-legacy' | 'sqp';

/** The request, response, options and `raw` result types of each protocol. */
export interface ProtocolTypes {
  samp: { request: SampRequest; response: SampResponse; decodeOptions: SampDecodeOptions; raw: SampServerState };
  'minecraft-java': { request: JavaRequest; response: JavaResponse; decodeOptions: Record<string, never>; raw: JavaQueryResult };
  'minecraft-legacy': { request: LegacyRequest; response: LegacyResponse; decodeOptions: Record<string, never>; raw: LegacyQueryResult };
  sqp: { request: SqpRequest; response: SqpResponse; decodeOptions: SqpDecodeOptions; raw: SqpQueryResult };
}

/**
 * A query's result, narrowed by its `protocol`: `raw` is that protocol's. A protocol only
 * known at run time gives the union, which `status.protocol` narrows.
 */
export type StatusOf<P extends Protocol> = P extends Protocol ? Omit<Status<ProtocolTypes[P]['raw']>, 'protocol'> & { protocol: P } : never;
/** Any protocol's result: check `status.protocol` and `raw` narrows with it. */
export type AnyStatus = StatusOf<Protocol>;

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
  | 'GQ_NETWORK';

/**
 * What gamequery throws (and `queryMany` yields as `error`). `code` is stable; a network
 * call adds `protocol`, `target` (as given), `address`/`port` once resolved and
 * `attempts`; decode errors add `field` and `offset`. An abort is an `AbortError` whose
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
/** Splits a TCP stream into whole packets (length prefix included), however it is chunked. */
export declare class FrameDecoder {
  /** `maxFrame`: refuse a declared frame above this many bytes (default 256 KiB) with GQ_FRAME_TOO_LARGE. */
  constructor(protocol: 'minecraft-java', options?: { maxFrame?: number });
  push(chunk: Uint8Array): Uint8Array[];
}
