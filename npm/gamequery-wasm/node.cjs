'use strict';
// Under Node the wasm-bindgen `nodejs` build loads synchronously; `init()` exists so code
// written for the browser build (`await init()`) runs unchanged.
const wasm = require('./pkg/node/gamequery_wasm.js');
const { tapeReader, encodeVarInt, decodeVarInt } = require('./glue.cjs');

const readTape = tapeReader(() => wasm.shapes());
const read = ([text, values]) => readTape(text, values);

module.exports = {
  PROTOCOLS: Object.freeze(['samp', 'minecraft-java', 'minecraft-legacy', 'sqp']),
  encodeRequest: wasm.encodeRequest,
  decodeRequest: (protocol, bytes) => read(wasm.decodeRequest(protocol, bytes)),
  encodeResponse: wasm.encodeResponse,
  decodeResponse: (protocol, bytes, options) => read(wasm.decodeResponse(protocol, bytes, options)),
  encodeVarInt,
  decodeVarInt,
  FrameDecoder: wasm.FrameDecoder,
  init: async () => {},
};
module.exports.default = module.exports.init;
