// Runs the READMEs' examples as written, inside the network namespace the test made: the
// example host names resolve to 127.0.0.1 (its /etc/hosts), where responders for every
// protocol listen on their default ports. Prints one JSON line: each example's outcome.
//   node tests/readme/runner.mjs <root>
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { readmeBlocks } from './blocks.mjs';
import { tlsProxy } from '../tls-proxy.mjs';
import { httpsFront } from '../vendors/vendors.mjs';

const root = process.argv[2];
const require = createRequire(join(root, 'package.json'));
const { serve, sampleState } = require('gamequery');

/** The servers the examples name: SA:MP RCON 'changeme', Minecraft RCON 'hunter2'; a Rust server (game port 28015, query 28016); FiveM with getstatus on; Quake 4 and ET:QW (query port 27733); MTA:SA (All-Seeing Eye, query port 22126); Battlefield 1942 (GameSpy 1, query port 23000); Halo (GameSpy 2, 2302); Killing Floor (Unreal 2, query port 7708). */
async function startServers() {
  const host = '127.0.0.1';
  // The TeamSpeak 6 example's WebQuery key, as its user would set it.
  process.env.TS_API_KEY = 'BAByFoiEXZfnSJyE6dbXFiW_nn_SdwkclpKNz9j';
  // The credentials the SCP: SL, EOS and Hawakening examples read (any serve our responders).
  Object.assign(process.env, { SCPSL_KEY: 'key', EOS_ID: 'client', EOS_SECRET: 'secret', EOS_DEPLOYMENT: 'ad9a8feffb3b4b2ca315546f038c3ae2',
    HAWAKENING_USER: 'pilot@example.org', HAWAKENING_PASSWORD: 'secret' });
  const rust = sampleState('a2s');
  rust.info = { ...rust.info, name: 'Rust example', game: 'Rust', appId: 252490, gameId: '252490', gamePort: 28015 };
  return Promise.all([
    serve('a2s', rust, { host, port: 28016 }),
    serve('samp', sampleState('samp'), { host, port: 7777, rcon: { password: 'changeme', handler: (c) => [`ran ${c}`] } }),
    serve('minecraft-java', sampleState('minecraft-java'), { host, port: 25565, rcon: { port: 25575, password: 'hunter2', handler: (c) => `ran ${c}` } }),
    serve('minecraft-bedrock', sampleState('minecraft-bedrock'), { host, port: 19132 }),
    serve('minecraft-query', sampleState('minecraft-query'), { host, port: 25565 }),
    serve('sqp', sampleState('sqp'), { host, port: 7778 }),
    serve('a2s', sampleState('a2s'), { host, port: 27015 }),
    serve('fivem', { ...sampleState('fivem'), getStatus: true }, { host, port: 30120 }),
    serve('quake3', sampleState('quake3'), { host, port: 27960 }),
    serve('mumble', sampleState('mumble'), { host, port: 64738 }),
    serve('doom3', sampleState('doom3'), { host, port: 28004, dialect: 'quake4' }),
    serve('doom3', sampleState('doom3'), { host, port: 27733, dialect: 'etqw' }),
    serve('all-seeing-eye', sampleState('all-seeing-eye'), { host, port: 22126 }),
    serve('gamespy1', sampleState('gamespy1'), { host, port: 23000 }),
    serve('gamespy2', sampleState('gamespy2'), { host, port: 2302 }),
    serve('gamespy3', sampleState('gamespy3'), { host, port: 29900 }),
    serve('unreal2', sampleState('unreal2'), { host, port: 7708 }),
    serve('palworld', sampleState('palworld'), { host, port: 8212 }),
    serve('terraria', sampleState('terraria'), { host, port: 7878 }),
    serve('satisfactory', sampleState('satisfactory'), { host, port: 7779 }),
    serve('teamspeak3', sampleState('teamspeak3'), { host, port: 10011 }),
    serve('teamspeak3', { ...sampleState('teamspeak3'), apiKey: process.env.TS_API_KEY }, { host, port: 10080, webQuery: true }),
    serve('eldewrito', sampleState('eldewrito'), { host, port: 11775 }),
    serve('hytale', sampleState('hytale'), { host, port: 5523 }),
    serve('eco', sampleState('eco'), { host, port: 3001 }),
    serve('buildandshoot', sampleState('buildandshoot'), { host, port: 32886 }),
    serve('kspdmp', sampleState('kspdmp'), { host, port: 6703 }),
    serve('assettocorsa', sampleState('assettocorsa'), { host, port: 8081 }),
    serve('farmingsimulator', sampleState('farmingsimulator'), { host, port: 8080 }),
    // The HTTPS example's Palworld, behind a TLS proxy.
    tlsProxy({ to: 8212, host, port: 8443 }),
    // The vendors' APIs (Factorio's, BeamMP's) at their own names (the namespace's), over HTTPS.
    serve('factorio', sampleState('factorio'), { host, port: 8090 }),
    serve('beammp', sampleState('beammp'), { host, port: 8091 }),
    // alt:V's list with the example's server under its name; Discord's guild by its id.
    serve('altvmp', { ...sampleState('altvmp'), address: 'play.example.org:7788' }, { host, port: 8092 }),
    serve('discord', { ...sampleState('discord'), id: '81384788765712384' }, { host, port: 8093 }),
    serve('scpsl', sampleState('scpsl'), { host, port: 8094 }),
    // EOS, and Wildcard's ARK lists with the example's server in the official one.
    serve('epic', [...sampleState('epic'), { Name: 'ARK list example', IP: '127.0.0.1', Port: 7777, MapName: 'TheIsland_WP', NumPlayers: 5, MaxPlayers: 70, IsOfficial: 1 }], { host, port: 8095 }),
    serve('hawakening', sampleState('hawakening'), { host, port: 8096 }),
    httpsFront({
      'multiplayer.factorio.com': 8090, 'backend.beammp.com': 8091, 'api.alt-mp.com': 8092, 'discord.com': 8093,
      'api.scpslgame.com': 8094, 'api.epicgames.dev': 8095, 'cdn2.arkdedicated.com': 8095, 'hawakening.com': 8096,
    }, process.env.GQ_VENDOR_CERTS),
  ]);
}

