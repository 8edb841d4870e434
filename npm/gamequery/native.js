'use strict';
// The native engine: thin glue over the addon (binding.js). Protocol logic lives in the
// Rust core; this file adapts JS conventions (AbortSignal, trace and RCON handler
// functions) and shares argument checks, results, errors and VarInt with gamequery-wasm.
const binding = require('./binding.js');
const { GameQueryError, tapeReader, encodeVarInt, decodeVarInt, call, fromNative, check, invalid } = require('gamequery-wasm/glue');
const { abortError, networkArgs, checkCommand, manyArgs, serveArgs, rconSessionObject } = require('gamequery-wasm/calls');

// Arguments cross as JSON text; results come back as a tape the shared reader builds.
// Synchronous calls get their numbers written into `scratch` and return only the text
// (`[text, null, wide]` when some strings hold characters past U+00FF).
const json = (value) => JSON.stringify(value ?? null);
const readTape = tapeReader(() => binding.shapes());
const scratch = new Float64Array(4096);
// The sync decoders take a protocol's id: a number crosses Node-API 40 ns cheaper than a string.
const protocolIds = new Map(binding.protocols().map((name, id) => [name, id]));
// One lookup validates and finds the id (check.protocol's list is the same names).
const protocolId = (protocol) => protocolIds.get(protocol) ?? check.protocol(protocol);
const read = (out) => (typeof out === 'string' ? readTape(out, scratch) : readTape(out[0], out[1] ?? scratch, out[2]));

function encodeRequest(protocol, request) {
  check.protocol(protocol);
  check.object(request, 'request');
  return call(() => binding.encodeRequest(protocol, json(request)));
}
function decodeRequest(protocol, bytes) {
  const id = protocolId(protocol);
  check.bytes(bytes);
  return read(call(() => binding.decodeRequest(id, bytes, scratch)));
}
function encodeResponse(protocol, response) {
  check.protocol(protocol);
  check.object(response, 'response');
  return call(() => binding.encodeResponse(protocol, json(response)));
}
function decodeResponse(protocol, bytes, options) {
  const id = protocolId(protocol);
  check.bytes(bytes);
  check.object(options, 'options');
  return read(call(() => binding.decodeResponse(id, bytes, options == null ? undefined : json(options), scratch)));
}

/** Whole packets out of pieces (a TCP stream, or A2S split datagrams): `push(chunk)` → complete packets. */
class FrameDecoder {
  #inner;
  constructor(protocol, options) {
    check.protocol(protocol);
    check.object(options, 'options');
    this.#inner = call(() => new binding.FrameDecoder(protocol, options?.maxFrame, options?.goldSrc));
  }
  push(chunk) {
    check.bytes(chunk, 'chunk');
    return call(() => this.#inner.push(chunk));
  }
}

let nextCallId = 1;

/** Runs `start(id)` with `signal` wired to the addon's abort(id); errors name the target as given. */
async function withSignal(signal, target, start) {
  const id = nextCallId++;
  const onAbort = () => binding.abort(id);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await start(id);
  } catch (e) {
    const err = e?.message?.includes('GQ_ABORTED') && signal?.aborted ? abortError(signal) : fromNative(e);
    if (err instanceof GameQueryError && target !== undefined) err.target = target;
    throw err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Queries one server and resolves with its Status; `raw` holds everything it sent. */
async function query(protocol, target, options) {
  const { signal, trace, rest } = networkArgs(protocol, target, options);
  return read(await withSignal(signal, target, (id) => binding.query(protocol, json(target), json(rest), id, trace)));
}

/**
 * Queries many servers with at most `concurrency` (default 16; `Infinity` for no limit) in
 * flight, yielding `{ target, status }` or `{ target, error }` as each finishes. `targets`
 * holds `{ protocol, target, options? }` items, or plain targets with `options.protocol`;
 * options under a protocol's name (`{ samp: { players: 'c' } }`) apply to its items only.
 * The core's bulk engine runs them (UDP on a few shared sockets, paced to what the
 * receive buffers hold); breaking out of the loop cancels what is still running.
 */
async function* queryMany(targets, options) {
  const { given, items, shared, signal, trace, targetOf } = manyArgs(targets, options);
  let run;
  try {
    run = await binding.queryMany(json(items), json(shared), trace);
  } catch (e) {
    throw fromNative(e);
  }
  const onAbort = () => run.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  // One array for every batch's numbers: a new one per batch waits for the GC.
  const numbers = new Float64Array(1 << 16);
  try {
    for (let batch = await run.next(numbers); batch != null; batch = await run.next(numbers)) {
      const [text, count, wide] = batch;
      const next = typeof count === 'number' ? readTape.each(text, numbers, count, wide) : readTape.each(text, count, count.length, wide);
      for (let head = next(); head !== undefined; head = next()) {
        if (typeof head === 'number') {
          yield { target: given[head], status: next() };
          continue;
        }
        const error = head.code === 'GQ_ABORTED' && signal?.aborted ? abortError(signal) : new GameQueryError(head);
        error.target = targetOf(head.index);
        yield { target: given[head.index], error };
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    run.cancel();
  }
}

/** Runs a console command; resolves with the lines it printed (`[]` for none, once `idle` passed). */
async function rcon(protocol, target, options, command) {
  const { signal, trace, rest } = networkArgs(protocol, target, options, ['samp', 'minecraft-java', 'a2s']);
  checkCommand(command);
  return withSignal(signal, target, (id) => binding.rcon(protocol, json(target), json(rest), command, id, trace));
}

/** Logs in once; `run(command)` then runs commands on that connection, one after another. */
async function rconSession(protocol, target, options) {
  // Every protocol name passes here: the core says why a session is for Minecraft only.
  const { signal, trace, rest } = networkArgs(protocol, target, options);
  if (trace) throw invalid('options.trace is not available for rconSession');
  const inner = await withSignal(signal, target, (id) => binding.rconSession(protocol, json(target), json(rest), id));
  return rconSessionObject(
    (command, runSignal) => withSignal(runSignal, target, (id) => inner.run(command, id)),
    () => inner.close(),
  );
}

/** Answers queries for `state` until `close()`. */
async function serve(protocol, state, options) {
  const { handler, options: core } = serveArgs(protocol, state, options);
  const server = await withSignal(undefined, undefined, () =>
    binding.serve(protocol, json(state), json(core), handler));
  // The socket lives on the addon's threads, which don't keep Node running: this does.
  const keepAlive = setInterval(() => {}, 1 << 30);
  let closed = false;
  return {
    address: server.address,
    port: server.port,
    ...(server.rconPort == null ? {} : { rconPort: server.rconPort }),
    update(next) {
      check.object(next, 'state');
      call(() => server.update(json(next)));
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(keepAlive);
      await server.close();
    },
  };
}

module.exports = {
  encodeRequest, decodeRequest, encodeResponse, decodeResponse, encodeVarInt, decodeVarInt, FrameDecoder,
  query, queryMany, rcon, rconSession, serve,
};
