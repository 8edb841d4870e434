// The WASM package: the codec and the network types, declared in types.d.ts (generated
// from the Rust types), plus loading and the network API over your host's sockets.
import type { GameQueryOptions, GameStatusOf, OldGameId, OldGameIds, QueryGame, QueryProtocol, ServeProtocol, RconSessionProtocol, NetworkTypes, PerProtocolOptions, QueryManyItem, QueryManyOptions, QueryManyResult, MinecraftRconOptions, RconSession, RconTypes, Responder, SocketOptions, StatusOf, Target, Transport } from './types';

export * from './types';

/**
 * The `.wasm`: its URL (a string or `URL`), a fetch `Response`, its bytes (`ArrayBuffer`,
 * `Uint8Array`) or a compiled `WebAssembly.Module`. Typed structurally so the declarations
 * need neither the DOM nor Node's types.
 */
export type WasmSource = string | ArrayBuffer | ArrayBufferView | object;

/**
 * Loads the codec's WebAssembly module (default: `gamequery_wasm_bg.wasm` beside this file).
 * Required once in browsers; a no-op under Node. The network calls load a second module,
 * the engine, the first time one runs (default: `gamequery_wasm_engine_bg.wasm` in the
 * package's exports); `engine` says where it is instead.
 */
export default function init(input?: { module_or_path?: WasmSource | PromiseLike<WasmSource>; engine?: WasmSource | PromiseLike<WasmSource> }): Promise<unknown>;
export declare function init(input?: { module_or_path?: WasmSource | PromiseLike<WasmSource>; engine?: WasmSource | PromiseLike<WasmSource> }): Promise<unknown>;
/**
 * Loads the codec synchronously from its bytes or a compiled module (workers, Cloudflare
 * Workers); `engine` (bytes or a compiled module) is instantiated at the first network call.
 * A no-op under Node.
 */
export declare function initSync(input: { module: ArrayBuffer | ArrayBufferView | object; engine?: ArrayBuffer | ArrayBufferView | object }): unknown;

/** Queries a server over your host's sockets (`options.connect` for TCP, `options.datagram` for UDP; HTTP over `options.fetch`, the host's own by default, where `connect` is not given). */
export declare function query<P extends QueryProtocol>(protocol: P, target: Target, options: NetworkTypes[P]['queryOptions'] & SocketOptions): Promise<StatusOf<P>>;
/** Queries a game's server: its candidate query ports at once (see gamequery's `query`). */
export declare function query<G extends QueryGame>(game: G, target: Target, options: GameQueryOptions<G> & SocketOptions): Promise<GameStatusOf<G>>;
/** @deprecated A gamedig 4 id (`'minecraftbe'`): it still works; `OldGameIds` names the id it became (`'mbe'`). */
export declare function query<O extends OldGameId>(game: O, target: Target, options: GameQueryOptions<OldGameIds[O]> & SocketOptions): Promise<GameStatusOf<OldGameIds[O]>>;
export declare function queryMany<P extends QueryProtocol>(
  targets: Iterable<Target>,
  options: QueryManyOptions & NetworkTypes[P]['queryOptions'] & SocketOptions & { protocol: P },
): AsyncIterable<QueryManyResult<Target, StatusOf<P>>>;
export declare function queryMany<G extends QueryGame>(targets: Iterable<Target>, options: QueryManyOptions & GameQueryOptions<G> & SocketOptions & { protocol: G }): AsyncIterable<QueryManyResult<Target, GameStatusOf<G>>>;
export declare function queryMany<I extends QueryManyItem>(targets: Iterable<I>, options: PerProtocolOptions & SocketOptions): AsyncIterable<QueryManyResult<I>>;
export declare function rcon<P extends keyof RconTypes>(protocol: P, target: Target, options: RconTypes[P] & SocketOptions, command: string): Promise<string[]>;
/** Logs in once, then runs commands on that connection (`connect` carries it). */
export declare function rconSession(protocol: RconSessionProtocol, target: Target, options: MinecraftRconOptions & SocketOptions): Promise<RconSession>;

/** The network API over a transport of yours (what `gamequery`'s WASM engine does with Node's sockets). */
export declare function createEngine(transport: Transport): {
  query<P extends QueryProtocol>(protocol: P, target: Target, options?: NetworkTypes[P]['queryOptions']): Promise<StatusOf<P>>;
  query<G extends QueryGame>(game: G, target: Target, options?: GameQueryOptions<G>): Promise<GameStatusOf<G>>;
  /** @deprecated A gamedig 4 id: `OldGameIds` names the id it became. */
  query<O extends OldGameId>(game: O, target: Target, options?: GameQueryOptions<OldGameIds[O]>): Promise<GameStatusOf<OldGameIds[O]>>;
  queryMany<I extends QueryManyItem>(targets: Iterable<I>, options?: PerProtocolOptions): AsyncIterable<QueryManyResult<I>>;
  queryMany<P extends QueryProtocol>(targets: Iterable<Target>, options: QueryManyOptions & NetworkTypes[P]['queryOptions'] & { protocol: P }): AsyncIterable<QueryManyResult<Target, StatusOf<P>>>;
  queryMany<G extends QueryGame>(targets: Iterable<Target>, options: QueryManyOptions & GameQueryOptions<G> & { protocol: G }): AsyncIterable<QueryManyResult<Target, GameStatusOf<G>>>;
  rcon<P extends keyof RconTypes>(protocol: P, target: Target, options: RconTypes[P], command: string): Promise<string[]>;
  rconSession(protocol: RconSessionProtocol, target: Target, options: MinecraftRconOptions): Promise<RconSession>;
  serve<P extends ServeProtocol>(protocol: P, state: NetworkTypes[P]['state'], options?: NetworkTypes[P]['serveOptions']): Promise<Responder<NetworkTypes[P]['state']>>;
};
