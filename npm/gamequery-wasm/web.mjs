// The browser (and bundler) entry: the wasm-bindgen `web` build behind the same glue as
// the Node entry, so results and errors have the same shape everywhere. Call
// `await init()` once (or `initSync(module)`) before anything else.
import init, * as wasm from './pkg/web/gamequery_wasm.js';
import { wasmApi } from './engine.mjs';

const api = wasmApi(wasm);
export const {
  PROTOCOLS, GameQueryError, isGameQueryError, encodeRequest, decodeRequest, encodeResponse, decodeResponse,
  encodeVarInt, decodeVarInt, FrameDecoder, query, queryMany, rcon, rconSession, createEngine,
} = api;
export const { initSync } = wasm;
export { init };
export default init;
