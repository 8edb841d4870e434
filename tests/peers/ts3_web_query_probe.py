"""ts3-web-query (PyPI), an independent WebQuery client, reads a TeamSpeak WebQuery: the
server's record, its clients and channels (its typed calls), the instance's version and
server list, and what it raises for a wrong key — as JSON.

Usage: ts3_web_query_probe.py URL API_KEY SERVER_ID
"""
import asyncio
import json
import sys

from ts3_web_query import Client
from ts3_web_query.exceptions import TeamSpeakAPIError


async def main(url, key, sid):
    async with Client(api_url=url, api_key=key, instance_id=int(sid), timeout=5.0) as c:
        info = await c.http_client.request("serverinfo")
        clients = await c.clients.client_list()
        channels = await c.channel.channel_list()
        version = await c.server.version()
        servers = await c.server.server_list()
    async with Client(api_url=url, api_key=key + "x", instance_id=int(sid), timeout=5.0) as wrong:
        try:
            await wrong.http_client.request("serverinfo")
            refused = None
        except TeamSpeakAPIError as e:
            refused = {"code": e.code, "message": str(e)}
    print(json.dumps({
        "info": info[0],
        "clients": [c.client_nickname for c in clients],
        "channels": [c.channel_name for c in channels],
        "version": [version.version, version.build, version.platform],
        "servers": [[s.virtualserver_id, s.virtualserver_port] for s in servers],
        "refused": refused,
    }, ensure_ascii=False, default=str))


asyncio.run(main(*sys.argv[1:4]))
