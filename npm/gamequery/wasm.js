'use strict';
// The WASM engine: the same core compiled to WebAssembly (gamequery-wasm), its calls and
// responders driven over Node's sockets (transport.js). Used where no prebuilt addon
// loads, or with GAMEQUERY_ENGINE=wasm.
const wasm = require('gamequery-wasm');
const transport = require('./transport.js');
const { INTERNALS } = require('gamequery-wasm/calls');

const engine = wasm.createEngine(transport);
const { query, queryMany, rcon, rconSession, serve, describeStatus, sampleState } = engine;
const { encodeRequest, decodeRequest, encodeResponse, decodeResponse, encodeVarInt, decodeVarInt, FrameDecoder } = wasm;

module.exports = {
  encodeRequest, decodeRequest, encodeResponse, decodeResponse, encodeVarInt, decodeVarInt, FrameDecoder,
  query, queryMany, rcon, rconSession, serve, describeStatus, sampleState,
  [INTERNALS]: engine[INTERNALS],
};
