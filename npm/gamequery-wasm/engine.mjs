// The network API of the core compiled to WebAssembly, over sockets the host provides:
// Node's dgram/net/dns (gamequery's WASM engine), a Worker's `connect()`, a WebSocket
// relay. One call and queryMany's scheduler run in drive.mjs, an RCON session in
// session.mjs, responders in responders.mjs; here: the API, and a transport from socket
// functions.
// build.mjs writes engine.cjs from this file for CommonJS callers.
import { GameQueryError, SERVE_PROTOCOLS, fromNative, call, check, tapeReader, wasmCodec } from './glue.mjs';
import { abortError, callError, networkArgs, rconArgs, manyArgs, describeArgs, json, refusal, INTERNALS } from './calls.mjs';
import { createServe } from './responders.mjs';
import { runCall, runMany } from './drive.mjs';
import { runSession } from './session.mjs';

/**
 * A transport: what the host can do. Every member is optional except `open`.
 *   lookup(host, family, server?) → Promise<string[]>   addresses; absent: `open` takes names
 *   srv(name, server?) → Promise<[target, port, priority, weight][]>
 *   open(kind: 'udp' | 'tcp', host, port, { localAddress, localPort, tls }, on) → Promise<{ send(bytes), close() }>
 *     where `on` is { data(bytes), closed(), refused(), failed(message) }; a rejected
 *     promise with `code: 'ECONNREFUSED'` means nothing listens there. `tls`:
 *     `{ serverName, ca?, insecure }`, a handshake to make before resolving; a rejection
 *     with `tlsFailure` ('untrusted' | 'name' | 'expired' | 'not-tls' | 'other') is its failure
 *   udpServer(host, port, onMessage(bytes, address, port)) → Promise<{ address, port, send(bytes, address, port), close() }>
 *   tcpServer(host, port, onConnection({ write(bytes), end(), destroy(), on: { data, close } }), tls?) → Promise<{ address, port, close() }>
 *     `tls`: `{ cert, key }` (PEM): the connections speak TLS, handshaken before onConnection
 */

