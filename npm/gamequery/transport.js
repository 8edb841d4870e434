'use strict';
// Node's sockets and resolver as a transport for the WASM engine (gamequery-wasm's
// engine.mjs): it opens, sends, receives and closes when the core says so, and reports
// what happened. No protocol logic here.
const dgram = require('node:dgram');
const net = require('node:net');
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

function openUdp(host, port, { localAddress, localPort }, on) {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    // ICMP port unreachable: ECONNREFUSED, or ECONNRESET on Windows.
    const report = (e) => (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' ? on.refused() : on.failed(e.message));
    socket.once('error', reject);
    socket.bind(localPort || 0, localAddress, () => {
      socket.connect(port, host, (e) => {
        if (e) return reject(e);
        socket.removeListener('error', reject);
        // A connected socket hears only its peer, and gets ICMP unreachable as ECONNREFUSED.
        socket.on('error', report);
        socket.on('message', (m) => on.data(view(m)));
        resolve({
          send: (bytes) => socket.send(bytes, (err) => err && report(err)),
          close: () => {
            try {
              socket.close();
            } catch {}
          },
        });
      });
    });
  });
}

function openTcp(host, port, { localAddress, localPort }, on) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, localAddress, localPort: localPort || undefined, noDelay: true });
    let open = false;
    socket.once('connect', () => {
      open = true;
      resolve({ send: (bytes) => socket.write(bytes), close: () => socket.destroy() });
    });
    socket.on('data', (d) => on.data(view(d)));
    socket.on('end', () => on.closed());
    socket.on('error', (e) => (open ? on.closed() : reject(e)));
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

function tcpServer(host, port, onConnection) {
  return new Promise((resolve, reject) => {
    const sockets = new Set();
    const server = net.createServer({ noDelay: true }, (socket) => {
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
    });
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
