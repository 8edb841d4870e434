'use strict';
// The Node API: thin glue over the native addon (binding.js). Protocol logic lives in
// the Rust core; this file only adapts JS conventions (AbortSignal, handlers, errors).
const binding = require('./binding.js');
const { fromNative, fromDetail, call, aborted } = require('./errors.js');
const { tapeReader, encodeVarInt, decodeVarInt } = require('gamequery-wasm/glue');

const PROTOCOLS = Object.freeze(['samp', 'minecraft-java', 'minecraft-legacy', 'sqp']);

// Arguments cross as JSON text; results come back as a tape the shared reader builds.
// Synchronous calls get their numbers written into `scratch` and return only the text.
const json = (value) => JSON.stringify(value ?? null);
const readTape = tapeReader(() => binding.shapes());
const scratch = new Float64Array(4096);
const read = (out) => (typeof out === 'string' ? readTape(out, scratch) : readTape(out[0], out[1]));

const encodeRequest = (protocol, request) => call(() => binding.encodeRequest(protocol, json(request)));
const decodeRequest = (protocol, bytes) => read(call(() => binding.decodeRequest(protocol, bytes, scratch)));
const encodeResponse = (protocol, response) => call(() => binding.encodeResponse(protocol, json(response)));
const decodeResponse = (protocol, bytes, options) =>
  read(call(() => binding.decodeResponse(protocol, bytes, options == null ? undefined : json(options), scratch)));

/** Splits a TCP stream into whole packets: `push(chunk)` → complete packets. */
class FrameDecoder {
  #inner;
  constructor(protocol, options = {}) {
    this.#inner = call(() => new binding.FrameDecoder(protocol, options?.maxFrame));
  }
  push(chunk) {
    return call(() => this.#inner.push(chunk));
  }
}

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
  return read(await withSignal(signal, (id) => binding.query(protocol, json(target), json(rest), id)));
}

/**
 * Queries many servers with at most `concurrency` (default 16; `Infinity` for no limit) in
 * flight, yielding `{ target, status }` or `{ target, error }` as each finishes. `targets`
 * holds `{ protocol, target, options? }` items, or plain targets with `options.protocol`.
 * The core's bulk engine runs them (UDP on a few shared sockets, paced to what the
 * receive buffers hold); breaking out of the loop cancels what is still running.
 */
async function* queryMany(targets, options = {}) {
  const { concurrency = 16, signal, ...shared } = options ?? {};
  if (typeof concurrency !== 'number' || !(concurrency >= 1) || (Number.isFinite(concurrency) && !Number.isInteger(concurrency))) {
    throw fromDetail({ code: 'GQ_INVALID_ARGUMENT', message: `concurrency must be a whole number ≥ 1 or Infinity, got ${concurrency}` });
  }
  const given = [...targets];
  const items = given.map((item) =>
    typeof item === 'object' && item !== null && 'target' in item
      ? { protocol: item.protocol, target: item.target, options: item.options }
      : { target: item });
  if (signal?.aborted) throw aborted(signal);
  let run;
  try {
    run = await binding.queryMany(json(items), json({ ...shared, concurrency: Number.isFinite(concurrency) ? concurrency : 0 }));
  } catch (e) {
    throw fromNative(e);
  }
  const onAbort = () => run.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  // One array for every batch's numbers: a new one per batch waits for the GC.
  const numbers = new Float64Array(1 << 16);
  try {
    for (let batch = await run.next(numbers); batch != null; batch = await run.next(numbers)) {
      const [text, count] = batch;
      const next = typeof count === 'number' ? readTape.each(text, numbers, count) : readTape.each(text, count);
      for (let head = next(); head !== undefined; head = next()) {
        if (typeof head === 'number') yield { target: given[head], status: next() };
        else yield { target: given[head.index], error: fromDetail(head) };
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    run.cancel();
  }
}

async function rcon(protocol, target, options, command) {
  const { signal, ...rest } = options ?? {};
  return withSignal(signal, (id) => binding.rcon(protocol, json(target), json(rest), String(command), id));
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
    binding.serve(protocol, json(state), json({ ...rest, rcon: rconOptions ? { password: String(rconOptions.password) } : undefined }), handler));
  // The socket lives on the addon's threads, which don't keep Node running: this does.
  const keepAlive = setInterval(() => {}, 1 << 30);
  let closed = false;
  return {
    address: server.address,
    port: server.port,
    update: (next) => call(() => server.update(json(next))),
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(keepAlive);
      await server.close();
    },
  };
}

module.exports = { PROTOCOLS, encodeRequest, decodeRequest, encodeResponse, decodeResponse, encodeVarInt, decodeVarInt, FrameDecoder, query, queryMany, rcon, serve };
