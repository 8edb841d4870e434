// The browser entries' API over one codec module: `gamequery-wasm` (every protocol, pkg/web)
// and `gamequery-wasm/<family>` (one family's, pkg/web-<family>: a page downloads only the
// decoders it uses, issue #51). Each entry imports its own module statically, so that a
// bundler emits that `.wasm` alone, and hands it here. Results and errors have the same shape
// as the Node entry's.
//
// Two modules: `init` loads the codec (encode, decode, frames), which is what most pages
// need; the first network call (`query`, `queryMany`, `rcon`, `rconSession`, an engine's
// `serve`) loads the engine (pkg/web-engine: the codec plus queries and responders, every
// protocol), so a page that only decodes never downloads it. Where files cannot be fetched
// (a Worker's bundle), hand it over as `init({ engine })` / `initSync({ engine })`. A page
// or Worker that queries anyway imports `gamequery-wasm/network` instead: the engine's
// module alone, its codec functions serving too, so nothing is downloaded twice.
import { wasmCodec } from './glue.mjs';

/**
 * An entry's exports over `load` and `wasm` (a wasm-bindgen `web` build's default export
 * and namespace); `family`, where the module has one family's protocols only; `own`, where
 * the module is the engine's itself (`gamequery-wasm/network`): its network API over `wasm`,
 * once loaded.
 */
export function webEntry(load, wasm, family = undefined, own = undefined) {
  let engineSource;
  let engine;

  /** The engine's API, loaded once; a failed load is tried again by the next call. */
  function loadEngine() {
    engine ??= (async () => {
      if (own) {
        // Loaded by init() already, or now from the file beside the glue.
        await load();
        return own(wasm);
      }
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

  /** Loads the codec module: `{ module_or_path }` (default: the file beside the entry's glue), and `engine` likewise for the engine's. */
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
