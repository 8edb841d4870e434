#!/usr/bin/env node
'use strict';
// gamequery CLI: argument parsing and dispatch; output formatting in cli/format.js.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const gamequery = require('./index.js');
const { query, rcon, serve, sampleState } = gamequery;
const { QUERY_PROTOCOLS, SERVE_PROTOCOLS, RCON_PROTOCOLS, PROTOCOL_REGISTRY } = require('gamequery-wasm/glue');
const { printStatus, clean, hexDump } = require('./cli/format.js');
// Each query's flags and usage line, generated from the core's registry (`npm run build`).
const QUERY_FLAGS = require('./cli/protocols.json');

const USAGE = `Usage:
  gamequery <protocol> <host[:port]> [--json] [--timeout ms] [--retries n] [--debug]
${QUERY_PROTOCOLS.map((p) => `      ${`${p}:`.padEnd(18)} ${QUERY_FLAGS[p]?.usage ?? ''}`.trimEnd()).join('\n')}
  gamequery <game> <host[:game port]> [--query-port N] [its protocol's options]
      e.g. gamequery rust play.example.org:28015 — the query ports the game uses are tried at once
  gamequery games [search] [--all] [--json]
      the games and their ports (--all: those whose protocol is not here yet too)
  gamequery scan <FILE|-> [--game G] [--csv] [--concurrency N] [--timeout ms] [--retries n]
      lines of "game-or-protocol host[:port]" (or bare addresses with --game), one NDJSON
      object per server as it finishes (--csv: rows); progress and a summary on stderr
  gamequery serve <protocol|game> [--host ip] [--port N] [--state file.json] [--rate-limit B/S|off]
      samp: [--legacy] [--rcon-password P]; minecraft-java: [--rcon-password P] [--rcon-port N]
      UDP responders answer each source address at most B requests at once, refilled S a
      second (default 20/10, SA:MP's 60/30: no amplifier for forged sources); off for local
      scans and tests
  gamequery rcon ${RCON_PROTOCOLS.join('|')} <host[:port]> --password P <command...> [--timeout ms] [--json] [--debug]
      ${PROTOCOL_REGISTRY.filter((p) => p.rcon).map((p) => `${p.name}: ${p.rcon.session ? 'Source RCON, ' : ''}default port ${p.rcon.port}`).join('; ')}
      SA:MP's: [--idle ms] [--encoding X]
  gamequery demo

Options everywhere: --color / --no-color (default: colour on a terminal; NO_COLOR and
FORCE_COLOR are honoured), -h / --help, --version.
Protocols: ${QUERY_PROTOCOLS.join(', ')}. Games: 'gamequery games'. IPv6 targets as [::1]:7777.
Exit codes: 0 answered, 1 the query failed (the message names the code), 2 bad usage
(including options the library refuses: GQ_INVALID_ARGUMENT, GQ_BAD_ENCODING).`;

const EVERYWHERE = ['help', 'version', 'color', 'no-color'];
const NETWORK = ['json', 'timeout', 'retries', 'debug'];
const ownFlags = (protocol) => QUERY_FLAGS[protocol]?.flags ?? [];
/** The option `tls` (kind 'tls') comes from four flags, the same for every HTTP protocol. */
const TLS_FLAGS = ['tls', 'tls-ca', 'tls-insecure', 'tls-server-name'];
const flagNames = (f) => (f.kind === 'tls' ? TLS_FLAGS : [f.flag]);
/** Flags each command accepts, and which of them take no value. */
const COMMANDS = {
  ...Object.fromEntries(QUERY_PROTOCOLS.map((p) => [p, [...NETWORK, ...ownFlags(p).flatMap(flagNames)]])),
  serve: ['host', 'port', 'state', 'legacy', 'rcon-password', 'rcon-port', 'rate-limit'],
  rcon: [...NETWORK, 'password', 'idle', 'encoding'],
  games: ['json', 'all'],
  'unsupported-game': NETWORK,
  scan: ['game', 'csv', 'concurrency', 'timeout', 'retries'],
  demo: [],
};
const BOOLEAN = ['help', 'version', 'color', 'no-color', 'json', 'debug', 'legacy', 'all', 'csv',
  ...new Set(QUERY_PROTOCOLS.flatMap((p) => ownFlags(p).filter((f) => f.kind === 'set').map((f) => f.flag))),
  'tls', 'tls-insecure'];