// Each call's seed (its request ids and challenges), drawn from the host's CSPRNG 128 at a
// time: one `getRandomValues` per query was 2.7% of a bulk Minecraft run's CPU here.
const seeds = new Uint32Array(256);
let seedsLeft = 0;
const seed = () => {
  if (seedsLeft < 2) {
    crypto.getRandomValues(seeds);
    seedsLeft = seeds.length;
  }
  seedsLeft -= 2;
  return [seeds[seedsLeft], seeds[seedsLeft + 1]];
};

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
    const { signal, trace, rest } = networkArgs(protocol, target, options, null);
    return settle(signal, target, () => runCall(start(protocol, json(target), json(rest)), transport, { signal, trace, read }));
  }

  async function rcon(protocol, target, options, command) {
    const { signal, trace, rest } = rconArgs(protocol, target, options, command);
    const [hi, lo] = seed();
    const c = call(() => wasm.Call.rcon(protocol, json(target), json(rest), command, hi, lo, hostResolves));
    return settle(signal, target, () => runCall(c, transport, { signal, trace, read }));
  }

  /** Logs in once, then runs commands on that connection: the core's session, our socket and timers. */
  function rconSession(protocol, target, options) {
    return runSession(wasm, transport, hostResolves, protocol, target, options);
  }

  async function* queryMany(targets, options) {
    const { given, items, shared, signal, trace, targetOf } = manyArgs(targets, options);
    const finished = [];
    const ended = new Uint8Array(given.length);
    let wake = null;
    const settled = (i, status, error) => {
      ended[i] = 1;
      finished.push([i, status, error]);
      wake?.();
      wake = null;
    };
    // A trap of the core (a bug of ours) ends the scheduler: each item without a result
    // carries the error, as each does on the addon.
    const failed = (e) => ended.forEach((done, i) => done || settled(i, undefined, e));
    // Results not yet taken by the caller, at most, before more start (as the addon's engine).
    const room = () => finished.length < 512;
    const run = hostResolves ? eachCall(items, shared, trace, settled) : scheduled(items, shared, trace, settled, room, failed);
    const onAbort = () => {
      // As the native engine does: what did not finish ends as aborted.
      for (const i of run.abort()) settled(i, undefined, abortError(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (let delivered = 0; delivered < given.length;) {
        run.pump();
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
      run.stop();
    }
  }

  /** The items on the core's scheduler, over the host's sockets (see drive.mjs). */
  function scheduled(items, shared, trace, settled, room, failed) {
    const [hi, lo] = seed();
    const many = call(() => new wasm.Many(json(items), json(shared), hi, lo));
    return runMany(many, transport, { trace, read, start, settled, room, failed });
  }

  /**
   * Each item a call of its own, when the host opens sockets by name (no `lookup`: a
   * Worker's `connect()`): the scheduler needs addresses to route replies by.
   */
  function eachCall(items, shared, trace, settled) {
    const flat = call(() => wasm.prepareMany(json(items), json(shared)));
    // Each query here has a socket of its own: bound what one batch holds open.
    const limit = Math.min(flat.pop() || Infinity, 512);
    // Each query has a signal of its own: hundreds of listeners on one signal make Node
    // warn of a leak.
    const ends = new Set();
    let next = 0;
    let running = 0;
    let stopped = false;
    const done = (i, status, error) => {
      running--;
      settled(i, status, error);
    };
    return {
      pump() {
        while (running < limit && next < items.length && !stopped) {
          const i = next++;
          running++;
          let wasmCall;
          try {
            wasmCall = start(flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]);
          } catch (e) {
            done(i, undefined, e);
            continue;
          }
          const end = new AbortController();
          ends.add(end);
          runCall(wasmCall, transport, { signal: end.signal, trace, read }).then(
            (status) => (ends.delete(end), done(i, status)),
            (e) => (ends.delete(end), done(i, undefined, fromNative(e))),
          );
        }
      },
      abort() {
        // Not started: aborted here; started: their calls end as aborted.
        const never = [];
        for (; next < items.length; next++) never.push(next);
        this.stop();
        return never;
      },
      stop() {
        stopped = true;
        ends.forEach((end) => end.abort());
      },
    };
  }

  const serve = createServe(wasm, transport);

  /** A status for people: labelled fields, sections, notes, warnings (what the CLI prints). */
  function describeStatus(status, options) {
    const [text, color] = describeArgs(status, options);
    return JSON.parse(call(() => wasm.describeStatus(text, color)));
  }

  /** A state to serve for `protocol`: what `gamequery serve` answers with; `{ game, port }` fit it. */
  function sampleState(protocol, options) {
    check.protocol(protocol, SERVE_PROTOCOLS);
    check.object(options, 'options');
    return JSON.parse(call(() => wasm.sampleState(protocol, json(options ?? {}))));
  }

  /** What `gamequery/gamedig` asks the core (Node builds only; see gamequery's native.js). */
  const gamedig = {
    plan: (options, listenUdpPort) => JSON.parse(call(() => wasm.gamedigPlan(JSON.stringify(options), listenUdpPort))),
    // The status, then its gamedig shape (the native engine shapes it inside the call).
    query: async (plan) => {
      const status = await query(plan.name, plan.target, plan.options);
      return JSON.parse(call(() => wasm.gamedigResult(JSON.stringify(status), plan.rulesRequired, plan.playersRequired)));
    },
    games: () => JSON.parse(wasm.gamedigGames()),
  };

  return { query, queryMany, rcon, rconSession, serve, describeStatus, sampleState, [INTERNALS]: { gamedig } };
}

const tcpOnly = () => new GameQueryError({
  code: 'GQ_INVALID_ARGUMENT',
  message: 'this protocol runs over TCP: give options.connect({ hostname, port }) returning { readable, writable, close }',
});

/**
 * One HTTP request over the host's `fetch`, as a connection the core writes its request
 * on and reads the reply from: the core says what the bytes ask for (`fetchRequest`),
 * writes the reply's head (`fetchHead`) and frames each piece of the body as `fetch`
 * streams it (`fetchChunk`; the empty piece ends it, so a body cut short is told from a
 * whole one). The core's redirects, limits and errors apply as over a socket; a redirect a
 * browser hides (`opaqueredirect`) is said as such.
 */
function fetchConnection(wasm, fetchFn, hostname, port, tls, on) {
  const controller = new AbortController();
  let written = new Uint8Array(0);
  let asked = false;
  let closing = false;
  // The URL asked (the core leaves its query string out of any message).
  let asking = '';
  const unanswered = (message) => {
    if (!closing) on.unanswered(message);
  };
  // A protocol whose server speaks first (a console) writes nothing: fetch cannot carry it.
  // The core writes a request as soon as the connection opens, before any timer runs.
  setTimeout(() => {
    if (!asked && !closing && written.length === 0) on.unusable(tcpOnly());
  }, 0);
  const read = async (reply) => {
    if (closing) return reply.body?.cancel().catch(() => {});
    if (reply.type === 'opaqueredirect') {
      return unanswered(`${asking} redirected, and a browser's fetch does not say where to: query the server at its final address`);
    }
    const names = [];
    reply.headers.forEach((value, name) => names.push(name, value));
    on.data(wasm.fetchHead(reply.status, reply.statusText ?? '', names));
    if (reply.body) {
      const reader = reply.body.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (closing) return reader.cancel().catch(() => {});
          if (done) break;
          on.data(wasm.fetchChunk(value));
        }
      } catch {
        // Cut short: the body has no end, and the core says so when the connection closes.
        if (!closing) on.closed();
        return;
      }
    }
    if (closing) return;
    on.data(wasm.fetchChunk(new Uint8Array(0)));
    on.closed();
  };
  return {
    send(bytes) {
      if (asked) return;
      const more = new Uint8Array(written.length + bytes.length);
      more.set(written);
      more.set(bytes, written.length);
      written = more;
      const request = wasm.fetchRequest(written, hostname, port, tls !== undefined);
      if (request === undefined) return;
      // Thrown: the drive ends the call with it, as it does a refused `open`.
      if (request === null) throw tcpOnly();
      asked = true;
      const [method, target, flat, body] = request;
      asking = target;
      const headers = [];
      for (let i = 0; i < flat.length; i += 2) headers.push([flat[i], flat[i + 1]]);
      // No `credentials` or `cache` members: workerd refuses both.
      Promise.resolve()
        .then(() => fetchFn(target, { method, headers, body, redirect: 'manual', signal: controller.signal }))
        .then(read, (e) => {
          if (closing) return;
          // Deno and Node say why (`cause`); a browser says only that it failed, for a
          // refused or unanswered connection, a certificate it does not trust, a server
          // that does not allow the page's origin, or an http: server asked from an https:
          // page.
          if (refusal(e?.cause)) return on.refused();
          const why = e?.cause?.message ?? e?.message ?? String(e);
          unanswered(`fetch failed (${why}): nothing answered, the certificate is not trusted, or the server does not allow this page's origin (CORS)`);
        })
        .catch((e) => unanswered(`fetch's reply could not be read: ${e?.message ?? e}`));
    },
    close() {
      closing = true;
      controller.abort();
    },
  };
}

