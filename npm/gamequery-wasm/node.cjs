'use strict';
// Under Node the wasm-bindgen `nodejs` build loads synchronously; `init()` exists so code
// written for the browser build (`await init()`) runs unchanged.
const wasm = require('./pkg/node/gamequery_wasm.js');

module.exports = {
  PROTOCOLS: Object.freeze(['samp', 'minecraft-java', 'minecraft-legacy', 'sqp']),
  encodeRequest: wasm.encodeRequest,
  decodeRequest: wasm.decodeRequest,
  encodeResponse: wasm.encodeResponse,
  decodeResponse: wasm.decodeResponse,
  encodeVarInt: wasm.encodeVarInt,
  decodeVarInt: wasm.decodeVarInt,
  FrameDecoder: wasm.FrameDecoder,
  init: async () => {},
};
module.exports.default = module.exports.init;
