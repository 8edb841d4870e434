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
