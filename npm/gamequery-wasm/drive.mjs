// One sans-IO `Call` of the core (a query or an RCON command) run over the host's
// transport: every IO it asks for performed, every event fed back, its deadline kept by a
// timer. Which packet to send, when to retry and what a reply means are the core's.
// build.mjs writes drive.cjs from this file.
import { fromNative, isGameQueryError } from './glue.mjs';
import { refusal } from './calls.mjs';

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
        timer = setTimeout(later(() => wasmCall.handleTimeout(now())), Math.max(0, at - now()));
      }
    };
    const later = (fn) => (...args) => {
      if (done) return;
      try {
        fn(...args);
      } catch (e) {
        // A trap of the core (a bug of ours) inside a host callback: this call's error.
        return finish(fromNative(e));
      }
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
          const [, id, kind, host, port, localAddress, localPort, tls] = io;
          const on = {
            data: later((bytes) => {
              trace?.({ direction: 'receive', bytes, address: host, port, time: now() });
              wasmCall.received(now(), id, bytes);
            }),
            closed: later(() => wasmCall.closed(now(), id)),
            refused: later(() => wasmCall.refused(now(), id)),
            failed: later((message) => wasmCall.failed(now(), id, String(message))),
            // Opened at once, then no reply (a `fetch` that failed), and why.
            unanswered: later((message) => wasmCall.unanswered(now(), id, String(message))),
            // The transport cannot carry what the call asks of it (raw TCP over `fetch`):
            // the caller's mistake, ending the call as a refused `open` does.
            unusable: (e) => finish(e),
          };
          given.add(id);
          Promise.resolve()
            .then(() => transport.open(kind, host, port, { localAddress, localPort, tls }, on))
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
                later(() => {
                  // `tlsFailure`: the transport's reason for a failed handshake.
                  if (tls && e?.tlsFailure) return wasmCall.tlsFailed(now(), id, e.tlsFailure, String(e.message ?? e));
                  if (refusal(e)) return wasmCall.refused(now(), id);
                  wasmCall.failed(now(), id, String(e?.message ?? e));
                })();
              },
            );
          return;
        }
        case 'send': {
          const [, id, bytes, shown] = io;
          const c = conns.get(id);
          if (!c) return;
          trace?.({ direction: 'send', bytes: shown ?? bytes, address: c.host, port: c.port, time: now() });
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
 * Runs `queryMany`'s items on the core's scheduler (`wasm.Many`), as the native engine
 * does: its datagrams go out on connected sockets of the host's, one per pair of scheduler
 * socket and server (Node reports "port unreachable" on connected ones only), each closed
 * when the core frees the pair; names are looked up by the host; what the core hands back
 * as a call of its own (TCP, a race, a console) runs as one. One timer for the whole batch.
 * `settled(index, status, error)` takes each result; `room()` says whether more may start;
 * `start(protocol, targetJson, optionsJson)` makes an item's call; `failed(error)` takes a
 * trap of the core, which ends the run.
 */
export function runMany(many, transport, { trace, read, start, settled, room, failed }) {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const pairs = new Map();
  const calls = new Set();
  let timer;
  let armedAt;
  let stopped = false;

  const later = (fn) => (...args) => {
    if (stopped) return;
    try {
      fn(...args);
    } catch (e) {
      return fail(e);
    }
    pump();
  };

  function open(socket, address, port) {
    const pair = { conn: null, queue: [], closed: false };
    const live = (fn) => later((...args) => pair.closed || fn(...args));
    const on = {
      data: live((bytes) => {
        if (many.received(now(), socket, address, port, bytes)) trace?.({ direction: 'receive', bytes, address, port, time: now() });
      }),
      closed: () => {},
      refused: live(() => many.refused(now(), socket, address, port)),
      failed: live((message) => many.failed(now(), socket, address, port, String(message), false)),
    };
    Promise.resolve()
      .then(() => transport.open('udp', address, port, {}, on))
      .then(
        (conn) => {
          if (pair.closed || stopped) return conn.close();
          pair.conn = conn;
          for (const bytes of pair.queue) conn.send(bytes);
          pair.queue = null;
        },
        live((e) => {
          if (refusal(e)) return many.refused(now(), socket, address, port);
          // The transport cannot carry datagrams (no `datagram` given): the caller's mistake.
          const invalid = isGameQueryError(e) && e.code === 'GQ_INVALID_ARGUMENT';
          many.failed(now(), socket, address, port, String(e?.message ?? e), invalid);
        }),
      );
    return pair;
  }

  function io([kind, socket, address, port, bytes]) {
    const key = `${socket} ${address} ${port}`;
    let pair = pairs.get(key);
    if (kind === 'close') {
      if (!pair) return;
      pair.closed = true;
      pair.conn?.close();
      pairs.delete(key);
      return;
    }
    if (!pair) pairs.set(key, (pair = open(socket, address, port)));
    trace?.({ direction: 'send', bytes, address, port, time: now() });
    if (pair.conn) pair.conn.send(bytes);
    else pair.queue.push(bytes);
  }

  function alone(index, protocol, target, options) {
    const end = new AbortController();
    const ended = (status, error) => {
      calls.delete(end);
      if (many.endedAlone(index)) settled(index, status, error);
    };
    let wasmCall;
    try {
      wasmCall = start(protocol, target, options);
    } catch (e) {
      return ended(undefined, e);
    }
    calls.add(end);
    runCall(wasmCall, transport, { signal: end.signal, trace, read }).then(
      later((status) => ended(status)),
      later((e) => ended(undefined, fromNative(e))),
    );
  }

  function event(e) {
    switch (e[0]) {
      case 'done':
        return settled(e[1], read(e[2]));
      case 'failed':
        return settled(e[1], undefined, fromNative(e[2]));
      case 'lookup': {
        const [, id, host, family] = e;
        Promise.resolve()
          .then(() => transport.lookup(host, family))
          .then(
            later((addresses) => many.resolved(now(), id, addresses, undefined)),
            later((err) => many.resolved(now(), id, [], String(err?.message ?? err))),
          );
        return;
      }
      case 'alone':
        return alone(e[1], e[2], e[3], e[4]);
      default:
        throw new Error(`unknown event ${e[0]}`);
    }
  }

  function pump() {
    if (stopped) return;
    try {
      many.startQueued(now(), room());
      for (let x = many.pollIo(); x !== undefined; x = many.pollIo()) io(x);
      for (let e = many.pollEvent(); e !== undefined; e = many.pollEvent()) event(e);
      const at = many.pollTimeout();
      if (at === armedAt) return;
      clearTimeout(timer);
      armedAt = at;
      if (at !== undefined) {
        timer = setTimeout(later(() => {
          armedAt = undefined;
          many.handleTimeout(now());
        }), Math.max(0, at - now()));
      }
    } catch (e) {
      fail(e);
    }
  }

  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    for (const pair of pairs.values()) pair.conn?.close();
    pairs.clear();
    for (const end of calls) end.abort();
    calls.clear();
  }

  function fail(e) {
    stop();
    failed(fromNative(e));
  }

  return {
    pump,
    stop,
    /** Every item without a result, ended (the caller's signal fired): their indexes. */
    abort() {
      const live = stopped ? [] : [...many.abortAll()];
      stop();
      return live;
    },
  };
}
