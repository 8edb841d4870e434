// `gamequery-wasm/network`: the whole API in one module, for a page or Worker that queries
// (issue #51). `init()` loads the engine's module (pkg/web-engine: the codec plus queries and
// responders), whose codec functions serve too — the codec is not downloaded a second time,
// and a Worker's bundle holds one `.wasm` (`initSync({ module })`).
import load, * as wasm from './pkg/web-engine/gamequery_wasm.js';
import { wasmApi } from './engine.mjs';
import { webEntry } from './entry.mjs';

export const {
  PROTOCOLS, GameQueryError, isGameQueryError, encodeRequest, decodeRequest, encodeResponse, decodeResponse,
  encodeVarInt, decodeVarInt, FrameDecoder, query, rcon, rconSession, queryMany, createEngine, init, initSync,
} = webEntry(load, wasm, undefined, async () => {
  // Its module is the engine's: loaded by init() already, or now from the file beside it.
  await load();
  return wasmApi(wasm);
});
export default init;