/**
 * A transport from WHATWG-style sockets: `connect({ hostname, port })` returns
 * `{ readable, writable, close(), opened? }` (a Worker's `cloudflare:sockets`), and
 * `datagram({ hostname, port })` the same shape with one datagram per chunk (a WebSocket
 * relay, the Direct Sockets API). Names are resolved by the host when it connects. Without
 * `connect`, HTTP goes over `fetch` (a browser page, where the server allows the page's
 * origin; a Worker; Deno).
 */
export function socketTransport({ connect, datagram, fetch: fetchFn }, wasm) {
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
    async open(kind, hostname, port, { tls } = {}, on) {
      const overFetch = kind === 'tcp' && typeof connect !== 'function' && typeof fetchFn === 'function';
      const open = kind === 'tcp' ? connect : datagram;
      if (typeof open !== 'function' && !overFetch) {
        if (kind === 'tcp') throw tcpOnly();
        throw new GameQueryError({
          code: 'GQ_INVALID_ARGUMENT',
          message: 'this protocol runs over UDP: give options.datagram({ hostname, port }) returning { readable, writable, close }',
        });
      }
      if (tls && (tls.ca || tls.insecure || tls.serverName !== hostname)) {
        // A Worker's `connect()` and a `fetch` check certificates against the platform's
        // roots, for the name they connect to, and have no way to be told otherwise.
        const asks = [tls.ca && 'tls.ca', tls.insecure && 'tls.insecure', tls.serverName !== hostname && 'tls.serverName'].filter(Boolean);
        throw new GameQueryError({
          code: 'GQ_INVALID_ARGUMENT',
          message: `options.${overFetch ? 'fetch' : 'connect'}() checks certificates itself: this query asks for ${asks.join(' and ')} `
            + '(given, or the protocol\'s default), which needs the Node engine; give tls: true (the host\'s roots) or tls: false',
        });
      }
      if (overFetch) return fetchConnection(wasm, fetchFn, hostname, port, tls, on);
      const socket = await (tls ? open({ hostname, port }, { secureTransport: 'on' }) : open({ hostname, port }));
      if (socket.opened) await socket.opened;
      return wrap(socket, on);
    },
  };
}

/** The package's API over one instance of the WASM core: the codec, and the network API. */
export function wasmApi(wasm) {
  const readTape = tapeReader(() => wasm.shapes());
  // Queries over the host's sockets: `options.connect` (TCP) and `options.datagram` (UDP);
  // without `connect`, HTTP over `options.fetch` (the host's own `fetch` by default).
  const overSockets = (options) => {
    const { connect, datagram, fetch = globalThis.fetch, ...rest } = options ?? {};
    return [createEngine(wasm, socketTransport({ connect, datagram, fetch }, wasm), readTape), rest];
  };
  return {
    ...wasmCodec(wasm, readTape),
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
