// The browser (and bundler) entry: the wasm-bindgen `web` builds behind the same glue as
// the Node entry, so results and errors have the same shape everywhere. Call
// `await init()` once (or `initSync({ module })`) before anything else. Every protocol's
// codec; `gamequery-wasm/<family>` has one family's, a smaller download (entry.mjs).
import load, * as wasm from './pkg/web/gamequery_wasm.js';
import { webEntry } from './entry.mjs';

export const {
  PROTOCOLS, GameQueryError, isGameQueryError, encodeRequest, decodeRequest, encodeResponse, decodeResponse,
  encodeVarInt, decodeVarInt, FrameDecoder, query, rcon, rconSession, queryMany, createEngine, init, initSync,
} = webEntry(load, wasm);
export default init;
