"""Asks a Valve A2S server questions with PyPI python-a2s (module `a2s`) and prints what it
decoded as one JSON object: argv = host port kinds, kinds being a comma-separated list of
info, players, rules (asked in that order, each through a2s.info / a2s.players / a2s.rules
with its own socket and challenge handshake). Each kind maps to its decoded value, or to
{"error": exception class, "message": text} when python-a2s raised. 64-bit ids (steam_id,
game_id) are printed as decimal text so that JavaScript reads them exactly."""
import dataclasses
import json
import sys

import a2s

host, port, kinds = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
timeout = float(sys.argv[4]) if len(sys.argv) > 4 else 3.0
address = (host, port)
out = {}
for kind in kinds:
    try:
        if kind == "info":
            value = dataclasses.asdict(a2s.info(address, timeout=timeout))
            for key in ("steam_id", "game_id"):
                if value.get(key) is not None:
                    value[key] = str(value[key])
        elif kind == "players":
            value = [dataclasses.asdict(p) for p in a2s.players(address, timeout=timeout)]
        elif kind == "rules":
            value = a2s.rules(address, timeout=timeout)
        else:
            raise SystemExit(f"unknown kind {kind!r}")
    except Exception as e:  # noqa: BLE001 - the test asserts which one
        value = {"error": type(e).__name__, "message": str(e)}
    out[kind] = value
print(json.dumps(out))
