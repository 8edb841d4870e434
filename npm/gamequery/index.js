'use strict';
// The Node API. Its engine is the native addon for this platform when one loads, else the
// same Rust core as WebAssembly over Node's sockets: same functions, results and errors.
// GAMEQUERY_ENGINE=wasm picks the WASM engine; GAMEQUERY_ENGINE=native refuses it.
const { PROTOCOLS, GameQueryError, isGameQueryError } = require('gamequery-wasm/glue');

function pick() {
  const wanted = process.env.GAMEQUERY_ENGINE;
  // A misspelt choice must not pass for the default: say so at once.
  if (wanted && wanted !== 'wasm' && wanted !== 'native') {
    throw new GameQueryError({ code: 'GQ_INVALID_ARGUMENT', message: `GAMEQUERY_ENGINE must be 'native', 'wasm' or unset (the addon where it loads, else WASM); got ${JSON.stringify(wanted)}` });
  }
  if (wanted === 'wasm') return { api: require('./wasm.js'), engine: 'wasm' };
  try {
    return { api: require('./native.js'), engine: 'native' };
  } catch (e) {
    if (wanted === 'native') throw e;
    return { api: require('./wasm.js'), engine: 'wasm', engineError: e.message };
  }
}

const { api, engine, engineError } = pick();

module.exports = {
  PROTOCOLS, GameQueryError, isGameQueryError,
  ...api,
  /** `'native'` or `'wasm'`. */
  engine,
  /** Why the native addon did not load, when the WASM engine runs instead. */
  engineError,
};

// `games`, loaded when first read: building the table's 358 frozen entries was 2–5 ms of
// every start (measured with --cpu-prof on `gamequery a2s …`), and a query by game id does
// not need it (the core has its own table).
let games;
Object.defineProperty(module.exports, 'games', {
  enumerable: true,
  get: () => (games ??= require('gamequery-wasm/games').games),
});
