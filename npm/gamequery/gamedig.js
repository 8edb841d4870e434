'use strict';
// `gamequery/gamedig`: gamedig 5's API — `GameDig.query(options)`, `new GameDig(opts).query`,
// `GameDig.getInstance()`, `games` — over gamequery, so that migrating is changing the
// import. The core translates gamedig's options and shapes the results (core/src/spec/
// gamedig.rs and each protocol's gamedig.rs); this file only runs the query. Where it
// differs from gamedig, on purpose: README.md, "Migrating from gamedig".
const gamequery = require('./index.js');
const { GameQueryError, isGameQueryError } = require('gamequery-wasm/glue');
const { INTERNALS } = require('gamequery-wasm/calls');
const { hexDump } = require('./cli/format.js');

// The engine gamequery picked (both modules are loaded already; require returns them).
const core = require(gamequery.engine === 'native' ? './native.js' : './wasm.js')[INTERNALS].gamedig;

/** Every game, in gamedig's entry shape: `{ name, release_year, options: { port, port_query, port_query_offset, protocol }, extra: { old_id } }`. */
const games = deepFreeze(core.games());

function deepFreeze(value) {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * gamedig's error, recognisable ("Failed all N attempts"), with our `code`, what each
 * candidate port did (`candidates`) and our error as `cause`.
 */
function failed(e) {
  if (!isGameQueryError(e) || e.code === 'GQ_INVALID_ARGUMENT' || e.code === 'GQ_ABORTED') return e;
  const tries = e.candidates?.length ?? 1;
  const { code, protocol, target, address, port, attempts, candidates, httpStatus, retryAfter } = e;
  // gamedig's words to the colon, plural for one too: programs match `includes('attempts')`.
  return new GameQueryError({ code, message: `Failed all ${tries} attempts: ${e.message}`, protocol, target, address, port, attempts, candidates, httpStatus, retryAfter }, { cause: e });
}

async function run(userOptions, listenUdpPort) {
  if (userOptions == null || typeof userOptions !== 'object') throw new Error('No game specified');
  const plan = core.plan(userOptions, listenUdpPort);
  if (userOptions.debug) plan.options.trace = (event) => console.log(hexDump(event));
  try {
    // gamedig's `…Required`: a request the server left unanswered fails the query.
    return await core.query(plan);
  } catch (e) {
    throw failed(e);
  }
}

let singleton;

class GameDig {
  /** `listenUdpPort`: the local UDP port queries send from (a container's fixed port). */
  constructor(runnerOpts = {}) {
    this.listenUdpPort = runnerOpts?.listenUdpPort;
  }

  /** Queries a game server; resolves with gamedig's result shape. */
  async query(userOptions) {
    return run(userOptions, this.listenUdpPort);
  }

  static getInstance() {
    singleton ??= new GameDig();
    return singleton;
  }

  static async query(...args) {
    return GameDig.getInstance().query(...args);
  }
}

module.exports = { GameDig, games };
