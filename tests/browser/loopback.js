// A transport of the page's own for its engine (`createEngine`): no network at all.

/** UDP between the page's own responder and its queries: each datagram delivered in a task of its own. */
export function loopback() {
  const servers = new Map();
  const clients = new Map();
  let nextPort = 50000;
  const later = (fn) => setTimeout(fn, 0);
  return {
    async udpServer(host, port, onMessage) {
      servers.set(port, onMessage);
      return { address: host, port, send: (bytes, _address, to) => later(() => clients.get(to)?.data(bytes.slice())), close: () => servers.delete(port) };
    },
    async open(kind, host, port, _local, on) {
      const me = nextPort++;
      clients.set(me, on);
      return { send: (bytes) => later(() => servers.get(port)?.(bytes.slice(), '127.0.0.1', me)), close: () => clients.delete(me) };
    },
  };
}
