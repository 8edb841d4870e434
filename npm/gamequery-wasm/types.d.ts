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
 * The undecoded bytes of every string of the reply, in wire order, as hex.
 * Ignored when encoding.
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
 * The undecoded bytes of every string of the reply, in wire order, as hex.
 * Ignored when encoding.
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
 * The undecoded bytes of every string of the reply, in wire order, as hex.
 * Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampRules = { rules: RuleList, 
/**
 * WHATWG name of the code page the strings were decoded with (`utf-8`,
 * `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
 */
encoding?: string, 
/**
 * The undecoded bytes of every string of the reply, in wire order, as hex.
 * Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampRconLine = { line: string, 
/**
 * WHATWG name of the code page the strings were decoded with (`utf-8`,
 * `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
 */
encoding?: string, 
/**
 * The undecoded bytes of every string of the reply, in wire order, as hex.
 * Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampReplyText = { 
/**
 * WHATWG name of the code page the strings were decoded with (`utf-8`,
 * `windows-1251`, …). When encoding, the code page to write (default `utf-8`).
 */
encoding?: string, 
/**
 * The undecoded bytes of every string of the reply, in wire order, as hex.
 * Ignored when encoding.
 */
rawStrings?: Array<string>, };

export type SampDecodeOptions = { 
/**
 * A WHATWG label (`windows-1251`, `cp1252`, `utf-8`, …) or `'auto'` (default).
 */
encoding?: string, };

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

export type StatusPlayers = { online: number, max: number, list: Array<StatusPlayer>, };

export type StatusPlayer = { name: string, id?: string, score?: number, ping?: number, };

export type SampAddress = { ip?: string, port?: number, };

export type Hex = string;

export type RuleList = Record<string, string>;

/** Protocol names. A misspelt name does not compile. */
export type Protocol = 'samp';

/** The request, response, options and `raw` result types of each protocol. */
export interface ProtocolTypes {
  samp: { request: SampRequest; response: SampResponse; decodeOptions: SampDecodeOptions; raw: SampServerState };
}

/** `err.code` of every error gamequery throws. */
export type ErrorCode = 'GQ_TRUNCATED'
  | 'GQ_BAD_MAGIC'
  | 'GQ_BAD_LENGTH'
  | 'GQ_UNEXPECTED_OPCODE'
  | 'GQ_TRAILING_BYTES'
  | 'GQ_MALFORMED'
  | 'GQ_INVALID_ARGUMENT'
  | 'GQ_BAD_ENCODING'
  | 'GQ_TIMEOUT'
  | 'GQ_ABORTED'
  | 'GQ_RCON_AUTH'
  | 'GQ_DNS'
  | 'GQ_NETWORK';

/** What gamequery throws: an `Error` with a stable `code`; decode errors name the field and byte offset. */
export interface GamequeryError extends Error {
  code: ErrorCode;
  field?: string;
  offset?: number;
}

export declare const PROTOCOLS: readonly Protocol[];
/** Client → server: builds a request packet. */
export declare function encodeRequest<P extends Protocol>(protocol: P, request: ProtocolTypes[P]['request']): Uint8Array;
/** Server side: parses a request packet. */
export declare function decodeRequest<P extends Protocol>(protocol: P, bytes: Uint8Array): ProtocolTypes[P]['request'];
/** Server → client: builds a reply packet. */
export declare function encodeResponse<P extends Protocol>(protocol: P, response: ProtocolTypes[P]['response']): Uint8Array;
/** Client side: parses a reply packet. */
export declare function decodeResponse<P extends Protocol>(protocol: P, bytes: Uint8Array, options?: ProtocolTypes[P]['decodeOptions']): ProtocolTypes[P]['response'];
