'use strict';
// Under Node the wasm-bindgen `nodejs` build loads synchronously; `init()` exists so code
// written for the browser build (`await init()`) runs unchanged. A trap of the module (a
// panic of ours: it cannot unwind in WebAssembly) leaves its memory as the panic found it:
// the glue reports it as the call's GQ_INTERNAL and the module is loaded again, so every
// call after runs on a fresh instance (objects made before keep the old one).
const { wasmApi } = require('./engine.cjs');
const { whenTrapped } = require('./glue.cjs');

const path = require.resolve('./pkg/node/gamequery_wasm.js');
let current = require(path);
const wasm = new Proxy({}, { get: (_, key) => current[key] });

whenTrapped(() => {
  let said;
  try {
    said = current.__takePanic();
  } catch {
    // The old instance cannot say: its message is lost with it.
  }
  delete require.cache[path];
  current = require(path);
  return said ?? 'the WebAssembly module trapped';
});

module.exports = {
  ...wasmApi(wasm),
  init: async () => {},
  initSync: () => {},
  /** Tests only: see `gamequery_core::internal::inject`. */
  __injectPanic: (point) => current.__injectPanic(point),
};
module.exports.default = module.exports.init;
