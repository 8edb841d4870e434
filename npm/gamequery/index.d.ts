// The Node package: the codec (declared in types.d.ts, generated from the Rust types)
// plus the network API below.
import type { Favicon, JavaQueryResult, JavaStatus, LegacyQueryResult, Motd, Protocol, SampServerState, SqpChunk, SqpChunks, SqpQueryResult, Status } from './types';

export * from './types';

/** `'host:port'` (IPv6 as `'[::1]:7777'`) or `{ host, port }`. */
export type Target = string | { host: string; port?: number };

export interface NetworkOptions {
  /** Milliseconds per attempt (default 1000). */
  timeout?: number;
  /** Extra attempts for the steps that must answer (default 1). */
  retries?: number;
  signal?: AbortSignal;
  /** Address family for host names: 4, 6 or 0 (either; default). */
  family?: 0 | 4 | 6;
}

export interface SampQueryOptions extends NetworkOptions {
  /** A WHATWG label (`'windows-1251'`, `'cp1252'`, `'utf-8'`, …) or `'auto'` (default). */
  encoding?: string;
  /** `'auto'`: `c`, plus `d` unless the server is open.mp; `'c'`; `'d'`; `false`: no list. */
  players?: 'auto' | 'c' | 'd' | false;
  /** Ask open.mp's `o` extras (default true; false saves an exchange in bulk scans). */
  openMp?: boolean;
  /** Measure latency with `p` (default true; false: the `i` round trip is the latency). */
  ping?: boolean;
  /** Also return every string's undecoded bytes in `raw.rawStrings` (hex), to re-decode them (default false). */
  rawStrings?: boolean;
}

export interface SampServeOptions {
  /** IP address to bind (default `'0.0.0.0'`). */
  host?: string;
  /** UDP port (default 7777; 0 picks a free one). */
  port?: number;
  /** Answer like SA:MP 0.3.7 (`d` answered, `o` not) instead of open.mp. */
  legacy?: boolean;
  rcon?: { password: string; handler(command: string): string[] | string | Promise<string[] | string> };
  /** Per-source token bucket (default burst 60, 30 per second). */
  rateLimit?: { burst: number; perSecond: number };
}

/** What `serve` accepts: `query('samp').raw`, or any state with at least `info`. */
export type SampServeState = Partial<SampServerState> & Pick<SampServerState, 'info'>;

export interface MinecraftQueryOptions extends NetworkOptions {
  /** Look up `_minecraft._tcp.<host>`: `'auto'` (default: when no port is given), `true`, `false`. */
  srv?: 'auto' | boolean;
  /** Name server for SRV and address lookups, e.g. `'127.0.0.1:5353'` (default: the system's). */
  dnsServer?: string;
  /** Handshake protocol version (default 47). */
  protocolVersion?: number;
  /** Fall back to the legacy 1.6 ping when the server answers like a pre-1.7 server (default true). */
  legacyFallback?: boolean;
  /** Refuse a status frame above this many bytes (default 256 KiB). */
  maxFrame?: number;
}

export interface MinecraftLegacyQueryOptions extends Omit<MinecraftQueryOptions, 'protocolVersion' | 'legacyFallback' | 'maxFrame'> {
  /** Which legacy ping to send (default `'1.6'`). */
  variant?: 'beta' | '1.4' | '1.6';
}

export interface MinecraftServeOptions {
  host?: string;
  /** TCP port (default 25565; 0 picks a free one). */
  port?: number;
  /** Per-connection deadline in ms (default 5000). */
  connectionTimeout?: number;
  /** Connections served at once (default 256). */
  maxConnections?: number;
}

/** What `serve('minecraft-java')` accepts: a status (e.g. `query(...).raw`); `motd` may be a `§` string or a component, `favicon` a data URI. */
export type JavaServeState = Omit<Partial<JavaStatus>, 'motd' | 'favicon'> & {
  motd?: string | object | Motd;
  favicon?: string | Favicon;
};

export interface SqpQueryOptions extends NetworkOptions {
  /** Chunks to request: names or the bit mask (default all five). */
  chunks?: SqpChunk[] | number;
}

export interface SqpServeOptions {
  host?: string;
  /** UDP port (SQP has no default: 0, the default, picks a free one). */
  port?: number;
  /** How long an issued challenge stays valid, ms (default 5000). */
  challengeTtl?: number;
  /** Bound on outstanding challenges (default 4096). */
  maxChallenges?: number;
  /** Split replies above this many bytes into several packets. */
  maxPacketSize?: number;
}

export interface NetworkTypes {
  samp: { queryOptions: SampQueryOptions; serveOptions: SampServeOptions; state: SampServeState; raw: SampServerState };
  'minecraft-java': { queryOptions: MinecraftQueryOptions; serveOptions: MinecraftServeOptions; state: JavaServeState; raw: JavaQueryResult };
  'minecraft-legacy': { queryOptions: MinecraftLegacyQueryOptions; serveOptions: MinecraftServeOptions; state: JavaServeState; raw: LegacyQueryResult };
  sqp: { queryOptions: SqpQueryOptions; serveOptions: SqpServeOptions; state: SqpChunks; raw: SqpQueryResult };
}

export interface Responder<S> {
  readonly address: string;
  readonly port: number;
  /** Replaces the served state (e.g. live player counts). */
  update(state: S): void;
  close(): Promise<void>;
}

export interface RconOptions extends NetworkOptions {
  password: string;
  /** After a line, how long without another one ends the reply (default 250 ms). */
  idle?: number;
  /** Code page of the command and the reply (default: UTF-8 out, detection in). */
  encoding?: string;
}

/** Queries a server and returns the unified Status; `raw` holds everything it sent. */
export declare function query<P extends Protocol>(protocol: P, target: Target, options?: NetworkTypes[P]['queryOptions']): Promise<Status<NetworkTypes[P]['raw']>>;
/** One server for `queryMany`. */
export interface QueryManyItem<P extends Protocol = Protocol> {
  protocol: P;
  target: Target;
  options?: NetworkTypes[P]['queryOptions'];
}

/** What `queryMany` yields for each server, as each finishes. */
export interface QueryManyResult<T> {
  target: T;
  status?: Status<NetworkTypes[Protocol]['raw']>;
  error?: Error & { code?: string };
}

/**
 * Queries many servers, at most `concurrency` (default 16; `Infinity` for no limit) at a
 * time, yielding each result as it finishes. Breaking out of the loop cancels the rest; an
 * aborted `signal` ends every unfinished one as `GQ_ABORTED`.
 */
export declare function queryMany<T extends QueryManyItem | Target>(
  targets: Iterable<T>,
  options?: NetworkOptions & { concurrency?: number; protocol?: Protocol },
): AsyncIterable<QueryManyResult<T>>;

/** Runs a console command; resolves with the lines the server printed. */
export declare function rcon(protocol: 'samp', target: Target, options: RconOptions, command: string): Promise<string[]>;
/** Answers queries for `state` until `close()`. */
export declare function serve<P extends Protocol>(protocol: P, state: NetworkTypes[P]['state'], options?: NetworkTypes[P]['serveOptions']): Promise<Responder<NetworkTypes[P]['state']>>;
