// Runs the core's sans-IO calls and responders (compiled to WebAssembly) over sockets the
// host provides: Node's dgram/net/dns (gamequery's WASM engine), a Worker's `connect()`,
// a WebSocket relay. This file only moves bytes and keeps timers: which packet to send,
// when to retry, what a reply means and when a call is done are the core's decisions.
// build.mjs writes engine.cjs from this file for CommonJS callers.
import { GameQueryError, isGameQueryError, fromNative, call, check, tapeReader, invalid, codecApi } from './glue.mjs';
import { abortError, callError, networkArgs, rconArgs, manyArgs, rconSessionObject, describeArgs } from './calls.mjs';
import { createServe } from './responders.mjs';

/**
 * A transport: what the host can do. Every member is optional except `open`.
 *   lookup(host, family, server?) → Promise<string[]>   addresses; absent: `open` takes names
 *   srv(name, server?) → Promise<[target, port, priority, weight][]>
 *   open(kind: 'udp' | 'tcp', host, port, { localAddress, localPort }, on) → Promise<{ send(bytes), close() }>
 *     where `on` is { data(bytes), closed(), refused(), failed(message) }; a rejected
 *     promise with `code: 'ECONNREFUSED'` means nothing listens there
 *   udpServer(host, port, onMessage(bytes, address, port)) → Promise<{ address, port, send(bytes, address, port), close() }>
 *   tcpServer(host, port, onConnection({ write(bytes), end(), destroy(), on: { data, close } })) → Promise<{ address, port, close() }>
 */

const seed = () => crypto.getRandomValues(new Uint32Array(2));
const json = (value) => JSON.stringify(value ?? null);
const refusal = (e) => e?.code === 'ECONNREFUSED';

/** Runs one `Call` to its end: the result's tape read by `read`, or the error. */
export function runCall(wasmCall, transport, { signal, trace, read }) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const conns = new Map();
    const given = new Set();
    let timer;
    let done = false;

    const finish = (error, value) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      for (const c of conns.values()) c.close();
      conns.clear();
      if (error) reject(error);
      else resolve(value);
    };
    // Every answer from the host goes in, then whatever the call wants next goes out.
    const pump = () => {
      if (done) return;
      try {
        for (let io = wasmCall.pollIo(); io !== undefined; io = wasmCall.pollIo()) perform(io);
        const result = wasmCall.pollResult();
        if (result !== undefined) return finish(null, read(result));
      } catch (e) {
        return finish(fromNative(e));
      }
      clearTimeout(timer);
      const at = wasmCall.pollTimeout();
      if (at !== undefined) {
        timer = setTimeout(() => {
          wasmCall.handleTimeout(now());
          pump();
        }, Math.max(0, at - now()));
      }
    };
    const later = (fn) => (...args) => {
      if (done) return;
      fn(...args);
      pump();
    };
    const onAbort = later(() => wasmCall.abort());

    function perform(io) {
      switch (io[0]) {
        case 'srv': {
          const [, name, server] = io;
          if (!transport.srv) return wasmCall.srv(now(), []);
          transport.srv(name, server).then(
            later((records) => wasmCall.srv(now(), records.flat())),
            later(() => wasmCall.srv(now(), [])),
          );
          return;
        }
        case 'resolve': {
          const [, host, family, server] = io;
          transport.lookup(host, family, server).then(
            later((addresses) => wasmCall.resolved(now(), addresses, undefined)),
            later((e) => wasmCall.resolved(now(), [], String(e?.message ?? e))),
          );
          return;
        }
        case 'open': {
          const [, id, kind, host, port, localAddress, localPort] = io;
          const on = {
            data: later((bytes) => {
              trace?.({ direction: 'receive', bytes, address: host, port, time: now() });
              wasmCall.received(now(), id, bytes);
            }),
            closed: later(() => wasmCall.closed(now(), id)),
            refused: later(() => wasmCall.refused(now(), id)),
            failed: later((message) => wasmCall.failed(now(), id, String(message))),
          };
          given.add(id);
          Promise.resolve()
            .then(() => transport.open(kind, host, port, { localAddress, localPort }, on))
            .then(
              (conn) => {
                // Given up on while it opened: the call moved on.
                if (done || !given.has(id)) return conn.close();
                conns.set(id, { ...conn, host, port });
                later(() => wasmCall.opened(now(), id))();
              },
              (e) => {
                // The transport cannot carry this protocol (no `datagram` given for UDP …):
                // the caller's mistake, said as such rather than as a network failure.
                if (isGameQueryError(e) && e.code === 'GQ_INVALID_ARGUMENT') return finish(e);
                later(() => (refusal(e) ? wasmCall.refused(now(), id) : wasmCall.failed(now(), id, String(e?.message ?? e))))();
              },
            );
          return;
        }
        case 'send': {
          const [, id, bytes] = io;
          const c = conns.get(id);
          if (!c) return;
          trace?.({ direction: 'send', bytes, address: c.host, port: c.port, time: now() });
          c.send(bytes);
          return;
        }
        case 'close': {
          given.delete(io[1]);
          conns.get(io[1])?.close();
          conns.delete(io[1]);
          return;
        }
        default:
          throw new Error(`unknown io ${io[0]}`);
      }
    }

    signal?.addEventListener('abort', onAbort, { once: true });
    pump();
  });
}

