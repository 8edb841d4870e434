#!/usr/bin/env node
'use strict';
// gamequery CLI: argument parsing and dispatch; output formatting in cli/format.js.
const { readFileSync } = require('node:fs');
const { query, rcon, serve, PROTOCOLS } = require('./index.js');
const { printStatus, clean } = require('./cli/format.js');

const USAGE = `Usage:
  gamequery <protocol> <host[:port]> [--json] [--timeout ms] [--retries n]
      samp:            [--encoding X] [--players auto|c|d|none]
      minecraft-java:  [--no-srv] [--dns-server ip:port] [--protocol-version n]
      minecraft-legacy: [--variant beta|1.4|1.6]
      sqp:             [--chunks info,rules,players,teams,metrics]
  gamequery serve <protocol> [--host ip] [--port N] [--state file.json]
      samp: [--legacy] [--rcon-password P]
  gamequery rcon <protocol> <host[:port]> --password P <command...> [--timeout ms] [--encoding X]
  gamequery demo
Protocols: ${PROTOCOLS.join(', ')}. IPv6 targets as [::1]:7777.`;

/** Splits argv into positionals and --flags (`--x v`, `--x=v`, boolean `--x`). */
function parseArgs(argv, booleans) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s);
    if (booleans.includes(name)) flags[name] = true;
    else if (inline !== undefined) flags[name] = inline;
    else if (i + 1 < argv.length) flags[name] = argv[++i];
    else fail(`--${name} needs a value`);
  }
  return { positional, flags };
}

function fail(message) {
  console.error(`gamequery: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function number(flags, name) {
  if (flags[name] === undefined) return undefined;
  const n = Number(flags[name]);
  if (!Number.isFinite(n)) fail(`--${name} must be a number`);
  return n;
}

function protocolOf(name) {
  if (!PROTOCOLS.includes(name)) fail(`unknown protocol ${JSON.stringify(name)}`);
  return name;
}

async function main(argv) {
  const { positional, flags } = parseArgs(argv, ['json', 'legacy', 'help', 'no-srv']);
  const [command, ...rest] = positional;
  if (!command || flags.help) return console.log(USAGE);
  if (command === 'demo') return require('./cli/demo.js').demo();
  if (command === 'serve') return serveCommand(protocolOf(rest[0]), flags);
  if (command === 'rcon') {
    const [protocol, target, ...words] = rest;
    if (!target || words.length === 0 || flags.password === undefined) fail('rcon needs <protocol> <host> --password P <command>');
    const lines = await rcon(protocolOf(protocol), target, { password: flags.password, timeout: number(flags, 'timeout'), encoding: flags.encoding }, words.join(' '));
    return console.log(flags.json ? JSON.stringify(lines, null, 2) : lines.map((l) => clean(l)).join('\n'));
  }
  const protocol = protocolOf(command);
  if (!rest[0]) fail(`${protocol} needs a target <host[:port]>`);
  const options = { timeout: number(flags, 'timeout'), retries: number(flags, 'retries') };
  if (protocol === 'samp') {
    Object.assign(options, { encoding: flags.encoding, players: flags.players === 'none' ? false : flags.players });
  } else if (protocol === 'sqp') {
    if (flags.chunks) options.chunks = flags.chunks.split(',').map((c) => c.trim());
  } else {
    Object.assign(options, { srv: flags['no-srv'] ? false : undefined, dnsServer: flags['dns-server'] });
    if (protocol === 'minecraft-java') options.protocolVersion = number(flags, 'protocol-version');
    else options.variant = flags.variant;
  }
  const status = await query(protocol, rest[0], options);
  if (flags.json) console.log(JSON.stringify(status, null, 2));
  else printStatus(status);
}

async function serveCommand(protocol, flags) {
  const samples = require('./cli/samples.js');
  const samp = protocol === 'samp';
  const sample = { samp: samples.openMpServer, sqp: samples.sqpServer }[protocol] ?? samples.minecraftServer;
  const state = flags.state ? JSON.parse(readFileSync(flags.state, 'utf8')) : sample();
  const options = { host: flags.host ?? '0.0.0.0', port: number(flags, 'port') ?? { samp: 7777, sqp: 0 }[protocol] ?? 25565 };
  if (samp) {
    options.legacy = Boolean(flags.legacy);
    if (flags['rcon-password']) options.rcon = { password: flags['rcon-password'], handler: (cmd) => [`(gamequery serve) no console here; got "${cmd}"`] };
  }
  // A saved `gamequery samp host --json` output is a Status: serve its raw part.
  const server = await serve(protocol, state.raw ?? state, options);
  console.log(`serving ${protocol} on ${server.address.includes(':') ? `[${server.address}]` : server.address}:${server.port} (Ctrl-C to stop)`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((e) => {
  console.error(`gamequery: ${e.code ? `${e.code}: ` : ''}${e.message}`);
  process.exit(1);
});
