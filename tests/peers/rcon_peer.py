"""Runs an independent RCON server from PyPI on 127.0.0.1 for our rcon('minecraft-java')
client: argv = kind password, kind `rcon-fake` (rcon-fake 0.1, Minecraft-like: one reply
packet per command, however long) or `rcon-server` (rcon-server 0.1.3, Source-like: an
empty value before the login's answer, replies split every 4086 characters, the sentinel
mirrored). Prints {"port": N} once it accepts connections, then serves until killed.

Both run the same command handler, so the test knows every output exactly:
  list          a Minecraft-style reply with § codes, two lines (rcon-fake only: rcon-server
                encodes bodies as ASCII)
  echo TEXT     TEXT
  lines N       N lines: "line i " + a letter repeated i % 90 times; every 50th line empty
  bytes N       N bytes of "x" (one line)
  silent        nothing
"""
import asyncio
import json
import socket
import sys
import time

kind, password = sys.argv[1], sys.argv[2]


def handle(command):
    name, _, arg = command.partition(" ")
    if name == "list":
        return "\u00a76There are 2 of a max of 20 players online: \u00a7fSteve, \u00a7cAlex\n\u00a77second line"
    if name == "echo":
        return arg
    if name == "lines":
        return "\n".join("" if i % 50 == 49 else f"line {i} " + chr(97 + i % 26) * (i % 90) for i in range(int(arg)))
    if name == "bytes":
        return "x" * int(arg)
    if name == "silent":
        return ""
    return f"Unknown command: {command}"


def announce(port):
    print(json.dumps({"port": port}), flush=True)


if kind == "rcon-fake":
    from rcon_fake import RCON

    # RCON() takes a fixed port and binds inside its own thread: take a free one first.
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    server = RCON(host="127.0.0.1", port=port, password=password)
    server.set_handler(handle)
    server.start(True)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.02)
    announce(port)
    # The server thread is not a daemon: the process lives until it is killed.
elif kind == "rcon-server":
    from rcon_server.rcon_message import RCONMessage
    from rcon_server.rcon_packet import RCONPacket
    from rcon_server.rcon_server import RCONServer

    class Server(RCONServer):
        def handle_execcommand(self, packet, connection):
            reply = RCONMessage(id=packet.id, type=RCONPacket.SERVERDATA_RESPONSE_VALUE, body=handle(packet.body))
            for p in reply:
                connection.send_packet(p)

    async def main():
        server = Server(bind=("127.0.0.1", 0), password=password)
        # RCONServer.listen() binds self.bind but never tells the port: bind the same way here.
        loop = asyncio.get_running_loop()
        listener = await loop.create_server(server.connection_factory, "127.0.0.1", 0)
        announce(listener.sockets[0].getsockname()[1])
        async with listener:
            await listener.serve_forever()

    asyncio.run(main())
else:
    sys.exit(f"unknown kind {kind}")
