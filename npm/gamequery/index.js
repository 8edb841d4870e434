'use strict';
// The Node API: thin glue over the native addon (binding.js). Protocol logic lives in
// the Rust core; this file only adapts JS conventions (AbortSignal, handlers, errors).
const binding = require('./binding.js');
const { fromNative, call, aborted } = require('./errors.js');

const PROTOCOLS = Object.freeze(['samp']);

const encodeRequest = (protocol, request) => call(() => binding.encodeRequest(protocol, request));
const decodeRequest = (protocol, bytes) => call(() => binding.decodeRequest(protocol, bytes));
const encodeResponse = (protocol, response) => call(() => binding.encodeResponse(protocol, response));
const decodeResponse = (protocol, bytes, options) => call(() => binding.decodeResponse(protocol, bytes, options));

let nextCallId = 1;

/** Runs `start(id)` with `signal` wired to the addon's abort(id). */
async function withSignal(signal, start) {
  if (signal?.aborted) throw aborted(signal);
  const id = nextCallId++;
  const onAbort = () => binding.abort(id);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await start(id);
  } catch (e) {
    throw fromNative(e);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

async function query(protocol, target, options = {}) {
  const { signal, ...rest } = options ?? {};
  return withSignal(signal, (id) => binding.query(protocol, target, rest, id));
}

async function rcon(protocol, target, options, command) {
  const { signal, ...rest } = options ?? {};
  return withSignal(signal, (id) => binding.rcon(protocol, target, rest, String(command), id));
}

async function serve(protocol, state, options = {}) {
  const { rcon: rconOptions, ...rest } = options ?? {};
  let handler;
  if (rconOptions) {
    if (typeof rconOptions.handler !== 'function') {
      const err = new Error('rcon.handler(command) must be a function returning the console lines');
      err.code = 'GQ_INVALID_ARGUMENT';
      throw err;
    }
    // The addon always awaits a promise of string[].
    handler = async (command) => {
      const lines = await rconOptions.handler(command);
      return (Array.isArray(lines) ? lines : [lines]).filter((l) => l != null).map(String);
    };
  }
  const server = await withSignal(undefined, () =>
    binding.serve(protocol, state, { ...rest, rcon: rconOptions ? { password: String(rconOptions.password) } : undefined }, handler));
  // The socket lives on the addon's threads, which don't keep Node running: this does.
  const keepAlive = setInterval(() => {}, 1 << 30);
  let closed = false;
  return {
    address: server.address,
    port: server.port,
    update: (next) => call(() => server.update(next)),
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(keepAlive);
      await server.close();
    },
  };
}

module.exports = { PROTOCOLS, encodeRequest, decodeRequest, encodeResponse, decodeResponse, query, rcon, serve };
