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

