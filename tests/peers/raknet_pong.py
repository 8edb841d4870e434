"""Runs PyPI rak-net 1.9's RakNet server (Podrum's library) on loopback so that our client
can read its unconnected pong: argv = host guid motd. rak-net answers an unconnected ping
(0x01) with an unconnected pong (0x1c) carrying server.guid and server.name, the Bedrock
advertisement string, as rak_net.handler.offline_ping_handler builds it.
Binds an OS-chosen port, prints {"port": N} as one JSON line, then serves until killed or
until stdin closes (so it can never outlive the test that started it)."""
import json
import select
import sys

from rak_net.server import server

host, guid, motd = sys.argv[1], int(sys.argv[2]), sys.argv[3]
s = server(host, 0)
s.guid = guid
s.name = motd
print(json.dumps({"port": s.socket.socket.getsockname()[1]}), flush=True)
while True:
    ready, _, _ = select.select([s.socket.socket, sys.stdin], [], [], 1.0)
    if sys.stdin in ready and not sys.stdin.buffer.read1(4096):
        break  # the test's end of the pipe closed: the test is gone
    if s.socket.socket in ready:
        s.handle()
s.socket.close()