/**
 * The network API over `transport`: `query`, `queryMany`, `rcon`, `serve`, with the
 * arguments, results and errors of the native engine. `hostResolves`: `open` takes
 * names (there is no `lookup`).
 */
export function createEngine(wasm, transport, readTape) {
  const hostResolves = typeof transport.lookup !== 'function';
  const read = ([text, values, wide]) => readTape(text, values, wide);
  const settle = async (signal, target, run) => {
    try {
      return await run();
    } catch (e) {
      throw callError(e, signal, target);
    }
  };
  const start = (protocol, targetJson, optionsJson) => {
    const [hi, lo] = seed();
    return call(() => wasm.Call.query(protocol, targetJson, optionsJson, hi, lo, hostResolves));
  };

  async function query(protocol, target, options) {
    const { signal, trace, rest } = networkArgs(protocol, target, options);
    return settle(signal, target, () => runCall(start(protocol, json(target), json(rest)), transport, { signal, trace, read }));
  }

  async function rcon(protocol, target, options, command) {
    const { signal, trace, rest } = rconArgs(protocol, target, options, command);
    const [hi, lo] = seed();
    const c = call(() => wasm.Call.rcon(protocol, json(target), json(rest), command, hi, lo, hostResolves));
    return settle(signal, target, () => runCall(c, transport, { signal, trace, read }));
  }

  /** Logs in once, then runs commands on that connection: the core's session, our socket and timers. */
  async function rconSession(protocol, target, options) {
    // Every protocol name passes here: the core says why a session is for Minecraft only.
    const { signal, trace, rest } = networkArgs(protocol, target, options);
    if (trace) throw invalid('options.trace is not available for rconSession');
    const s = call(() => new wasm.RconSession(protocol, json(target), json(rest)));
    const [host, port, family, timeout] = s.endpoint();
    let conn;
    let broken = null;
    let waiter = null;
    let failOpen = () => {};
    const fail = (error) => {
      broken ??= error;
      conn?.close();
      failOpen(broken);
      const w = waiter;
      waiter = null;
      w?.reject(broken);
    };
    // Bytes out, then the session's next event to whoever waits for one.
    const pump = () => {
      try {
        if (conn) for (let b = s.transmit(); b !== undefined; b = s.transmit()) conn.send(b);
        if (!waiter) return;
        const event = s.event();
        if (event === undefined) return;
        const w = waiter;
        waiter = null;
        w.resolve(event);
      } catch (e) {
        fail(fromNative(e));
      }
    };
    /** The session's next event within the deadline; a deadline or an abort ends the session. */
    const next = (sig) => new Promise((resolve, reject) => {
      if (broken) return reject(broken);
      const onAbort = () => fail(abortError(sig));
      const timer = setTimeout(() => fail(fromNative(s.timedOut())), timeout);
      const done = () => {
        clearTimeout(timer);
        sig?.removeEventListener('abort', onAbort);
      };
      sig?.addEventListener('abort', onAbort, { once: true });
      waiter = { resolve: (v) => (done(), resolve(v)), reject: (e) => (done(), reject(e)) };
      pump();
    });
    const login = next(signal);
    const opening = new Promise((_, reject) => (failOpen = reject));
    opening.catch(() => {});
    try {
      let address = host;
      if (!hostResolves) {
        const found = await Promise.race([transport.lookup(host, family).catch((e) => {
          throw fromNative(s.dnsFailed(String(e?.message ?? e)));
        }), opening]);
        if (!found.length) throw fromNative(s.dnsFailed('no address'));
        address = found[0];
      }
      s.connected(address);
      conn = await Promise.race([Promise.resolve().then(() => transport.open('tcp', address, port, {}, {
        data: (bytes) => (s.input(bytes), pump()),
        closed: () => (s.closed(), pump()),
        refused: () => fail(fromNative(s.refused())),
        failed: (message) => fail(fromNative(s.failed(String(message)))),
      })).catch((e) => {
        if (isGameQueryError(e)) throw e;
        throw fromNative(refusal(e) ? s.refused() : s.failed(String(e?.message ?? e)));
      }), opening]);
      if (broken) conn.close();
      pump();
      await login;
    } catch (e) {
      fail(e);
      login.catch(() => {});
      throw broken;
    }
    return rconSessionObject(async (command, sig) => {
      // As natively: once a command failed (or close()), every later one is refused.
      if (broken) throw fromNative(s.failed('the RCON session is closed'));
      call(() => s.command(command));
      const lines = await next(sig);
      return lines;
    }, async () => {
      fail(fromNative(s.failed('the RCON session is closed')));
    });
  }

  async function* queryMany(targets, options) {
    const { given, items, shared, signal, trace, targetOf } = manyArgs(targets, options);
    const flat = call(() => wasm.prepareMany(json(items), json(shared)));
    // Each query here has a socket of its own: bound what one batch holds open.
    const limit = Math.min(flat.pop() || Infinity, 512);
    // Ends what still runs: the caller's signal, or leaving the loop. Each query has a
    // signal of its own: hundreds of listeners on one signal make Node warn of a leak.
    const runs = new AbortController();
    const ends = new Set();
    runs.signal.addEventListener('abort', () => ends.forEach((end) => end.abort()), { once: true });
    const finished = [];
    let wake = null;
    let next = 0;
    let running = 0;
    const settled = (i, status, error) => {
      running--;
      finished.push([i, status, error]);
      wake?.();
      wake = null;
    };
    const launch = () => {
      while (running < limit && next < given.length && !runs.signal.aborted) {
        const i = next++;
        running++;
        let wasmCall;
        try {
          wasmCall = start(flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]);
        } catch (e) {
          settled(i, undefined, e);
          continue;
        }
        const end = new AbortController();
        ends.add(end);
        runCall(wasmCall, transport, { signal: end.signal, trace, read }).then(
          (status) => (ends.delete(end), settled(i, status)),
          (e) => (ends.delete(end), settled(i, undefined, fromNative(e))),
        );
      }
    };
    const onAbort = () => runs.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (let delivered = 0; delivered < given.length;) {
        launch();
        // As the native engine does: what did not start ends as aborted too.
        if (signal?.aborted) for (; next < given.length; next++) finished.push([next, undefined, abortError(signal)]);
        if (!finished.length) await new Promise((r) => (wake = r));
        while (finished.length) {
          const [i, status, error] = finished.shift();
          delivered++;
          if (status !== undefined) {
            yield { target: given[i], status };
            continue;
          }
          const err = error instanceof GameQueryError && error.code === 'GQ_ABORTED' && signal?.aborted ? abortError(signal) : error;
          if (err instanceof GameQueryError) err.target = targetOf(i);
          yield { target: given[i], error: err };
        }
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      runs.abort();
    }
  }

  const serve = createServe(wasm, transport);

  /** A status for people: labelled fields, sections, notes, warnings (what the CLI prints). */
  function describeStatus(status, options) {
    const [text, color] = describeArgs(status, options);
    return JSON.parse(call(() => wasm.describeStatus(text, color)));
  }

  return { query, queryMany, rcon, rconSession, serve, describeStatus };
}

