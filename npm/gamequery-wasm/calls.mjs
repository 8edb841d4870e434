// The argument checks and shapes the network engines share: the addon's (gamequery's
// native.js) and the WASM engine (engine.mjs). Kept apart from glue.mjs so that the browser's
// first download (the codec) does not carry them. build.mjs writes calls.cjs from this file.
import { GameQueryError, PROTOCOLS, RCON_PROTOCOLS, call, check, describe, invalid, fromNative } from './glue.mjs';

/** Where an engine keeps what its package's other modules use and users do not (`gamequery/gamedig`'s mapping). */
export const INTERNALS = Symbol.for('gamequery.internals');

/** Arguments cross to the core as JSON text. */
export const json = (value) => JSON.stringify(value ?? null);

/** A transport's error for a connection nothing listens for. */
export const refusal = (e) => e?.code === 'ECONNREFUSED';

/** The error an aborted signal rejects with: an AbortError carrying the signal's reason. */
export function abortError(signal) {
  const reason = signal?.reason;
  const message = reason instanceof Error && reason.message ? `aborted: ${reason.message}` : 'the operation was aborted';
  return new GameQueryError({ code: 'GQ_ABORTED', message }, reason === undefined ? undefined : { cause: reason });
}

/**
 * The process's `GAMEQUERY_*` variables (`GAMEQUERY_ASA_CLIENT_SECRET` …), read once, at the
 * first network call (a scan of `process.env` costs as much as a query's own work): the
 * core takes from them the credentials a call's protocol takes and was not given
 * (core/src/call/environment.rs). `null` where there is no `process.env` (a browser; a
 * Worker passes its `env` as the option `environment`).
 */
let processVariables;
/** The packages' own settings, not credentials: not sent with every call. */
const OWN_VARIABLES = new Set(['GAMEQUERY_ENGINE', 'GAMEQUERY_ADDON', 'GAMEQUERY_PLATFORM']);
function variables() {
  if (processVariables === undefined) {
    processVariables = null;
    try {
      const env = globalThis.process?.env;
      for (const name of env ? Object.keys(env) : []) {
        if (name.startsWith('GAMEQUERY_') && !OWN_VARIABLES.has(name)) (processVariables ??= {})[name] = env[name];
      }
    } catch {
      // Deno without --allow-env: no variables.
    }
  }
  return processVariables;
}

/** `options` as the core gets them: with the process's variables unless `environment` is given. */
function withVariables(options) {
  if (options.environment === undefined && variables() !== null) options.environment = processVariables;
  return options;
}

/**
 * Checks what every network call shares and splits off the JS-only options. `protocols`:
 * the names it takes; `null` for a query, which takes a game id too (the core knows them).
 */
export function networkArgs(protocol, target, options, protocols = PROTOCOLS) {
  if (protocols !== null) check.protocol(protocol, protocols);
  else if (typeof protocol !== 'string' || protocol === '') throw invalid(`protocol must be a protocol's name or a game's id; got ${describe(protocol)}`);
  check.target(target);
  check.object(options, 'options');
  const { signal, trace, ...rest } = options ?? {};
  check.signal(signal);
  check.fn(trace, 'options.trace');
  if (signal?.aborted) throw abortError(signal);
  return { signal, trace, rest: withVariables(rest) };
}

/** `rcon`'s arguments: those of every network call, for a protocol that has RCON. */
export function rconArgs(protocol, target, options, command) {
  const args = networkArgs(protocol, target, options, RCON_PROTOCOLS);
  checkCommand(command);
  return args;
}

/**
 * What a network call throws: an abort as the signal's AbortError, a core error as a
 * GameQueryError naming the target as the caller gave it.
 */
export function callError(e, signal, target) {
  const aborted = (e?.code === 'GQ_ABORTED' || e?.message?.includes('GQ_ABORTED')) && signal?.aborted;
  const err = aborted ? abortError(signal) : fromNative(e);
  if (err instanceof GameQueryError && target !== undefined) err.target = target;
  return err;
}

/** `describeStatus`'s arguments: the status as JSON text, and whether to colour. */
export function describeArgs(status, options) {
  check.object(status, 'status');
  if (status == null || typeof status.protocol !== 'string') throw invalid(`status must be a query's result; got ${describe(status)}`);
  check.object(options, 'options');
  return [JSON.stringify(status), options?.color === true];
}

