"""opengsq (PyPI) reads a Satisfactory server: the Lightweight Query's state and name and,
when the state is 3 (playing), the HTTPS API's counts with the API token given, as JSON.

Usage: opengsq_satisfactory_probe.py HOST PORT [TOKEN]
"""
import asyncio
import json
import sys

from opengsq.protocols.satisfactory import Satisfactory


async def main(host, port, token=""):
    sf = Satisfactory(host=host, port=int(port), app_token=token, timeout=5.0)
    status = await sf.get_status()
    print(json.dumps({"state": status.state, "name": status.name,
                      "online": status.num_players, "max": status.max_players}, ensure_ascii=False))


asyncio.run(main(*sys.argv[1:4]))
