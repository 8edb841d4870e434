"""opengsq (PyPI) reads a Satisfactory Lightweight Query: the state and the name, as JSON.

Usage: opengsq_satisfactory_probe.py HOST PORT
(opengsq asks the HTTPS API for the counts only when the state is 3, playing: the tests
serve another state.)
"""
import asyncio
import json
import sys

from opengsq.protocols.satisfactory import Satisfactory


async def main(host, port):
    sf = Satisfactory(host=host, port=int(port), app_token="", timeout=5.0)
    status = await sf.get_status()
    print(json.dumps({"state": status.state, "name": status.name,
                      "online": status.num_players, "max": status.max_players}, ensure_ascii=False))


asyncio.run(main(*sys.argv[1:3]))
