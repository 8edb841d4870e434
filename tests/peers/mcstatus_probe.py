"""Reads our responders with mcstatus (PyPI), an independent client: argv = kind host port.
Prints what mcstatus understood as one JSON line."""
import json
import sys

from mcstatus import BedrockServer, JavaServer

kind, host, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
if kind == "bedrock":
    s = BedrockServer(host, port, timeout=3).status()
    out = {"motd": s.motd.to_plain(), "online": s.players.online, "max": s.players.max,
           "version": s.version.name, "protocol": s.version.protocol, "map": s.map_name, "gamemode": s.gamemode}
elif kind == "query":
    s = JavaServer(host, port, timeout=3).query()
    out = {"motd": s.motd.to_plain(), "online": s.players.online, "max": s.players.max, "players": s.players.list,
           "brand": s.software.brand, "plugins": s.software.plugins, "version": s.software.version, "map": s.map_name,
           "port": s.raw.get("hostport")}
else:
    s = JavaServer(host, port, timeout=3).status()
    out = {"motd": s.motd.to_plain(), "online": s.players.online, "max": s.players.max, "version": s.version.name,
           "sample": [p.name for p in (s.players.sample or [])], "latency": s.latency >= 0}
print(json.dumps(out, ensure_ascii=False))
