// The Node package: the codec (declared in types.d.ts, generated from the Rust types)
// plus the network API below.
import type { AnyStatus, Favicon, GameQueryError, JavaQueryResult, JavaStatus, LegacyQueryResult, Motd, Protocol, SampServerState, SqpChunk, SqpChunks, SqpQueryResult, StatusOf } from './types';

export * from './types';

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

export interface NetworkOptions {
  /**
   * The whole call's budget in ms (default 2500, 1–600000): name resolution, every step,
   * every retransmission. A dead server costs exactly this.
   */
  timeout?: number;
  /** Retransmissions of an unanswered request within the budget (0–10, default 1). */
  retries?: number;
  /** Aborts the call: it rejects with an AbortError (code GQ_ABORTED, `cause`: the reason). */
  signal?: AbortSignal;
  /** Address family for host names: 4, 6 or 0 (either; default). */
  family?: 0 | 4 | 6;
  /** Send from this local address (an IP of this machine), for firewalled hosts. */
  localAddress?: string;
  /** Send from this local port. */
  localPort?: number;
  /** Called for every datagram or stream chunk, both ways (a packet trace, for debugging). */
  trace?: (event: TraceEvent) => void;
}

export interface SampQueryOptions extends NetworkOptions {
  /** A WHATWG label (`'windows-1251'`, `'cp1252'`, `'utf-8'`, …) or `'auto'` (default). */
  encoding?: string;
  /**
   * `'auto'` (default): `d` when the version rule says SA:MP, `c` when it says open.mp, both
   * otherwise; `'c'`; `'d'` (`c` when the server ignores `d`, with a warning); `false`: no list.
   */
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
  /** Answer like SA:MP 0.3.7 (`d` answered, `o` not); by default when the state's version rule says SA:MP (`0.3.7-R2`). */
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
  /**
   * How long without a line ends the reply (default 250 ms): after the last line, or, for a
   * command that prints nothing, after the server answered the `i` query sent beside it.
   */
  idle?: number;
  /** Code page of the command and the reply (default: UTF-8 out, detection in). */
  encoding?: string;
}

/** Queries a server and returns the unified Status; `raw` holds everything it sent. */
export declare function query<P extends Protocol>(protocol: P, target: Target, options?: NetworkTypes[P]['queryOptions']): Promise<StatusOf<P>>;

/** One server for `queryMany`: its protocol, and options of that protocol. */
export type QueryManyItem = { [P in Protocol]: { protocol: P; target: Target; options?: NetworkTypes[P]['queryOptions'] } }[Protocol];

/** What `queryMany` yields for each server as it finishes: its status, or its error. */
export type QueryManyResult<T, S = AnyStatus> =
  | { target: T; status: S; error?: undefined }
  | { target: T; status?: undefined; error: GameQueryError };

export interface QueryManyOptions extends NetworkOptions {
  /** Queries in flight at most (default 16; `Infinity` for no limit — the engine paces itself). */
  concurrency?: number;
}

/** Options for a batch of several protocols: shared ones, and each protocol's under its name. */
export type PerProtocolOptions = QueryManyOptions & { [P in Protocol]?: NetworkTypes[P]['queryOptions'] };

/**
 * Queries many servers, at most `concurrency` at a time, yielding each result as it
 * finishes. Breaking out of the loop cancels the rest; an aborted `signal` ends every
 * unfinished one as `GQ_ABORTED`. Plain targets need the batch's `protocol`.
 */
export declare function queryMany<P extends Protocol>(
  targets: Iterable<Target>,
  options: QueryManyOptions & NetworkTypes[P]['queryOptions'] & { protocol: P },
): AsyncIterable<QueryManyResult<Target, StatusOf<P>>>;
export declare function queryMany<I extends QueryManyItem>(
  targets: Iterable<I>,
  options?: PerProtocolOptions,
): AsyncIterable<QueryManyResult<I>>;

/** Runs a console command; resolves with the lines the server printed (`[]` when it printed none). */
export declare function rcon(protocol: 'samp', target: Target, options: RconOptions, command: string): Promise<string[]>;
/** Answers queries for `state` until `close()`. */
export declare function serve<P extends Protocol>(protocol: P, state: NetworkTypes[P]['state'], options?: NetworkTypes[P]['serveOptions']): Promise<Responder<NetworkTypes[P]['state']>>;