/**
 * A transport from WHATWG-style sockets: `connect({ hostname, port })` returns
 * `{ readable, writable, close(), opened? }` (a Worker's `cloudflare:sockets`), and
 * `datagram({ hostname, port })` the same shape with one datagram per chunk (a WebSocket
 * relay, the Direct Sockets API). Names are resolved by the host when it connects.
 */
export function socketTransport({ connect, datagram }) {
  const wrap = (socket, on) => {
    const writer = socket.writable.getWriter();
    const reader = socket.readable.getReader();
    let closing = false;
    (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          on.data(value instanceof Uint8Array ? value : new Uint8Array(value));
        }
        if (!closing) on.closed();
      } catch (e) {
        if (!closing) on.failed(String(e?.message ?? e));
      }
    })();
    return {
      send: (bytes) => writer.write(bytes).catch((e) => on.failed(String(e?.message ?? e))),
      close: () => {
        closing = true;
        try {
          Promise.resolve(socket.close()).catch(() => {});
        } catch {}
      },
    };
  };
  return {
    async open(kind, hostname, port, _local, on) {
      const open = kind === 'tcp' ? connect : datagram;
      if (typeof open !== 'function') {
        throw new GameQueryError({
          code: 'GQ_INVALID_ARGUMENT',
          message: kind === 'tcp'
            ? 'this protocol runs over TCP: give options.connect({ hostname, port }) returning { readable, writable, close }'
            : 'this protocol runs over UDP: give options.datagram({ hostname, port }) returning { readable, writable, close }',
        });
      }
      const socket = await open({ hostname, port });
      if (socket.opened) await socket.opened;
      return wrap(socket, on);
    },
  };
}

