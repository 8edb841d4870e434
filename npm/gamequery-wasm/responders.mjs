// The responders of the WASM engine (serve): the core's sans-IO `Server` answers what the
// host's listeners receive — datagrams, TCP status connections, Minecraft RCON beside
// them; this file only moves bytes, holds the connection limits and runs RCON handlers.
// build.mjs writes responders.cjs from this file for CommonJS callers.
import { call, fromNative, moduleGeneration } from './glue.mjs';
import { serveArgs, responderObject } from './calls.mjs';

const seed = () => crypto.getRandomValues(new Uint32Array(2));
const json = (value) => JSON.stringify(value ?? null);

/** `serve(protocol, state, options)` over `transport`'s `udpServer` and `tcpServer`. */
export function createServe(wasm, transport) {
  /** The host's listener, or GQ_NETWORK naming the address that could not be had and why. */
  const bound = async (host, port, kind, listen) => {
    try {
      return await listen();
    } catch (e) {
      throw fromNative(wasm.Server.bindError(host, port, kind === 'tcp', String(e?.code ?? ''), String(e?.message ?? e)));
    }
  };

  /**
   * A TCP listener's open connections, at most `max` (the core's `Slots`): past it the one
   * waiting longest for an answer is closed, so idle connections cannot lock clients out.
   * `admit(conn)` → the connection's `answered()` and `closed()`.
   */
  function slotsOf(max) {
    let slots;
    let made;
    let open;
    // After a trap the module is a fresh one: the count starts again from the next
    // connection; those open before end by their own deadlines.
    const fresh = () => {
      slots = new wasm.Slots(max);
      made = moduleGeneration();
      open = new Map();
    };
    fresh();
    return (conn) => {
      if (made !== moduleGeneration()) fresh();
      const [id, evict] = slots.open();
      if (evict !== undefined) open.get(evict)?.destroy();
      open.set(id, conn);
      const mine = open;
      const ours = () => mine === open && made === moduleGeneration();
      return {
        answered: () => ours() && slots.answered(id),
        closed: () => {
          if (!ours()) return;
          open.delete(id);
          slots.closed(id);
        },
      };
    };
  }

  /** Minecraft RCON beside a status responder: each connection's commands run through `handler` in order. */
  function serveRcon(current, handler, host, port, maxConnections, idleMs) {
    const admit = slotsOf(maxConnections);
    return bound(host, port, 'tcp', () => transport.tcpServer(host, port, (conn) => {
      const slot = admit(conn);
      const rcon = new wasm.RconConnection(current());
      let chain = Promise.resolve();
      let ended = false;
      let idle;
      // A logged-in client may stay between commands; a silent one is let go (the core's limit).
      const awake = () => {
        clearTimeout(idle);
        idle = setTimeout(() => conn.destroy(), idleMs);
      };
      awake();
      conn.on.data = (bytes) => {
        awake();
        const actions = rcon.input(bytes);
        // A logged-in console keeps its slot while strangers' connections wait to be closed.
        if (rcon.authenticated()) slot.answered();
        chain = chain.then(async () => {
          for (const action of actions) {
            if (ended) return;
            if (action === null) {
              ended = true;
              conn.end();
            } else if (action instanceof Uint8Array) {
              conn.write(action);
            } else {
              const [id, command] = action;
              const lines = await handler(command).catch((e) => [String(e?.message ?? e)]);
              if (!ended) conn.write(wasm.RconConnection.output(id, lines));
            }
          }
        });
      };
      conn.on.close = () => {
        ended = true;
        clearTimeout(idle);
        slot.closed();
      };
    }));
  }

  /** A TCP listener's connections, each answered by the core within `connectionTimeout`. */
  function connections(current, recover, connectionTimeout, maxConnections) {
    const admit = slotsOf(maxConnections);
    return (conn) => {
      const slot = admit(conn);
      const stream = new wasm.Connection();
      const deadline = setTimeout(() => conn.destroy(), connectionTimeout);
      let greeting;
      try {
        greeting = stream.open(current());
      } catch (e) {
        recover(e);
        return conn.destroy();
      }
      if (greeting.length) conn.write(greeting);
      conn.on.data = (bytes) => {
        let out;
        try {
          out = stream.input(current(), bytes);
        } catch (e) {
          // A bug of ours (a trap): this connection ends, the server goes on.
          recover(e);
          return conn.destroy();
        }
        const [write, close] = out;
        if (write.length) {
          conn.write(write);
          slot.answered();
        }
        if (close) conn.end();
      };
      conn.on.close = () => {
        clearTimeout(deadline);
        slot.closed();
      };
    };
  }

  async function serve(protocol, state, options) {
    const { handler, options: core } = serveArgs(protocol, state, options);
    const [hi, lo] = seed();
    // For a TLS identity's key: one for the responder's life, so a remade one keeps it.
    const secret = crypto.getRandomValues(new Uint8Array(32));
    const make = (served) => call(() => new wasm.Server(protocol, served, json(core), handler !== undefined, hi, lo, secret));
    // The state served last (JSON text), to make the responder again from.
    let latest = json(state);
    let server = make(latest);
    let made = moduleGeneration();
    // After a trap the module is a fresh one: the responder is made again on it, with the
    // state served last (a trap in another call counts too: the old one's objects do not mix).
    const remake = () => {
      server = make(latest);
      made = moduleGeneration();
      if (kind === 'udp' && listener) server.bound(listener.address, listener.port);
    };
    const current = () => {
      if (made !== moduleGeneration()) remake();
      return server;
    };
    const [host, port, kind, connectionTimeout, maxConnections, rconHost, rconPort, rconIdle, stream] = server.listen();
    const t0 = performance.now();
    const clock = () => Math.floor(performance.now() - t0);
    let listener;
    // FXServer's HTTP beside its datagrams: TCP on the port UDP got.
    let extra;
    const onDatagram = (bytes, address, from) => {
      let out;
      try {
        out = current().handleDatagram(clock(), address, from, bytes);
      } catch (e) {
        // A bug of ours (a trap): the datagram is dropped, the server goes on.
        return recover(e);
      }
      if (out[0] === 'rcon') {
        const [, header, command] = out;
        handler(command).then((lines) => lines, (e) => [String(e?.message ?? e)]).then((lines) => {
          for (const d of current().rconLines(header, lines)) listener.send(d, address, from);
        });
        return;
      }
      for (const d of out) listener.send(d, address, from);
    };
    const recover = (e) => {
      fromNative(e);
      remake();
    };
    const streams = () => connections(current, recover, connectionTimeout, maxConnections);
    // Its TCP connections speak TLS (Satisfactory's HTTPS API): the identity the core made.
    const identity = server.identity();
    const tls = identity && { cert: identity[0], key: identity[1] };
    if (kind === 'tcp') {
      listener = await bound(host, port, 'tcp', () => transport.tcpServer(host, port, streams(), tls));
    }
    // With port 0, the port UDP got may be taken for TCP (a connection's local end): another is tried.
    for (let tries = 0; kind === 'udp'; tries++) {
      listener = await bound(host, port, 'udp', () => transport.udpServer(host, port, onDatagram));
      if (!stream) break;
      try {
        extra = await transport.tcpServer(host, listener.port, streams(), tls);
        break;
      } catch (e) {
        await listener.close();
        if (port !== 0 || tries === 15 || e?.code !== 'EADDRINUSE') {
          throw fromNative(wasm.Server.bindError(host, listener.port, true, String(e?.code ?? ''), String(e?.message ?? e)));
        }
      }
    }
    if (kind === 'udp') server.bound(listener.address, listener.port);
    const rconListener = rconPort === undefined ? undefined : await serveRcon(current, handler, rconHost, rconPort, maxConnections, rconIdle);
    const at = { address: listener.address, port: listener.port, rconPort: rconListener?.port };
    return responderObject(at, (next) => {
      current().update(next);
      latest = next;
    }, async () => {
      await Promise.all([listener.close(), extra?.close(), rconListener?.close()]);
    }, () => current().dropped());
  }

  return serve;
}
