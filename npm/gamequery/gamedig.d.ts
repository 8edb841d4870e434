// `gamequery/gamedig`: gamedig 5's API over gamequery. Migrating is changing the import;
// README.md, "Migrating from gamedig", lists what differs on purpose.
import type { GameId, OldGameId, GamedigProtocolClass, GameQueryError } from 'gamequery-wasm/types';

/** gamedig's query options. */
export interface QueryOptions {
  /**
   * A game id (`games`), a gamedig 4 id with `checkOldIDs`, or one of gamedig's protocol
   * classes (`protocol-valve` …). Any string is accepted too, as gamedig (which ships no
   * types) accepted it: programs pass a game id from their configuration; an unknown one
   * fails at run time with gamedig's `Invalid game: …`.
   */
  type: GameId | OldGameId | `protocol-${GamedigProtocolClass}` | (string & {});
  host?: string;
  /** An IP address: no name lookup. */
  address?: string;
  /** The game port (or the query port: both are tried). */
  port?: number | string;
  /** Tries of each query (default 1): the one deadline grows with it. */
  maxRetries?: number;
  /** ms; the query's one deadline is twice this per try (default 2000 → 4 s), at most `attemptTimeout`. */
  socketTimeout?: number;
  attemptTimeout?: number;
  /** Query the given port only. */
  givenPortOnly?: boolean;
  ipFamily?: 0 | 4 | 6;
  /** Hex dumps of every datagram, on stdout. */
  debug?: boolean;
  requestRules?: boolean;
  requestRulesRequired?: boolean;
  requestPlayers?: boolean;
  requestPlayersRequired?: boolean;
  /** Accepted; names come without colour codes. */
  stripColors?: boolean;
  /** Accepted; every candidate port is asked at once, so there is no order to cache. */
  portCache?: boolean;
  /** Accepted; candidates run at once. */
  noBreadthOrder?: boolean;
  /** Accept gamedig 4's ids. */
  checkOldIDs?: boolean;
}

/** A player as gamedig gives one: its name, the rest under `raw`. */
export interface Player {
  name: string;
  raw: Record<string, unknown>;
}

/** gamedig's result. */
export interface QueryResult {
  name: string;
  map: string;
  password: boolean;
  /** The protocol's own fields (as gamedig names them for A2S and SA:MP). */
  raw: Record<string, any>;
  version: string;
  maxplayers: number;
  numplayers: number;
  players: Player[];
  bots: Player[];
  /** The port that answered. */
  queryPort: number;
  /** `host:port` players join. */
  connect: string;
  /** ms. */
  ping: number;
}

/** gamedig's entry of a game. */
export interface Game {
  name: string;
  release_year?: number;
  options: { port?: number; port_query?: number; port_query_offset?: number | number[]; protocol: string };
  extra?: { old_id?: string };
}

export declare const games: Readonly<Record<GameId, Readonly<Game>>>;

export declare class GameDig {
  /**
   * `listenUdpPort`: the local UDP port queries send from. Each query binds it, so one
   * query at a time; a game with several candidate ports needs `givenPortOnly`.
   */
  constructor(runnerOpts?: { listenUdpPort?: number });
  /** Fails with a `GameQueryError` whose message starts "Failed all N attempts", with `code` and `candidates`. */
  query(options: QueryOptions): Promise<QueryResult>;
  static getInstance(): GameDig;
  static query(options: QueryOptions): Promise<QueryResult>;
}

export type { GameQueryError };