class UsageError extends Error {}

/** Splits argv into positionals and flags (`--x v`, `--x=v`, boolean `--x`, `-h`). */
function parseArgs(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h') {
      flags.help = true;
      continue;
    }
    if (!a.startsWith('--') || a === '--') {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s);
    if (BOOLEAN.includes(name)) flags[name] = true;
    else if (inline !== undefined) flags[name] = inline;
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags[name] = argv[++i];
    else flags[name] = undefined;
  }
  return { positional, flags };
}

function checkFlags(command, flags) {
  const known = [...EVERYWHERE, ...(COMMANDS[command] ?? [])];
  for (const [name, value] of Object.entries(flags)) {
    if (!known.includes(name)) {
      const near = known.filter((k) => distance(k, name) <= 2).sort((a, b) => distance(a, name) - distance(b, name));
      const like = near.length ? ` — did you mean --${near[0]}?` : '';
      throw new UsageError(`unknown option --${name} for '${command}'${like}; its options: ${known.map((k) => `--${k}`).join(', ')}`);
    }
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
  }
}

function number(flags, name) {
  if (flags[name] === undefined) return undefined;
  const n = Number(flags[name]);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got ${JSON.stringify(flags[name])}`);
  return n;
}

/** `name` if it is one of `known` (what the command takes); `what` names the argument. */
function protocolOf(name, known = QUERY_PROTOCOLS, what = 'the protocols') {
  if (name === undefined) throw new UsageError(`needs a protocol; ${what}: ${known.join(', ')}`);
  // A protocol with packets but no query of its own: Source RCON, which `rcon` runs.
  const codec = PROTOCOL_REGISTRY.find((p) => p.name === name && p.packets && !p.query && !known.includes(name));
  if (codec) {
    const runs = PROTOCOL_REGISTRY.filter((p) => p.rcon?.session).map((p) => p.name).join('|');
    throw new UsageError(`${name} is a packet codec, not a query: run a command with 'gamequery rcon ${runs} <host> --password P <command>'`);
  }
  if (!known.includes(name)) throw new UsageError(`unknown protocol ${JSON.stringify(name)}; ${what}: ${known.join(', ')}`);
  return name;
}

/** No positional arguments past `count`. */
function noMore(args, count) {
  if (args.length > count) throw new UsageError(`unexpected argument${args.length - count > 1 ? 's' : ''}: ${args.slice(count).join(' ')}`);
}

/** Colour on a terminal only; --color/--no-color, then NO_COLOR and FORCE_COLOR, decide first. */
function useColor(flags) {
  if (flags['no-color']) return false;
  if (flags.color) return true;
  if (process.env.NO_COLOR) return false;
  if (process.env.FORCE_COLOR !== undefined) return process.env.FORCE_COLOR !== '0';
  return process.stdout.isTTY === true;
}

/** `--debug`: a hex dump of every datagram or chunk, on stderr. */
function tracer(flags) {
  return flags.debug ? (event) => process.stderr.write(`${hexDump(event)}\n`) : undefined;
}

async function main(argv, state) {
  const { positional, flags } = parseArgs(argv);
  const [command, ...rest] = positional;
  state.json = Boolean(flags.json);
  if (flags.version) return console.log(JSON.parse(readFileSync(join(__dirname, 'package.json'), 'utf8')).version);
  if (flags.help) return console.log(USAGE);
  // Nothing asked: the usage, on stderr, as bad usage (a script's typo must not pass as success).
  if (!command) throw new UsageError('needs a command: a protocol or game to query, games, scan, serve, rcon or demo');
  const color = useColor(flags);
  if (command === 'demo') {
    checkFlags('demo', flags);
    noMore(rest, 0);
    return require('./cli/demo.js').demo({ color });
  }
  if (command === 'serve') {
    checkFlags('serve', flags);
    noMore(rest, 1);
    return serveCommand(servedAs(rest[0]), flags);
  }
  if (command === 'rcon') {
    checkFlags('rcon', flags);
    const [protocol, target, ...words] = rest;
    protocolOf(protocol, RCON_PROTOCOLS, 'rcon takes');
    if (!target || words.length === 0 || flags.password === undefined) throw new UsageError('rcon needs <protocol> <host> --password P <command>');
    const options = { password: flags.password, timeout: number(flags, 'timeout'), retries: number(flags, 'retries'), idle: number(flags, 'idle'), encoding: flags.encoding, trace: tracer(flags) };
    const lines = await rcon(protocol, target, options, words.join(' '));
    if (flags.json) return console.log(JSON.stringify(lines, null, 2));
    // SA:MP RCON has no reply to a command that prints nothing, and none when RCON is off.
    if (lines.length === 0) return console.error(protocol === 'samp' ? 'no output (or RCON is disabled on the server)' : 'no output');
    return console.log(lines.map((l) => clean(l)).join('\n'));
  }
  if (command === 'scan') {
    checkFlags('scan', flags);
    if (!rest[0]) throw new UsageError('scan needs a list: a file, or - for stdin');
    noMore(rest, 1);
    const options = { game: flags.game, csv: Boolean(flags.csv), concurrency: number(flags, 'concurrency') ?? 64, timeout: number(flags, 'timeout'), retries: number(flags, 'retries') };
    if (options.game !== undefined) gameOrProtocol(options.game);
    try {
      process.exitCode = await require('./cli/scan.js').scan(rest[0], options);
    } catch (e) {
      if (e.usage || e.code === 'ENOENT') throw new UsageError(e.code === 'ENOENT' ? `scan: no such file ${rest[0]}` : e.message);
      throw e;
    }
    return;
  }
  if (command === 'games') {
    checkFlags('games', flags);
    return listGames(rest.join(' '), flags);
  }
  // A protocol's name is the protocol (a codec-only one gets its own message), else a game's id.
  const game = PROTOCOL_REGISTRY.some((p) => p.name === command) ? undefined : gameOf(command);
  const protocol = game ? game.protocol : protocolOf(command, QUERY_PROTOCOLS, 'the protocols');
  // A game whose protocol is not here yet takes the flags every query takes (its query
  // then says what it needs).
  checkFlags(game && !QUERY_PROTOCOLS.includes(protocol) ? 'unsupported-game' : protocol, game ? omitFlag(flags, 'query-port') : flags);
  if (!rest[0]) throw new UsageError(`${command} needs a target <host[:port]>`);
  noMore(rest, 1);
  const options = { timeout: number(flags, 'timeout'), retries: number(flags, 'retries'), trace: tracer(flags) };
  if (game && flags['query-port'] !== undefined) options.queryPort = number(flags, 'query-port');
  for (const { flag, option, kind, value } of ownFlags(protocol)) {
    if (kind === 'tls') options[option] = tlsOption(flags);
    if (flags[flag] === undefined || kind === 'tls') continue;
    if (kind === 'set') options[option] = value;
    else if (kind === 'number') options[option] = number(flags, flag);
    else if (kind === 'list') options[option] = flags[flag].split(',').map((c) => c.trim());
    else if (kind === 'text-or-none') options[option] = flags[flag] === 'none' ? false : flags[flag];
    else options[option] = flags[flag];
  }
  const status = await query(command, rest[0], options);
  if (flags.json) console.log(JSON.stringify(status, null, 2));
  else printStatus(status, { color });
}

/**
 * The option `tls` from its flags: `--tls` alone is `true` (checked against the roots);
 * `--tls-ca FILE` (PEM, read here), `--tls-insecure` and `--tls-server-name N` say how,
 * and imply `--tls`. None of them: the protocol's default.
 */
function tlsOption(flags) {
  const how = {};
  if (flags['tls-ca'] !== undefined) {
    try {
      how.ca = readFileSync(flags['tls-ca'], 'utf8');
    } catch (e) {
      throw new UsageError(`--tls-ca: cannot read ${flags['tls-ca']} (${e.code ?? e.message})`);
    }
  }
  if (flags['tls-insecure']) how.insecure = true;
  if (flags['tls-server-name'] !== undefined) how.serverName = flags['tls-server-name'];
  if (Object.keys(how).length > 0) return how;
  return flags.tls ? true : undefined;
}

/** A protocol's name or a game's id, as `--game` takes it. */
function gameOrProtocol(name) {
  return PROTOCOL_REGISTRY.some((p) => p.name === name) ? name : gameOf(name).id;
}

/** The game `id` names (or named before), for a query: a usage error when there is none. */
function gameOf(id, protocols = QUERY_PROTOCOLS) {
  // Ids are lower case: `Rust` is `rust` (as the core's lookup).
  const key = id.toLowerCase();
  const game = (Object.hasOwn(gamequery.games, key) ? gamequery.games[key] : undefined) ?? Object.values(gamequery.games).find((g) => g.oldIds.includes(key));
  if (game) return game;
  // Closest first (typing slips, then ids and names that contain it), each once.
  const closeness = (g) => Math.min(...[g.id, ...g.oldIds].map((n) => distance(n, key)));
  const like = new Set([...Object.values(gamequery.games).filter((g) => closeness(g) <= 2).sort((a, b) => closeness(a) - closeness(b)), ...findGames(key)]);
  const near = [...like].slice(0, 5).map((g) => g.id);
  const hint = near.length ? `; did you mean ${near.join(', ')}?` : "; 'gamequery games' lists the games";
  throw new UsageError(`unknown protocol or game ${JSON.stringify(id)}; the protocols: ${protocols.join(', ')}${hint}`);
}

/** Edits between two words (Levenshtein), for "did you mean". */
function distance(a, b) {
  let row = [...Array(b.length + 1).keys()];
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

function omitFlag(flags, name) {
  const { [name]: _, ...rest } = flags;
  return rest;
}

/** Games whose id, old ids or name contain every word of `search` (any case). */
function findGames(search = '') {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const found = Object.values(gamequery.games).filter((g) => {
    // The protocol too: `gamequery games gamespy1` lists what speaks it.
    const text = [g.id, g.name, ...g.oldIds, g.protocol].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
  // The id itself first, then ids and names that start with what was asked.
  const whole = words.join(' ');
  const rank = (g) => ([g.id, ...g.oldIds].includes(whole) ? 0 : g.id.startsWith(whole) ? 1
    : g.name.toLowerCase().split(/[^a-z0-9]+/).some((w) => w.startsWith(words[0] ?? '')) ? 2 : 3);
  return found.sort((a, b) => rank(a) - rank(b));
}

/** A game's ports as a person reads them: `game 28015, query +1`. */
function portsOf(g) {
  const query = g.queryPort !== null ? `query ${g.queryPort}`
    : g.queryPortOffsets.length ? `query ${g.queryPortOffsets.map((o) => (o < 0 ? `${o}` : `+${o}`)).join(' or ')}`
      : 'query on the game port';
  return [g.gamePort === null ? undefined : `game ${g.gamePort}`, query].filter(Boolean).join(', ');
}

function listGames(search, flags) {
  const found = findGames(search).filter((g) => flags.all || g.supported || search);
  if (flags.json) return console.log(JSON.stringify(found, null, 2));
  if (found.length === 0) throw new UsageError(`no game matches ${JSON.stringify(search)}; 'gamequery games --all' lists every game`);
  const idWidth = Math.max(...found.map((g) => g.id.length));
  const protoWidth = Math.max(...found.map((g) => g.protocol.length));
  for (const g of found) {
    const note = g.supported ? '' : '  (not yet supported)';
    console.log(`${g.id.padEnd(idWidth)}  ${g.protocol.padEnd(protoWidth)}  ${g.name} — ${portsOf(g)}${note}`);
  }
  const hidden = Object.values(gamequery.games).length - found.length;
  if (!search && !flags.all && hidden > 0) console.error(`${found.length} games gamequery can query; ${hidden} more wait for their protocol (--all lists them).`);
}

/** `serve <protocol|game>`: the protocol, and the game when a game id was given. */
function servedAs(name) {
  if (name === undefined) throw new UsageError(`needs a protocol or a game; serve takes: ${SERVE_PROTOCOLS.join(', ')}, or a game id ('gamequery games')`);
  // A protocol's name first (`quake2` is a game too); `minecraft`, which races two
  // editions, serves as the game (Java's responder).
  if (SERVE_PROTOCOLS.includes(name) || (PROTOCOL_REGISTRY.some((p) => p.name === name) && !gamequery.games[name])) {
    return { protocol: protocolOf(name, SERVE_PROTOCOLS, 'serve takes') };
  }
  const game = gameOf(name, SERVE_PROTOCOLS);
  if (!game.serve) throw new UsageError(`${game.name} (${game.id}) answers in ${game.protocol}, which gamequery has no responder for yet`);
  return { protocol: game.serve, game: game.id };
}

/** `--state file.json`: its JSON, or a usage error that says what is wrong with the file. */
function readState(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const why = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'a directory' }[e.code] ?? e.message;
    throw new UsageError(`--state ${file}: cannot read it (${why})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--state ${file}: not JSON (${e.message})`);
  }
}

/** `--rate-limit B/S` (burst, refill a second) or `off`. */
function rateLimit(text) {
  // Off: more than any source can send (the limit is per source address).
  if (text === 'off') return { burst: 4294967295, perSecond: 4294967295 };
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) throw new UsageError(`--rate-limit takes BURST/PER_SECOND (default 20/10, SA:MP's 60/30) or off, got ${JSON.stringify(text)}`);
  return { burst: Number(m[1]), perSecond: Number(m[2]) };
}

async function serveCommand({ protocol, game }, flags) {
  const samp = protocol === 'samp';
  const state = flags.state ? readState(flags.state) : sampleState(protocol, { game });
  // Without --port each protocol's responder takes its own default (the core's), a game's
  // its query port.
  const options = { host: flags.host, port: number(flags, 'port'), game };
  const console_ = (cmd) => [`(gamequery serve) no console here; got "${cmd}"`];
  if (samp && flags.legacy) options.legacy = true;
  if (flags['rate-limit'] !== undefined) options.rateLimit = rateLimit(flags['rate-limit']);
  if (flags['rcon-port'] !== undefined && protocol !== 'minecraft-java') throw new UsageError('--rcon-port is for serve minecraft-java (SA:MP answers RCON on its query port)');
  if (flags['rcon-password']) {
    if (!samp && protocol !== 'minecraft-java') throw new UsageError('--rcon-password is for serve samp and serve minecraft-java');
    options.rcon = { password: flags['rcon-password'], handler: console_ };
    if (protocol === 'minecraft-java') options.rcon.port = number(flags, 'rcon-port');
  }
  // A saved `gamequery samp host --json` output is a Status: serve its raw part.
  const server = await serve(protocol, state.raw ?? state, options);
  // The sample advertises the game port that goes with the port bound (a free one for --port 0).
  if (!flags.state) server.update(sampleState(protocol, { game, port: server.port }));
  const host = server.address.includes(':') ? `[${server.address}]` : server.address;
  const rconAt = server.rconPort === undefined ? '' : `, RCON on ${host}:${server.rconPort}`;
  const as = game ? `${gamequery.games[game].name} (${protocol})` : protocol;
  console.log(`serving ${as} on ${host}:${server.port}${rconAt} (Ctrl-C to stop)`);
  // A line when the rate limit drops requests, at most one a second (the limit is silent to
  // the client, which sees a timeout).
  let logged = 0;
  const watch = setInterval(() => {
    const { requests, source } = server.dropped();
    if (requests === logged) return;
    const off = flags['rate-limit'] === undefined ? ' (--rate-limit off answers every request)' : '';
    console.error(`gamequery serve: the rate limit dropped ${requests - logged} request${requests - logged === 1 ? '' : 's'}, the latest from ${source}${off}`);
    logged = requests;
  }, 1000);
  watch.unref();
  const stop = async () => {
    clearInterval(watch);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// Output piped into `head` and closed early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

const state = { json: false };
main(process.argv.slice(2), state).catch((e) => {
  // What the library refuses as an argument is a usage error too, found a step later.
  if (e instanceof UsageError || e?.code === 'GQ_INVALID_ARGUMENT' || e?.code === 'GQ_BAD_ENCODING') {
    const message = e instanceof UsageError ? e.message : `${e.code}: ${e.message}`;
    console.error(`gamequery: ${message}\n\nRun 'gamequery --help' for the usage.`);
    process.exit(2);
  }
  if (state.json) {
    const { name, code, message, protocol, target, address, port, attempts, field, offset, candidates, httpStatus, retryAfter } = e;
    console.log(JSON.stringify({ error: { name, code: code ?? 'GQ_ERROR', message, protocol, target, address, port, attempts, field, offset, candidates, httpStatus, retryAfter } }, null, 2));
  } else {
    console.error(`gamequery: ${e.code ? `${e.code}: ` : ''}${e.message}`);
  }
  process.exit(1);
});
