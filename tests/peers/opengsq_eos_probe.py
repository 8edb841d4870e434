"""opengsq (PyPI) reads an EOS API: a device id's token, the token by external auth, then
the matchmaking filter for the server's address, the session at its port printed as JSON.
opengsq names Epic's API in a class attribute; the probe points it at our responder.

Usage: opengsq_eos_probe.py API HOST PORT CLIENT_ID CLIENT_SECRET DEPLOYMENT_ID
"""
import asyncio
import json
import sys

from opengsq.protocols.eos import EOS


async def main(api, host, port, client_id, client_secret, deployment_id):
    EOS._api_url = api
    device = await EOS.get_external_auth_token(
        client_id=client_id, client_secret=client_secret, external_auth_type="deviceid_access_token")
    token = await EOS.get_access_token(
        client_id=client_id, client_secret=client_secret, deployment_id=deployment_id,
        grant_type="external_auth", external_auth_type="deviceid_access_token", external_auth_token=device)
    session = await EOS(host=host, port=int(port), deployment_id=deployment_id, access_token=token, timeout=5.0).get_info()
    attributes = session.get("attributes", {})
    print(json.dumps({
        "id": session.get("id"),
        "name": attributes.get("SERVERNAME_s") or attributes.get("CUSTOMSERVERNAME_s"),
        "totalPlayers": session.get("totalPlayers"),
        "maxPublicPlayers": session.get("settings", {}).get("maxPublicPlayers"),
    }, ensure_ascii=False))


asyncio.run(main(*sys.argv[1:7]))
