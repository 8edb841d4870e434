// `gamequery-wasm/games`: the games table, apart from the codec so that a page that
// only decodes does not download it.
import type { GameEntry, GameId } from './types';

export type { GameEntry, GameId } from './types';
/** Every game gamequery knows, by id: its protocol and port rule, and whether `query` takes it. */
export declare const games: Readonly<Record<GameId, Readonly<GameEntry>>>;