/** `rcon`'s command. */
export function checkCommand(command) {
  if (typeof command !== 'string') throw invalid(`command must be a string; got ${describe(command)}`);
}

/**
 * `queryMany`'s arguments: the targets as given, the items for the core
 * (`{ protocol?, target, options? }`), the shared options (with `concurrency`: 0 for no
 * limit), and the JS-only ones.
 */
export function manyArgs(targets, options) {
  check.object(options, 'options');
  const { concurrency = 16, signal, trace, ...shared } = options ?? {};
  if (typeof concurrency !== 'number' || !(concurrency >= 1) || (Number.isFinite(concurrency) && !Number.isInteger(concurrency))) {
    throw invalid(`options.concurrency must be a whole number ≥ 1 or Infinity; got ${describe(concurrency)}`);
  }
  // A protocol's name or a game's id: the core says which names it knows.
  if (shared.protocol !== undefined && (typeof shared.protocol !== 'string' || shared.protocol === '')) {
    throw invalid(`options.protocol must be a protocol's name or a game's id; got ${describe(shared.protocol)}`);
  }
  check.signal(signal);
  check.fn(trace, 'options.trace');
  if (targets == null || typeof targets[Symbol.iterator] !== 'function') {
    throw invalid('targets must be an array (or iterable) of targets or { protocol, target, options } items');
  }
  const given = [...targets];
  const isItem = (item) => typeof item === 'object' && item !== null && 'target' in item;
  const items = given.map((item) => (isItem(item) ? { protocol: item.protocol, target: item.target, options: item.options } : { target: item }));
  if (signal?.aborted) throw abortError(signal);
  const targetOf = (i) => (isItem(given[i]) ? given[i].target : given[i]);
  return { given, items, shared: withVariables({ ...shared, concurrency: Number.isFinite(concurrency) ? concurrency : 0 }), signal, trace, targetOf };
}

/** `serve`'s arguments: the RCON handler (always resolving to string[]) split off. */
export function serveArgs(protocol, state, options) {
  check.protocol(protocol);
  check.state(state);
  check.object(options, 'options');
  const { rcon: rconOptions, ...rest } = options ?? {};
  let handler;
  if (rconOptions) {
    check.object(rconOptions, 'options.rcon');
    if (typeof rconOptions.handler !== 'function') {
      throw invalid('options.rcon.handler(command) must be a function returning the console lines');
    }
    handler = async (command) => {
      const lines = await rconOptions.handler(command);
      return (Array.isArray(lines) ? lines : [lines]).filter((l) => l != null).map(String);
    };
  }
  const rcon = rconOptions && { password: String(rconOptions.password), ...(rconOptions.port === undefined ? {} : { port: rconOptions.port }) };
  return { handler, options: { ...rest, rcon } };
}

/**
 * What `rconSession` resolves with, over an engine's `run(command, signal)` and `close()`:
 * commands run one after another, in the order given.
 */
export function rconSessionObject(run, close) {
  let closed = false;
  let last = Promise.resolve();
  const session = {
    run(command, options) {
      checkCommand(command);
      check.object(options, 'options');
      const signal = options?.signal;
      check.signal(signal);
      if (signal?.aborted) return Promise.reject(abortError(signal));
      const result = last.then(() => run(command, signal));
      last = result.catch(() => {});
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
  return closedByUsing(session);
}

/**
 * What `serve` resolves with, over an engine's listener: where it listens, `update(state)`
 * (the state checked, then the engine's `update(json)`), and a `close()` that runs the
 * engine's once however often it is called — also by `await using`.
 */
export function responderObject({ address, port, rconPort }, update, close, dropped) {
  let closed = false;
  return closedByUsing({
    address,
    port,
    ...(rconPort == null ? {} : { rconPort }),
    update(next) {
      check.state(next);
      call(() => update(JSON.stringify(next ?? null)));
    },
    dropped() {
      return JSON.parse(call(() => dropped()));
    },
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  });
}

/** `handle` with `[Symbol.asyncDispose]` calling its `close()`, for `await using` (where the runtime has the symbol). */
export function closedByUsing(handle) {
  if (Symbol.asyncDispose) handle[Symbol.asyncDispose] = () => handle.close();
  return handle;
}
