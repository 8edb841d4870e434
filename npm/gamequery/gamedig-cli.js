#!/usr/bin/env node
'use strict';
// The `gamedig` command, over `gamequery/gamedig`: gamedig 5's command line as scripts run
// it (LinuxGSM's `gamedig --type protocol-valve 1.2.3.4:27015 | jq .name`). Its arguments
// are parsed by minimist with gamedig's settings, so every flag reads as it did; its output
// is the result as one line of JSON (`--pretty`, `--debug`: indented), or `{"error": …}`,
// and it exits 0 either way, as gamedig does: scripts read `.error`, not the exit code.
const minimist = require('minimist');
const { GameDig } = require('./gamedig.js');

const argv = minimist(process.argv.slice(2), {
  boolean: ['pretty', 'debug', 'givenPortOnly', 'requestRules', 'requestPlayers', 'requestRulesRequired', 'requestPlayersRequired',
    'stripColors', 'portCache', 'noBreadthOrder', 'checkOldIDs', 'rejectUnauthorized'],
  string: ['guildId', 'serverId', 'listenUdpPort', 'ipFamily', 'token'],
  default: { stripColors: true, portCache: true, requestPlayers: true },
});

const options = {};
for (const [key, value] of Object.entries(argv)) {
  if (key !== '_' && !key.startsWith('$')) options[key] = value;
}
// `host:port` as the first word (gamedig splits at every colon: an IPv6 address needs --host).
if (argv._.length >= 1) {
  const [host, port] = String(argv._[0]).split(':');
  options.host = host;
  if (port !== undefined) options.port = port;
}

const print = (value) => console.log(options.pretty || options.debug ? JSON.stringify(value, null, '  ') : JSON.stringify(value));

const listenUdpPort = options.listenUdpPort === undefined || options.listenUdpPort === '' ? undefined : Number(options.listenUdpPort);
new GameDig({ listenUdpPort })
  .query(options)
  .then(print)
  .catch((error) => {
    if (options.debug) console.log(error instanceof Error ? error.stack : error);
    else print({ error: error instanceof Error ? error.message : error });
  });