/** Runs node with `args` (20 s at most): its exit status or signal and what it printed. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/**
 * A Worker example in workerd (its binary in GQ_WORKERD, fetched by the test): the example
 * is the bundle's main module, `gamequery-wasm`, `gamequery-wasm/network` and the two
 * `.wasm` exports are modules of the bundle as a Worker's bundler makes them; one GET, whose
 * answer is its output.
 */
async function inWorkerd(code, n) {
  const pkg = join(root, 'npm/gamequery-wasm');
  const files = ['web.mjs', 'network.mjs', 'entry.mjs', 'engine.mjs', 'responders.mjs', 'drive.mjs', 'session.mjs', 'protocols.mjs', 'glue.mjs', 'calls.mjs', 'pkg/web/gamequery_wasm.js', 'pkg/web-engine/gamequery_wasm.js'];
  const main = join(dir, `worker-${n}.mjs`);
  writeFileSync(main, `${code}\n`);
  const shim = join(dir, `worker-${n}-package.mjs`);
  writeFileSync(shim, "export * from './gamequery-wasm/web.mjs';\nexport { default } from './gamequery-wasm/web.mjs';\n");
  const network = join(dir, `worker-${n}-network.mjs`);
  writeFileSync(network, "export * from './network.mjs';\nexport { default } from './network.mjs';\n");
  // workerd reads embedded files relative to the config.
  const at = (file) => JSON.stringify(relative(dir, file));
  const modules = [
    `(name = "worker.mjs", esModule = embed ${at(main)})`,
    `(name = "gamequery-wasm", esModule = embed ${at(shim)})`,
    `(name = "gamequery-wasm/network", esModule = embed ${at(network)})`,
    `(name = "gamequery-wasm/gamequery_wasm_bg.wasm", wasm = embed ${at(join(pkg, 'pkg/web/gamequery_wasm_bg.wasm'))})`,
    `(name = "gamequery-wasm/gamequery_wasm_engine_bg.wasm", wasm = embed ${at(join(pkg, 'pkg/web-engine/gamequery_wasm_bg.wasm'))})`,
    ...files.map((f) => `(name = "gamequery-wasm/${f}", esModule = embed ${at(join(pkg, f))})`),
  ];
  const config = join(dir, `worker-${n}.capnp`);
  writeFileSync(config, `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker), (name = "internet", network = (allow = ["public", "private", "local"]))],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "main")],
);
const worker :Workerd.Worker = (modules = [${modules.join(', ')}], compatibilityDate = "2026-11-01");
`);
  const child = spawn(process.env.GQ_WORKERD, ['serve', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.on('close', resolve));
  try {
    for (let i = 0; i < 100; i++) {
      try {
        const response = await fetch('http://127.0.0.1:8787/');
        return { status: response.ok ? 0 : response.status, signal: null, stdout: await response.text(), stderr };
      } catch {
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return { status: 1, signal: null, stdout: '', stderr: `workerd did not answer: ${stderr}` };
  } finally {
    child.kill();
    await exited;
  }
}

// In the workspace, so that `gamequery` and `gamequery-wasm` resolve as in a user's project.
const dir = join(root, '.cache', 'readme');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
// The HTTPS example trusts the proxy's CA from a file of the project it runs in.
copyFileSync(join(root, 'tests/fixtures/tls/ca.pem'), join(dir, 'ca.pem'));
let servers = await startServers();
const results = [];
for (const [n, block] of readmeBlocks(root).entries()) {
  let args;
  if (block.kind === 'worker') {
    results.push({ where: block.where, kind: block.kind, code: block.code, ...await inWorkerd(block.code, n) });
    continue;
  }
  if (block.kind === 'cli') {
    args = [join(root, 'npm/gamequery/cli.js'), ...block.code.split(/\s+/).slice(2)];
  } else {
    // CommonJS when it requires and imports nothing, else an ES module (top-level await).
    const cjs = /\brequire\(/.test(block.code) && !/^import /m.test(block.code);
    const file = join(dir, `example-${n}.${cjs ? 'cjs' : 'mjs'}`);
    writeFileSync(file, `${block.code}\n`);
    args = [file];
  }
  // An example that serves takes the default ports itself.
  const serves = /\bserve\(/.test(block.code);
  if (serves) await Promise.all(servers.map((s) => s.close()));
  // Not spawnSync: the responders' RCON handlers run on this process's event loop.
  const r = await run(args);
  if (serves) servers = await startServers();
  results.push({ where: block.where, kind: block.kind, code: block.code, status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr });
}
await Promise.all(servers.map((s) => s.close()));
process.stdout.write(`${JSON.stringify(results)}\n`);
