// A TLS-terminating proxy on loopback: HTTPS in front of one of our plain HTTP responders,
// with the test certificate of tests/fixtures/tls/ (for localhost, game.example.org,
// 127.0.0.1 and ::1). The HTTPS tests and the README runner's HTTPS example use it.
import net from 'node:net';
import tls from 'node:tls';
import { readFileSync } from 'node:fs';

export const pem = (name) => readFileSync(new URL(`./fixtures/tls/${name}`, import.meta.url), 'utf8');

/**
 * Listens on `host`:`port` (0: any free one); each connection piped to 127.0.0.1:`to` (a
 * port, or one per name the client asked for: `(servername) => port`). `key` and `cert`
 * (PEM): another certificate than the fixtures' (the vendors' names').
 */
export function tlsProxy({ to, host = '127.0.0.1', port = 0, key = pem('server-key.pem'), cert = pem('server.pem') }) {
  const sockets = new Set();
  const server = tls.createServer({ key, cert }, (client) => {
    const upstream = net.connect(typeof to === 'function' ? to(client.servername) : to, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  server.on('tlsClientError', () => {});
  const close = () => new Promise((resolve) => {
    for (const s of sockets) s.destroy();
    server.close(() => resolve());
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve({ port: server.address().port, close })));
}
