// `rconSession` on the WASM engine: the core's Source RCON session (login, commands in
// order, its deadlines' errors) over one TCP connection of the host's transport. This file
// keeps the connection and the timers; what to send and what a reply means are the core's.
// build.mjs writes session.cjs from this file.
import { fromNative, call, gqError, invalid, isGameQueryError } from './glue.mjs';
import { abortError, networkArgs, rconSessionObject, json, refusal } from './calls.mjs';

/** Logs in once, then runs commands on that connection. `hostResolves`: the transport opens names. */
export async function runSession(wasm, transport, hostResolves, protocol, target, options) {
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
  // The session reading what came (a trap there is a bug of ours: the waiting command's
  // GQ_INTERNAL, and the end of the session), then its next event.
  const guarded = (f) => {
    try {
      f();
    } catch (e) {
      return fail(fromNative(e));
    }
    pump();
  };
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
      data: (bytes) => guarded(() => s.input(bytes)),
      closed: () => guarded(() => s.closed()),
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
  // Made now: after a trap the session's module may not answer again.
  const closedMessage = fromNative(s.failed('the RCON session is closed')).message;
  const closed = () => {
    try {
      return fromNative(s.failed('the RCON session is closed'));
    } catch {
      return gqError('GQ_NETWORK', closedMessage);
    }
  };
  return rconSessionObject(async (command, sig) => {
    // As natively: once a command failed (or close()), every later one is refused.
    if (broken) throw closed();
    call(() => s.command(command));
    const lines = await next(sig);
    return lines;
  }, async () => {
    fail(closed());
  });
}
