"""opengsq (PyPI) reads a Palworld REST API: the status and the players, printed as JSON.

Usage: opengsq_palworld_probe.py HOST PORT USER PASSWORD
"""
import asyncio
import json
import sys

from opengsq.protocols.palworld import Palworld


async def main(host, port, user, password):
    pal = Palworld(host=host, port=int(port), api_username=user, api_password=password, timeout=5.0)
    status = await pal.get_status()
    players = await pal.get_players()
    print(json.dumps({
        "name": status.server_name,
        "online": status.num_players,
        "max": status.max_players,
        "players": [{"name": p.name, "ping": p.ping, "level": p.level} for p in players],
    }, ensure_ascii=False))


asyncio.run(main(*sys.argv[1:5]))
