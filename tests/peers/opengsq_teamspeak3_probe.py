"""opengsq (PyPI) reads a TeamSpeak 3 ServerQuery: serverinfo, clients, channels, as JSON.

Usage: opengsq_teamspeak3_probe.py HOST QUERY_PORT VOICE_PORT
"""
import asyncio
import json
import sys

from opengsq.protocols.teamspeak3 import TeamSpeak3


async def main(host, port, voice_port):
    ts = TeamSpeak3(host=host, port=int(port), voice_port=int(voice_port), timeout=5.0)
    info = await ts.get_info()
    clients = await ts.get_clients()
    channels = await ts.get_channels()
    print(json.dumps({"info": info, "clients": clients, "channels": channels}, ensure_ascii=False))


asyncio.run(main(*sys.argv[1:4]))
