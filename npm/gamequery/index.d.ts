// The Node package: the codec and the network types (gamequery-wasm's types.d.ts, generated
// from the Rust types once for both packages) plus the network functions below.
import type { GameEntry, GameId, OldGameId, OldGameIds, GameQueryOptions, GameStatusOf, QueryGame, AnyStatus, StatusDescription, QueryProtocol, ServeProtocol, RconSessionProtocol, GameQueryError, NetworkTypes, QueryManyItem, QueryManyOptions, QueryManyResult, PerProtocolOptions, MinecraftRconOptions, RconSession, RconTypes, Responder, StatusOf, Target } from 'gamequery-wasm/types';

export * from 'gamequery-wasm/types';

/** Which engine runs: the native addon, or the WASM core over Node's sockets where no addon fits. */
export declare const engine: 'native' | 'wasm';
/** Why the native addon did not load, when `engine` is `'wasm'`. */
export declare const engineError: string | undefined;

/** Queries a server and returns the unified Status; `raw` holds everything it sent. */
export declare function query<P extends QueryProtocol>(protocol: P, target: Target, options?: NetworkTypes[P]['queryOptions']): Promise<StatusOf<P>>;
/**
 * Queries a game's server (`'rust'`, `'vrising'` …: the ids of `games`): the target's port is
 * its game port, and the game's candidate query ports are asked at once; `status.game.queryPort`
 * says which answered, `status.connect` where players join.
 */
export declare function query<G extends QueryGame>(game: G, target: Target, options?: GameQueryOptions<G>): Promise<GameStatusOf<G>>;
/** @deprecated A gamedig 4 id (`'minecraftbe'`): it still works; `OldGameIds` names the id it became (`'mbe'`). */
export declare function query<O extends OldGameId>(game: O, target: Target, options?: GameQueryOptions<OldGameIds[O]>): Promise<GameStatusOf<OldGameIds[O]>>;

/** Every game gamequery knows, by id: its protocol and port rule, and whether `query` takes it. */
export declare const games: Readonly<Record<GameId, Readonly<GameEntry>>>;

/**
 * Queries many servers, at most `concurrency` at a time, yielding each result as it
 * finishes. Breaking out of the loop cancels the rest; an aborted `signal` ends every
 * unfinished one as `GQ_ABORTED`. Plain targets need the batch's `protocol`.
 */
export declare function queryMany<P extends QueryProtocol>(
  targets: Iterable<Target>,
  options: QueryManyOptions & NetworkTypes[P]['queryOptions'] & { protocol: P },
): AsyncIterable<QueryManyResult<Target, StatusOf<P>>>;
export declare function queryMany<G extends QueryGame>(
  targets: Iterable<Target>,
  options: QueryManyOptions & GameQueryOptions<G> & { protocol: G },
): AsyncIterable<QueryManyResult<Target, GameStatusOf<G>>>;
export declare function queryMany<I extends QueryManyItem>(
  targets: Iterable<I>,
  options?: PerProtocolOptions,
): AsyncIterable<QueryManyResult<I>>;

/** Runs a console command; resolves with the lines the server printed (`[]` when it printed none). */
export declare function rcon<P extends keyof RconTypes>(protocol: P, target: Target, options: RconTypes[P], command: string): Promise<string[]>;
/** Logs in once (`options.timeout` covers connecting and the login), then runs commands on that connection. */
export declare function rconSession(protocol: RconSessionProtocol, target: Target, options: MinecraftRconOptions): Promise<RconSession>;
/**
 * A status for people, as the CLI prints it: labelled fields (MOTDs in ANSI colours with
 * `color`), then sections (rules, a players table), notes and warnings — for a bot's
 * message or a log line without knowing each protocol's `raw`.
 */
export declare function describeStatus(status: AnyStatus, options?: { color?: boolean }): StatusDescription;
/** A state to serve for `protocol` (what `gamequery serve` answers with): a starting point for tests and demos. */
export declare function sampleState<P extends ServeProtocol>(protocol: P, options?: {
  /** A game id of the protocol: the state names that game (A2S's `game`) where the protocol's reply does. */
  game?: GameId;
  /** The query port it is served on: the game port the state advertises follows it (by the game's port rule). */
  port?: number;
}): NetworkTypes[P]['state'];
/** Answers queries for `state` until `close()`. */
export declare function serve<P extends ServeProtocol>(protocol: P, state: NetworkTypes[P]['state'], options?: NetworkTypes[P]['serveOptions'] & ServeAs): Promise<Responder<NetworkTypes[P]['state']>>;
/** Whose server a responder stands for. */
export interface ServeAs {
  /** A game id of the protocol (`'rust'` for `'a2s'`): listen on its query port unless `port` is given. */
  game?: GameId;
}