/** The package's API over one instance of the WASM core: the codec, and the network API. */
export function wasmApi(wasm) {
  const readTape = tapeReader(() => wasm.shapes());
  // Queries over the host's sockets: `options.connect` (TCP) and `options.datagram` (UDP).
  const overSockets = (options) => {
    const { connect, datagram, ...rest } = options ?? {};
    return [createEngine(wasm, socketTransport({ connect, datagram }), readTape), rest];
  };
  return {
    ...codecApi(wasm, readTape),
    query(protocol, target, options) {
      check.object(options, 'options');
      const [engine, rest] = overSockets(options);
      return engine.query(protocol, target, rest);
    },
    rcon(protocol, target, options, command) {
      check.object(options, 'options');
      const [engine, rest] = overSockets(options);
      return engine.rcon(protocol, target, rest, command);
    },
    rconSession(protocol, target, options) {
      check.object(options, 'options');
      const [engine, rest] = overSockets(options);
      return engine.rconSession(protocol, target, rest);
    },
    queryMany(targets, options) {
      check.object(options, 'options');
      const [engine, rest] = overSockets(options);
      return engine.queryMany(targets, rest);
    },
    /** The whole network API (query, queryMany, rcon, rconSession, serve) over a transport of yours. */
    createEngine: (transport) => createEngine(wasm, transport, readTape),
  };
}
