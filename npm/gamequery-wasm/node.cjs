'use strict';
// Under Node the wasm-bindgen `nodejs` build loads synchronously; `init()` exists so code
// written for the browser build (`await init()`) runs unchanged.
const { wasmApi } = require('./engine.cjs');

module.exports = {
  ...wasmApi(require('./pkg/node/gamequery_wasm.js')),
  init: async () => {},
  initSync: () => {},
};
module.exports.default = module.exports.init;
