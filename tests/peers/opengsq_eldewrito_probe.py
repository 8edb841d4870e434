"""opengsq (PyPI) reads an ElDewrito server's status object over HTTP, as its get_status
does after its LAN broadcast step (a UDP discovery on 11774 that our responder does not
speak: the probe asks the HTTP endpoint, at the port given, and reads it with opengsq's own
parser). Prints the status as JSON.

Usage: opengsq_eldewrito_probe.py HOST HTTP_PORT
"""
import asyncio
import json
import sys

from opengsq.protocols.eldewrito import ElDewrito


async def main(host, port):
    server = ElDewrito(host=host, timeout=5.0)
    server.ELDEWRITO_HTTP_PORT = int(port)
    status = server._parse_server_info(await server._query_http_endpoint())
    print(json.dumps({
        "name": status.name,
        "map": status.map,
        "variant": status.variant,
        "online": status.num_players,
        "max": status.max_players,
        "players": [{"name": p.name, "score": p.score} for p in status.players],
    }, ensure_ascii=False))


asyncio.run(main(*sys.argv[1:3]))
