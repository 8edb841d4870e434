'use strict';
// The native engine: thin glue over the addon (binding.js). Protocol logic lives in the
// Rust core; this file adapts JS conventions (AbortSignal, trace and RCON handler
// functions) and shares argument checks, results, errors and VarInt with gamequery-wasm.
const binding = require('./binding.js');
const { GameQueryError, SERVE_PROTOCOLS, tapeReader, encodeVarInt, decodeVarInt, call, check, fromNative, invalid, codecApi } = require('gamequery-wasm/glue');
const { abortError, callError, networkArgs, rconArgs, manyArgs, serveArgs, rconSessionObject, responderObject, describeArgs, json, INTERNALS } = require('gamequery-wasm/calls');

// Arguments cross as JSON text; results come back as a tape the shared reader builds.
// Synchronous calls get their numbers written into `scratch` and return only the text,
// with the wide text (non-ASCII strings) after it from the offset in scratch's last slot
// (`[text, null, wide]` when some of those hold characters past U+00FF).
const readTape = tapeReader(() => binding.shapes());
const scratch = new Float64Array(4096);
// The sync decoders take a protocol's id: a number crosses Node-API 40 ns cheaper than a string.
const protocolIds = new Map(binding.protocols().map((name, id) => [name, id]));
const read = (out) => (typeof out === 'string' ? readTape(out, scratch, out, scratch[scratch.length - 1]) : readTape(out[0], out[1] ?? scratch, out[2]));

// The codec functions, checked and their errors mapped by the glue both engines share.
const { encodeRequest, decodeRequest, encodeResponse, decodeResponse, FrameDecoder } = codecApi({
  encodeRequest: (protocol, request) => binding.encodeRequest(protocol, json(request)),
  decodeRequest: (protocol, bytes) => read(binding.decodeRequest(protocolIds.get(protocol), bytes, scratch)),
  encodeResponse: (protocol, response) => binding.encodeResponse(protocol, json(response)),
  decodeResponse: (protocol, bytes, options) =>
    read(binding.decodeResponse(protocolIds.get(protocol), bytes, options == null ? undefined : json(options), scratch)),
  frames: (protocol, options) => new binding.FrameDecoder(protocol, options?.maxFrame, options?.goldSrc),
});

let nextCallId = 1;

