// The browser (and bundler) entry, every protocol's codec: `await init()` (or `initSync`)
// once, before anything else. The API is every browser entry's (entry.mjs).
import load, * as wasm from './pkg/web/gamequery_wasm.js';
import { webEntry } from './entry.mjs';

export const {
  PROTOCOLS, GameQueryError, isGameQueryError, encodeRequest, decodeRequest, encodeResponse, decodeResponse,
  encodeVarInt, decodeVarInt, FrameDecoder, query, rcon, rconSession, queryMany, createEngine, init, initSync,
} = webEntry(load, wasm);
export default init;
