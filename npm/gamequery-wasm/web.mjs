// The browser (and bundler) entry: the wasm-bindgen `web` builds behind the same glue as
// the Node entry, so results and errors have the same shape everywhere. Call
// `await init()` once (or `initSync({ module })`) before anything else.
//
// Two modules: `init` loads the codec (pkg/web: encode, decode, frames), which is what most
// pages need; the first network call (`query`, `queryMany`, `rcon`, `rconSession`, an
// engine's `serve`) loads the engine (pkg/web-engine: the codec plus queries and
// responders), so a page that only decodes never downloads it. Where files cannot be
// fetched (a Worker's bundle), hand it over as `init({ engine })` / `initSync({ engine })`.
import load, * as wasm from './pkg/web/gamequery_wasm.js';
import { wasmCodec } from './glue.mjs';

let engineSource;
let engine;

/** The engine's API, loaded once; a failed load is tried again by the next call. */
function loadEngine() {
  engine ??= (async () => {
    const [bindings, { wasmApi }] = await Promise.all([import('./pkg/web-engine/gamequery_wasm.js'), import('./engine.mjs')]);
    await bindings.default(engineSource === undefined ? undefined : { module_or_path: engineSource });
    return wasmApi(bindings);
  })().catch((e) => {
    engine = undefined;
    throw e;
  });
  return engine;
}

const later = (name) => async (...args) => (await loadEngine())[name](...args);
// queryMany stays an async iterable: its first step loads the engine, leaving the loop still cancels.
const laterMany = (api) => async function* queryMany(targets, options) {
  yield* (await api()).queryMany(targets, options);
};

export const {
  PROTOCOLS, GameQueryError, isGameQueryError, encodeRequest, decodeRequest, encodeResponse, decodeResponse,
  encodeVarInt, decodeVarInt, FrameDecoder,
} = wasmCodec(wasm);
export const query = later('query');
export const rcon = later('rcon');
export const rconSession = later('rconSession');
export const queryMany = laterMany(loadEngine);

/** The whole network API (query, queryMany, rcon, rconSession, serve) over a transport of yours. */
export function createEngine(transport) {
  let made;
  const api = () => (made ??= loadEngine().then((e) => e.createEngine(transport), (e) => {
    made = undefined;
    throw e;
  }));
  const on = (name) => async (...args) => (await api())[name](...args);
  return { query: on('query'), queryMany: laterMany(api), rcon: on('rcon'), rconSession: on('rconSession'), serve: on('serve') };
}

// wasm-bindgen's older call forms (the source itself, not in an object) still pass through.
const options = (input, key) => typeof input === 'object' && input !== null && (key in input || 'engine' in input);

/** Loads the codec module: `{ module_or_path }` (default: the file beside this one), and `engine` likewise for the engine's. */
export function init(input) {
  if (!options(input, 'module_or_path')) return load(input);
  engineSource = input.engine;
  return load({ module_or_path: input.module_or_path });
}

/** Loads the codec module from `{ module }` (bytes or a compiled module); `engine` is kept for the first network call. */
export function initSync(input) {
  if (!options(input, 'module')) return wasm.initSync(input);
  engineSource = input.engine;
  return wasm.initSync({ module: input.module });
}
export default init;