/** Runs `start(id)` with `signal` wired to the addon's abort(id); errors name the target as given. */
async function withSignal(signal, target, start) {
  const id = nextCallId++;
  const onAbort = () => binding.abort(id);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await start(id);
  } catch (e) {
    throw callError(e, signal, target);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

// Queries the core's shared engine runs (bindings-node/src/single.rs), by id: the engine's
// thread settles them here, with no async export's runtime worker in between.
const settling = new Map();
const single = new binding.SingleQueries((id, result) => {
  const call = settling.get(id);
  if (call === undefined) return;
  settling.delete(id);
  // No query in flight: Node need not wait for the engine.
  if (settling.size === 0) single.hold(false);
  // A string is an error's message, which callError reads as the async export's rejection.
  if (typeof result === 'string') call.reject({ message: result });
  else call.resolve(result);
});

/** Queries one server and resolves with its Status; `raw` holds everything it sent. */
async function query(protocol, target, options) {
  const { signal, trace, rest } = networkArgs(protocol, target, options, null);
  return read(await withSignal(signal, target, (id) => start(protocol, json(target), json(rest), id, signal, trace)));
}

/** On the shared engine when the query can run there (not traced), else as a call of its own. */
function start(protocol, target, rest, id, signal, trace) {
  if (trace === undefined && single.submit(protocol, target, rest, id, signal != null)) {
    return new Promise((resolve, reject) => {
      if (settling.size === 0) single.hold(true);
      settling.set(id, { resolve, reject });
    });
  }
  return binding.query(protocol, target, rest, id, trace);
}

/**
 * Queries many servers with at most `concurrency` (default 16; `Infinity` for no limit) in
 * flight, yielding `{ target, status }` or `{ target, error }` as each finishes. `targets`
 * holds `{ protocol, target, options? }` items, or plain targets with `options.protocol`;
 * options under a protocol's name (`{ samp: { players: 'c' } }`) apply to its items only.
 * The core's bulk engine runs them (UDP on a few shared sockets, paced to what the
 * receive buffers hold); breaking out of the loop cancels what is still running.
 */
function queryMany(targets, options) {
  return new ManyResults(targets, options);
}

/**
 * `queryMany`'s async iterator, written out rather than an async generator: V8 compiles
 * a generator's whole resumable body when it gets hot (~7 ms of a compile thread per
 * process: 7 µs per query of a 1000-query run), and resumes it through more promises per
 * result. Arguments are checked, and the run starts, at the first `next()`.
 */
class ManyResults {
  constructor(targets, options) {
    this.args = [targets, options];
    this.run = undefined;
    this.done = false;
    this.waiting = undefined;
    // One array for every batch's numbers: a new one per batch waits for the GC.
    this.numbers = undefined;
    this.pull = () => undefined;
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  next() {
    // Calls that overlap (without `for await`) are answered in order, as a generator's.
    if (this.waiting !== undefined) return this.waiting.then(() => this.next(), () => this.next());
    const item = this.done ? undefined : this.take();
    if (item !== undefined) return Promise.resolve({ value: item, done: false });
    const waiting = this.nextBatch();
    const clear = () => {
      this.waiting = undefined;
    };
    waiting.then(clear, clear);
    this.waiting = waiting;
    return waiting;
  }

  async nextBatch() {
    if (this.run === undefined && !this.done) await this.start();
    while (!this.done) {
      const batch = await this.run.next(this.numbers);
      if (batch == null) break;
      const [text, count, wide] = batch;
      this.pull = typeof count === 'number' ? readTape.each(text, this.numbers, count, wide) : readTape.each(text, count, count.length, wide);
      const item = this.take();
      if (item !== undefined) return { value: item, done: false };
    }
    this.close();
    return { value: undefined, done: true };
  }

  async start() {
    const [targets, options] = this.args;
    this.args = undefined;
    let args;
    let run;
    try {
      args = manyArgs(targets, options);
      run = await binding.queryMany(json(args.items), json(args.shared), args.trace);
    } catch (e) {
      this.done = true;
      throw fromNative(e);
    }
    // return() came while it started.
    if (this.done) return run.cancel();
    this.run = run;
    this.given = args.given;
    this.signal = args.signal;
    this.targetOf = args.targetOf;
    this.onAbort = () => this.run.abort();
    this.signal?.addEventListener('abort', this.onAbort, { once: true });
    this.numbers = new Float64Array(1 << 16);
  }

  /** The batch's next `{ target, status }` or `{ target, error }`; undefined at its end. */
  take() {
    const head = this.pull();
    if (head === undefined) return undefined;
    if (typeof head === 'number') return { target: this.given[head], status: this.pull() };
    const error = head.code === 'GQ_ABORTED' && this.signal?.aborted ? abortError(this.signal) : new GameQueryError(head);
    error.target = this.targetOf(head.index);
    return { target: this.given[head.index], error };
  }

  /** Breaking out of `for await` lands here: what is still running is cancelled. */
  async return(value) {
    this.close();
    return { value, done: true };
  }

  close() {
    if (this.done) return;
    this.done = true;
    this.pull = () => undefined;
    this.signal?.removeEventListener('abort', this.onAbort);
    this.run?.cancel();
  }
}

/** Runs a console command; resolves with the lines it printed (`[]` for none, once `idle` passed). */
async function rcon(protocol, target, options, command) {
  const { signal, trace, rest } = rconArgs(protocol, target, options, command);
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
  return responderObject(server, (state) => server.update(state), async () => {
    clearInterval(keepAlive);
    await server.close();
  }, () => server.dropped());
}

/** A state to serve for `protocol`: what `gamequery serve` answers with; `{ game, port }` fit it. */
function sampleState(protocol, options) {
  check.protocol(protocol, SERVE_PROTOCOLS);
  check.object(options, 'options');
  return JSON.parse(call(() => binding.sampleState(protocol, json(options ?? {}))));
}

/** A status for people: labelled fields, sections, notes, warnings (what the CLI prints). */
function describeStatus(status, options) {
  const [text, color] = describeArgs(status, options);
  return JSON.parse(call(() => binding.describeStatus(text, color)));
}

/**
 * What `gamequery/gamedig` asks the core (not public API): gamedig's options as a query
 * of ours, a status in gamedig's result shape, gamedig's `games`.
 */
const gamedig = {
  plan: (options, listenUdpPort) => JSON.parse(call(() => binding.gamedigPlan(JSON.stringify(options), listenUdpPort))),
  // The core shapes the result inside the call (its internal `gamedigShape` option): one crossing, no JSON.
  query: (plan) => query(plan.name, plan.target, { ...plan.options, gamedigShape: { rules: plan.rulesRequired, players: plan.playersRequired } }),
  games: () => JSON.parse(binding.gamedigGames()),
};

module.exports = {
  encodeRequest, decodeRequest, encodeResponse, decodeResponse, encodeVarInt, decodeVarInt, FrameDecoder,
  query, queryMany, rcon, rconSession, serve, describeStatus, sampleState,
  [INTERNALS]: { gamedig },
};
