# workerd running tests/runtimes/worker.mjs with gamequery-wasm's one-module entry
# (`gamequery-wasm/network`: the engine's .wasm alone) as modules,
# allowed to open sockets to loopback (the default "internet" service allows only public
# addresses). The test passes the HTTP address with --socket-addr.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "worker.mjs"),
    (name = "npm/gamequery-wasm/network.mjs", esModule = embed "../../npm/gamequery-wasm/network.mjs"),
    (name = "npm/gamequery-wasm/entry.mjs", esModule = embed "../../npm/gamequery-wasm/entry.mjs"),
    (name = "npm/gamequery-wasm/engine.mjs", esModule = embed "../../npm/gamequery-wasm/engine.mjs"),
    (name = "npm/gamequery-wasm/responders.mjs", esModule = embed "../../npm/gamequery-wasm/responders.mjs"),
    (name = "npm/gamequery-wasm/protocols.mjs", esModule = embed "../../npm/gamequery-wasm/protocols.mjs"),
    (name = "npm/gamequery-wasm/drive.mjs", esModule = embed "../../npm/gamequery-wasm/drive.mjs"),
    (name = "npm/gamequery-wasm/session.mjs", esModule = embed "../../npm/gamequery-wasm/session.mjs"),
    (name = "npm/gamequery-wasm/glue.mjs", esModule = embed "../../npm/gamequery-wasm/glue.mjs"),
    (name = "npm/gamequery-wasm/calls.mjs", esModule = embed "../../npm/gamequery-wasm/calls.mjs"),
    (name = "npm/gamequery-wasm/pkg/web-engine/gamequery_wasm.js", esModule = embed "../../npm/gamequery-wasm/pkg/web-engine/gamequery_wasm.js"),
    (name = "npm/gamequery-wasm/pkg/web-engine/gamequery_wasm_bg.wasm", wasm = embed "../../npm/gamequery-wasm/pkg/web-engine/gamequery_wasm_bg.wasm"),
  ],
  compatibilityDate = "2026-11-01",
);
