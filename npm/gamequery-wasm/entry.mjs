// What every browser entry exports (results and errors as the Node entry's), over its own
// codec module: `gamequery-wasm` (pkg/web, every protocol) and `gamequery-wasm/<family>`
// (pkg/web-<family>, issue #51), each importing its module statically so that a bundler
// emits that `.wasm` alone. `init` loads it; the first network call loads the engine
// (pkg/web-engine: the codec plus queries and responders), which a page that only decodes
// never downloads — or a Worker hands over as `init({ engine })` / `initSync({ engine })`.
// `gamequery-wasm/network` is the engine's module alone.
import { wasmCodec } from './glue.mjs';

/** The engine's API over its module: from `source` (by default the file beside it). */
async function engineModule(source) {
  const [bindings, { wasmApi }] = await Promise.all([import('./pkg/web-engine/gamequery_wasm.js'), import('./engine.mjs')]);
  await bindings.default(source === undefined ? undefined : { module_or_path: source });
  return wasmApi(bindings);
}

/**
 * An entry's exports over `load` and `wasm` (a wasm-bindgen `web` build's default export and
 * namespace); `family` where the module has one family's protocols; `engineOf(source)` the
 * network API's loader where it is not the engine module's.
 */
export function webEntry(load, wasm, family = undefined, engineOf = engineModule) {
  let engineSource;
  let engine;

  /** The engine's API, loaded once; a failed load is tried again by the next call. */
  function loadEngine() {
    engine ??= engineOf(engineSource).catch((e) => {
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

  /** The whole network API (query, queryMany, rcon, rconSession, serve) over a transport of yours. */
  function createEngine(transport) {
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

  /** Loads the codec module: `{ module_or_path }` (default: the file beside its glue), and `engine` likewise for the engine's. */
  function init(input) {
    if (!options(input, 'module_or_path')) return load(input);
    engineSource = input.engine;
    return load({ module_or_path: input.module_or_path });
  }

  /** Loads the codec module from `{ module }` (bytes or a compiled module); `engine` is kept for the first network call. */
  function initSync(input) {
    if (!options(input, 'module')) return wasm.initSync(input);
    engineSource = input.engine;
    return wasm.initSync({ module: input.module });
  }

  return {
    ...wasmCodec(wasm, undefined, family),
    query: later('query'),
    rcon: later('rcon'),
    rconSession: later('rconSession'),
    queryMany: laterMany(loadEngine),
    createEngine,
    init,
    initSync,
  };
}
