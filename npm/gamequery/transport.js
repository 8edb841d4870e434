'use strict';
// Node's sockets and resolver as a transport for the WASM engine (gamequery-wasm's
// engine.mjs): it opens, sends, receives and closes when the core says so, and reports
// what happened. No protocol logic here.
const dgram = require('node:dgram');
const net = require('node:net');
const tls = require('node:tls');
const dns = require('node:dns');

const view = (b) => new Uint8Array(b.buffer, b.byteOffset, b.length);

function resolver(server) {
  const r = new dns.promises.Resolver();
  if (server) r.setServers([server]);
  return r;
}

async function lookup(host, family, server) {
  if (!server) {
    const found = await dns.promises.lookup(host, { all: true, family: family || 0 });
    return found.map((a) => a.address);
  }
  const r = resolver(server);
  const tries = [];
  if (family !== 6) tries.push(r.resolve4(host));
  if (family !== 4) tries.push(r.resolve6(host));
  const results = await Promise.allSettled(tries);
  const found = results.flatMap((x) => (x.status === 'fulfilled' ? x.value : []));
  if (!found.length) throw results.find((x) => x.status === 'rejected')?.reason ?? new Error('no address');
  return found;
}

async function srv(name, server) {
  const records = await resolver(server).resolveSrv(name);
  return records.map((r) => [r.name, r.port, r.priority, r.weight]);
}

// IPv4 sockets whose query ended, kept to connect again: a reconnect is one system call
// where a new socket is four, and making and closing them was a third of a bulk run's CPU
// on this engine. (Linux gives a socket bound to port 0 a new port when it connects again.) Unreferenced while idle, so they never hold the process open. (IPv6
// ones are not kept: a stale datagram is told from its peer's by address, and only IPv4
// addresses are written one way.)
const IDLE_MAX = 64;
const idle = [];

function openUdp(host, port, { localAddress, localPort }, on) {
  const v6 = net.isIPv6(host);
  const reused = v6 || localAddress || localPort ? undefined : idle.pop();
  return new Promise((resolve, reject) => {
    const socket = reused ?? dgram.createSocket(v6 ? 'udp6' : 'udp4');
    if (reused) socket.ref();
    else {
      socket.on('message', (m, from) => socket.user?.message(m, from));
      socket.on('error', (e) => socket.user?.error(e));
    }
    const fail = (e) => {
      socket.user = null;
      try {
        socket.close();
      } catch {}
      reject(e);
    };
    socket.user = { message() {}, error: fail };
    const connect = () =>
      socket.connect(port, host, (e) => {
        if (e) return fail(e);
        // ICMP port unreachable: ECONNREFUSED, or ECONNRESET on Windows.
        const report = (err) => (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET' ? on.refused() : on.failed(err.message));
        // A connected socket hears only its peer, and gets ICMP unreachable as ECONNREFUSED;
        // one connected again may still hold what its last peer sent.
        const user = {
          message: (m, from) => (!reused || (from.port === port && from.address === host)) && on.data(view(m)),
          error: report,
        };
        socket.user = user;
        resolve({
          // Reported to this query alone, not to one the socket serves by then.
          send: (bytes) => socket.send(bytes, (err) => err && socket.user === user && report(err)),
          close: () => {
            socket.user = null;
            if (!v6 && !localAddress && !localPort && idle.length < IDLE_MAX) {
              try {
                socket.disconnect();
                socket.unref();
                idle.push(socket);
                return;
              } catch {}
            }
            try {
              socket.close();
            } catch {}
          },
        });
      });
    if (reused) connect();
    else socket.bind(localPort || 0, localAddress, connect);
  });
}

// Node's words for a failed handshake, as the core's reasons (tls.rs's `TlsFailure`).
const TLS_FAILURES = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  CERT_SIGNATURE_FAILURE: 'untrusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'name',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'expired',
  // Bytes that are no TLS record (a plain HTTP server), or a close in the handshake.
  ERR_SSL_WRONG_VERSION_NUMBER: 'not-tls',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'not-tls',
  ECONNRESET: 'not-tls',
  EPIPE: 'not-tls',
};

/** `tls`: `{ serverName, ca?, insecure }`, the handshake to make before the connection is open. */
function openTcp(host, port, { localAddress, localPort, tls: secure }, on) {
  return new Promise((resolve, reject) => {
    const options = { host, port, localAddress, localPort: localPort || undefined, noDelay: true };
    const socket = secure
      ? tls.connect({
          ...options,
          // SNI carries names only; the certificate is checked against the name either way.
          servername: net.isIP(secure.serverName) ? undefined : secure.serverName,
          checkServerIdentity: (_, cert) => tls.checkServerIdentity(secure.serverName, cert),
          ca: secure.ca,
          rejectUnauthorized: !secure.insecure,
          ALPNProtocols: ['http/1.1'],
        })
      : net.connect(options);
    let connected = false;
    let open = false;
    const ready = () => {
      open = true;
      resolve({ send: (bytes) => socket.write(bytes), close: () => socket.destroy() });
    };
    socket.once('connect', () => {
      connected = true;
      if (!secure) ready();
    });
    if (secure) socket.once('secureConnect', ready);
    socket.on('data', (d) => on.data(view(d)));
    socket.on('end', () => on.closed());
    socket.on('error', (e) => {
      if (open) return on.closed();
      // Connected, then failed before the handshake was done: the handshake's failure.
      if (secure && connected) e.tlsFailure = TLS_FAILURES[e.code] ?? 'other';
      reject(e);
    });
  });
}

function open(kind, host, port, local, on) {
  return kind === 'udp' ? openUdp(host, port, local, on) : openTcp(host, port, local, on);
}

function udpServer(host, port, onMessage) {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.removeListener('error', reject);
      // ICMP errors from earlier sends surface here; keep serving.
      socket.on('error', () => {});
      socket.on('message', (m, from) => onMessage(view(m), from.address, from.port));
      const { address, port: bound } = socket.address();
      resolve({
        address,
        port: bound,
        send: (bytes, to, toPort) => socket.send(bytes, toPort, to),
        close: () => new Promise((r) => socket.close(r)),
      });
    });
  });
}

/** `secure`: `{ cert, key }` (PEM), when the connections speak TLS. */
function tcpServer(host, port, onConnection, secure) {
  return new Promise((resolve, reject) => {
    const sockets = new Set();
    const accepted = (socket) => {
      sockets.add(socket);
      const conn = {
        on: { data: null, close: null },
        write: (bytes) => socket.write(bytes),
        end: () => socket.end(),
        destroy: () => socket.destroy(),
        pause: () => socket.pause(),
        resume: () => socket.resume(),
      };
      socket.on('data', (d) => conn.on.data?.(view(d)));
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        conn.on.close?.();
      });
      onConnection(conn);
    };
    const server = secure
      // A handshake never finished is given up after 5 s (Node's default is 120 s), as a
      // connection's whole deadline is 5 s by default.
      ? tls.createServer({ cert: secure.cert, key: secure.key, handshakeTimeout: 5000 }, (socket) => {
          socket.setNoDelay(true);
          accepted(socket);
        })
      : net.createServer({ noDelay: true }, accepted);
    // A handshake that fails (a plain-HTTP client, a scan) is that connection's end only.
    server.on('tlsClientError', (_, socket) => socket.destroy());
    server.once('error', reject);
    server.listen(port, host, () => {
      server.removeListener('error', reject);
      const { address, port: bound } = server.address();
      resolve({
        address,
        port: bound,
        close: () =>
          new Promise((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    });
  });
}

module.exports = { lookup, srv, open, udpServer, tcpServer };
