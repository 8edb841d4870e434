// TeamSpeak 3's ServerQuery through both engines: our query against our responder on
// 127.0.0.1 and ::1 (the voice port as the target, the ServerQuery's as an option); two
// real servers' conversations (Austinb/GameQ's captures, tests/fixtures/teamspeak3/)
// replayed over a socket; gamedig 5 and gamequery/gamedig reading one responder alike;
// opengsq (PyPI) reading it; hostile consoles ending typed within the deadline. And the
// WebQuery (HTTP, TeamSpeak 6's only query interface) the same way: our query against our
// responder with an API key, in plain HTTP and HTTPS, ts3-web-query (PyPI) reading it,
// refusals typed. No TeamSpeak server runs here (not in Debian).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as addon from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { fakeTcpServer, failure, opengsq, pythonPackage } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = addon.sampleState('teamspeak3');

async function served(s = state, host = '127.0.0.1', options = {}) {
  const server = await addon.serve('teamspeak3', s, { host, port: 0, ...options });
  closers.push(() => server.close());
  return server;
}

test('our query reads our responder on 127.0.0.1 and ::1: the voice server by its port, or by id', async () => {
  for (const host of ['127.0.0.1', '::1']) {
    const server = await served(state, host);
    const target = host.includes(':') ? `[${host}]:9987` : `${host}:9987`;
    const s = await addon.query('teamspeak3', target, { queryPort: server.port, timeout: 2000 });
    assert.deepEqual([s.protocol, s.name, s.version, s.password, s.players.online, s.players.max, s.port, s.map],
      ['teamspeak3', 'gamequery demo — Voice Lounge ✓', '3.13.7 [Build: 1655727713]', false, 3, 32, server.port, null]);
    assert.equal(s.connect, host.includes(':') ? '[::1]:9987' : '127.0.0.1:9987', 'players join the voice port');
    assert.deepEqual(s.players.list, [{ name: 'Ana / Lobby', id: 1 }, { name: 'Bo Gaming', id: 3 }, { name: 'Čeněk', id: 4 }]);
    assert.deepEqual([s.raw.server, s.raw.clients.length, s.raw.channels.map((c) => c.channel_name), s.raw.warnings], ['TS3', 4, ['Lobby', 'Gaming', 'Staff only'], []]);
    assert.deepEqual(s.raw.serverinfo, state.serverinfo);
  }
  const server = await served();
  const byId = await addon.query('teamspeak3', '127.0.0.1', { queryPort: server.port, serverId: 1, players: false, channels: false, timeout: 2000 });
  assert.deepEqual([byId.name, byId.players.online, byId.players.list, byId.raw.clients, byId.raw.channels], ['gamequery demo — Voice Lounge ✓', 3, [], undefined, undefined]);
  const d = addon.describeStatus(await addon.query('teamspeak3', '127.0.0.1:9987', { queryPort: server.port, timeout: 2000 }));
  assert.deepEqual(['platform', 'players', 'uptime'].map((k) => d.fields.find(([f]) => f === k)[1]), ['Linux', '3/32', '86400 s']);
  assert.deepEqual(d.sections.find((x) => x.title === 'channels').rows[2], ['Staff only', -1, 'keep out']);
  // Another voice port on that ServerQuery: no virtual server there.
  const { e } = await failure(() => addon.query('teamspeak3', '127.0.0.1:9988', { queryPort: server.port, timeout: 2000 }));
  assert.equal(e.code, 'GQ_PORT_CLOSED');
  assert.match(e.message, /no virtual server running at voice port 9988 \(error 1024 \(invalid serverID\)\)/);
});

test('every escape round-trips: names, topics and the welcome with | \\ / and control characters', async () => {
  const odd = 'a|b\\c/d e\tf\ng\u0007';
  const s0 = { ...state, serverinfo: { ...state.serverinfo, virtualserver_name: odd, virtualserver_welcomemessage: odd }, clients: [{ ...state.clients[0], client_nickname: odd }] };
  const server = await served(s0);
  const s = await addon.query('teamspeak3', '127.0.0.1', { queryPort: server.port, timeout: 2000 });
  assert.deepEqual([s.name, s.raw.serverinfo.virtualserver_welcomemessage, s.players.list[0].name], [odd, odd, odd]);
});

/** A fake ServerQuery that plays a captured conversation: the banner, then each command's reply. */
async function replaying(n) {
  const text = readFileSync(new URL(`../fixtures/teamspeak3/gameq-${n}_response.txt`, import.meta.url), 'latin1').replaceAll('\n||\n', '');
  // The replies end at their error lines; GameQ sent `use` before each command.
  const ends = [...text.matchAll(/error id=\d+[^\n]*\n\r?/g)].map((m) => m.index + m[0].length);
  const banner = text.slice(0, text.indexOf('\n') + 1);
  const parts = ends.map((end, i) => text.slice(i === 0 ? banner.length : ends[i - 1], end));
  const reply = { use: parts[0], serverinfo: parts[1], clientlist: parts[3], channellist: parts[5], quit: 'error id=0 msg=ok\n\r' };
  return fakeTcpServer((socket) => {
    socket.write(Buffer.from(banner, 'latin1'));
    let pending = '';
    socket.on('data', (d) => {
      pending += d.toString('latin1');
      let i;
      while ((i = pending.indexOf('\n')) >= 0) {
        const command = pending.slice(0, i).split(' ')[0];
        pending = pending.slice(i + 1);
        if (reply[command]) socket.write(Buffer.from(reply[command], 'latin1'));
        if (command === 'quit') socket.end();
      }
    });
  });
}

test("two real servers' conversations (GameQ's captures) replayed over a socket", async () => {
  for (const [n, name, online, max, listed, channels, password] of [[1, 'www.hengeofdenravi.com', 166, 350, 165, 214, true], [2, 'DWM Gaming', 106, 500, 97, 231, false]]) {
    const fake = await replaying(n);
    closers.push(fake.close);
    const s = await addon.query('teamspeak3', '127.0.0.1:9987', { queryPort: fake.port, timeout: 3000 });
    assert.deepEqual([s.name, s.players.online, s.players.max, s.players.list.length, s.players.partial, s.raw.channels.length, s.password, s.version],
      [name, online, max, listed, true, channels, password, '3.0.11.2 [Build: 1418654632]'], `capture ${n}`);
  }
});

test('gamedig 5 and gamequery/gamedig read one responder alike, but for the counts', async () => {
  const server = await served();
  const options = { type: 'teamspeak3', host: '127.0.0.1', port: 9987, teamspeakQueryPort: server.port, socketTimeout: 1000, attemptTimeout: 3000 };
  const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
  for (const key of ['name', 'map', 'password', 'version', 'queryPort', 'connect']) assert.deepEqual(ours[key], theirs[key], key);
  assert.deepEqual(ours.players, [...theirs.players].map((p) => ({ ...p })));
  assert.deepEqual(ours.raw, theirs.raw);
  // gamedig's counts are the record's text, the query clients (its own connection) counted.
  assert.deepEqual([ours.numplayers, ours.maxplayers, theirs.numplayers, theirs.maxplayers], [3, 32, '4', '32']);
  // gamedig leaves `\p` escaped.
  const piped = await served({ ...state, serverinfo: { ...state.serverinfo, virtualserver_name: 'Voice | Lounge' } });
  const [a, b] = await Promise.all([GameDig, Theirs].map((G) => G.query({ ...options, teamspeakQueryPort: piped.port })));
  assert.deepEqual([a.name, b.name], ['Voice | Lounge', 'Voice \\p Lounge']);
});

test('opengsq (PyPI) reads our responder: serverinfo, clients and channels', async () => {
  const server = await served();
  const out = JSON.parse(await opengsq('opengsq_teamspeak3_probe.py', ['127.0.0.1', String(server.port), '9987']));
  assert.deepEqual(out.info, state.serverinfo);
  assert.deepEqual(out.clients, state.clients);
  assert.deepEqual(out.channels, state.channels);
});

test('hostile consoles end typed within the deadline', async () => {
  const at = async (onConnection, options = {}) => {
    const fake = await fakeTcpServer(onConnection);
    closers.push(fake.close);
    const started = Date.now();
    const { e } = await failure(() => addon.query('teamspeak3', '127.0.0.1', { queryPort: fake.port, timeout: 1500, ...options }));
    assert.ok(Date.now() - started < 5000, `${e.code} after ${Date.now() - started} ms`);
    return e;
  };
  // Never an error line.
  let e = await at((s) => { s.write('TS3\n\r'); s.on('data', () => s.write('virtualserver_name=slow')); });
  assert.equal(e.code, 'GQ_TIMEOUT');
  assert.match(e.message, /0 of 4 replies came/);
  // A flood of text without end.
  e = await at((s) => { s.write('TS3\n\r'); s.on('data', () => { const mb = Buffer.alloc(1 << 20, 97); for (let i = 0; i < 10; i++) s.write(mb); }); });
  assert.equal(e.code, 'GQ_FRAME_TOO_LARGE');
  // An HTTP server, a silent one.
  e = await at((s) => s.on('data', () => s.end('HTTP/1.1 400 Bad Request\r\n\r\n')), { timeout: 800 });
  assert.equal(e.code, 'GQ_TIMEOUT', 'an HTTP server says nothing first');
  e = await at((s) => s.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
  assert.equal(e.code, 'GQ_WRONG_PROTOCOL');
  assert.match(e.message, /not a TeamSpeak ServerQuery: it answered like HTTP/);
  // The guest may not view the server; a flood ban.
  e = await at((s) => { s.write('TS3\n\r'); s.on('data', () => s.write('error id=0 msg=ok\n\rerror id=2568 msg=insufficient\\sclient\\spermissions failed_permid=4\n\r')); });
  assert.equal(e.code, 'GQ_AUTH');
  assert.match(e.message, /b_virtualserver_info_view/);
  e = await at((s) => { s.write('TS3\n\r'); s.on('data', () => s.end('error id=3329 msg=connection\\sfailed,\\syou\\sare\\sbanned extra_msg=you\\smay\\sretry\\sin\\s600\\sseconds\n\r')); });
  assert.equal(e.code, 'GQ_RATE_LIMITED');
  assert.match(e.message, /you may retry in 600 seconds/);
});

const KEY = 'BAByFoiEXZfnSJyE6dbXFiW_nn_SdwkclpKNz9j';
const keyed = { ...state, apiKey: KEY };
const webQuery = (host = '127.0.0.1', options = {}) => served(keyed, host, { webQuery: true, ...options });

test('WebQuery: our query with an API key reads our responder on 127.0.0.1 and ::1, as the console', async () => {
  const console = await served();
  const fromConsole = await addon.query('teamspeak3', '127.0.0.1:9987', { queryPort: console.port, timeout: 2000 });
  for (const host of ['127.0.0.1', '::1']) {
    const server = await webQuery(host);
    const target = host.includes(':') ? `[${host}]:9987` : `${host}:9987`;
    const sent = [];
    const s = await addon.query('teamspeak3', target, { queryPort: server.port, token: KEY, timeout: 2000, trace: (t) => t.direction === 'send' && sent.push(Buffer.from(t.bytes).toString()) });
    assert.deepEqual([s.protocol, s.name, s.version, s.password, s.players.online, s.players.max, s.port, s.connect],
      ['teamspeak3', fromConsole.name, fromConsole.version, false, 3, 32, server.port, host.includes(':') ? '[::1]:9987' : '127.0.0.1:9987']);
    assert.deepEqual(s.players.list, fromConsole.players.list);
    assert.deepEqual({ ...s.raw, latencyMs: 0 }, { ...fromConsole.raw, server: 'WebQuery', latencyMs: 0 });
    // Three requests at once, the key never shown.
    assert.deepEqual(sent.map((t) => t.split(' ')[1]).sort(), ['/byport/9987/channellist?-topic', '/byport/9987/clientlist', '/byport/9987/serverinfo']);
    assert.ok(sent.every((t) => t.includes('x-api-key: [redacted]') && !t.includes(KEY)), sent.join('\n'));
  }
  const server = await webQuery();
  const byId = await addon.query('teamspeak3', '127.0.0.1', { queryPort: server.port, token: KEY, serverId: 1, players: false, channels: false, timeout: 2000 });
  assert.deepEqual([byId.name, byId.players.online, byId.players.list, byId.raw.clients, byId.raw.channels], [fromConsole.name, 3, [], undefined, undefined]);
  // An empty server: its lists are error 1281 without a body, read as empty.
  const empty = await served({ ...keyed, clients: [], channels: [] }, '127.0.0.1', { webQuery: true });
  const e0 = await addon.query('teamspeak3', '127.0.0.1', { queryPort: empty.port, token: KEY, timeout: 2000 });
  assert.deepEqual([e0.players.list, e0.raw.clients, e0.raw.channels, e0.raw.warnings], [[], [], [], []]);
  // gamequery/gamedig passes gamedig's token (its pull request #756's name) through.
  const g = await GameDig.query({ type: 'teamspeak3', host: '127.0.0.1', port: 9987, teamspeakQueryPort: server.port, token: KEY });
  assert.deepEqual([g.name, g.numplayers, g.players.map((p) => p.name)], [fromConsole.name, 3, ['Ana / Lobby', 'Bo Gaming', 'Čeněk']]);
});

test('WebQuery over HTTPS (port 10443 by default), its certificate made at serve()', async () => {
  const server = await webQuery('127.0.0.1', { tls: true });
  const s = await addon.query('teamspeak3', '127.0.0.1', { queryPort: server.port, token: KEY, tls: { insecure: true }, timeout: 2000 });
  assert.deepEqual([s.name, s.players.online, s.raw.server], ['gamequery demo — Voice Lounge ✓', 3, 'WebQuery']);
  const { e } = await failure(() => addon.query('teamspeak3', '127.0.0.1', { queryPort: server.port, token: KEY, tls: true, timeout: 2000 }));
  assert.equal(e.code, 'GQ_TLS', 'checked against the roots, a self-signed certificate is refused');
  const { e: plain } = await failure(() => addon.query('teamspeak3', '127.0.0.1', { queryPort: server.port, token: KEY, timeout: 2000 }));
  assert.match(plain.message, /it speaks HTTPS; set the option tls|does so to a plain request: the option tls/, 'a TLS alert (rustls), or a close (Node)');
  const { e: noKey } = await failure(() => addon.query('teamspeak3', '127.0.0.1', { tls: true }));
  assert.equal(noKey.code, 'GQ_INVALID_ARGUMENT');
  assert.match(noKey.message, /option tls is for WebQuery \(HTTPS\): give its API key as the option token too/);
  const { e: serveTls } = await failure(() => addon.serve('teamspeak3', state, { port: 0, tls: true }));
  assert.equal(serveTls.code, 'GQ_INVALID_ARGUMENT');
});

test('WebQuery refusals are typed: the key, the voice port, the console at that port, TeamSpeak 6 without a key', async () => {
  const server = await webQuery();
  let { e } = await failure(() => addon.query('teamspeak3', '127.0.0.1', { queryPort: server.port, token: 'wrong', timeout: 2000 }));
  assert.equal(e.code, 'GQ_AUTH');
  assert.match(e.message, /WebQuery refused serverinfo: error 5122 \(invalid apikey, extra_message=invalid api key\); the option token is a WebQuery API key/);
  assert.ok(!e.message.includes('wrong'), 'the key is never in a message');
  ({ e } = await failure(() => addon.query('teamspeak3', '127.0.0.1:9988', { queryPort: server.port, token: KEY, timeout: 2000 })));
  assert.equal(e.code, 'GQ_PORT_CLOSED');
  assert.match(e.message, /no virtual server running at voice port 9988/);
  // The key given, the raw console asked: it says so.
  const console = await served();
  ({ e } = await failure(() => addon.query('teamspeak3', '127.0.0.1', { queryPort: console.port, token: KEY, timeout: 2000 })));
  assert.equal(e.code, 'GQ_WRONG_PROTOCOL');
  assert.match(e.message, /WebQuery answers HTTP on port 10080 \(10443 with the option tls\), the raw ServerQuery on 10011/);
  // No console at the port (TeamSpeak 6 has none): where to look instead.
  const gone = await fakeTcpServer(() => {});
  await gone.close();
  ({ e } = await failure(() => addon.query('teamspeak3', '127.0.0.1', { queryPort: gone.port, timeout: 2000 })));
  assert.equal(e.code, 'GQ_PORT_CLOSED');
  assert.match(e.message, /TeamSpeak 6 has no raw ServerQuery: its WebQuery \(HTTP, port 10080\) answers a query given its API key as the option token/);
  // A 401 that is no WebQuery's JSON is the HTTP refusal, with what the token is.
  const plain = await fakeTcpServer((s) => s.on('data', () => s.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 9\r\n\r\nnot found')));
  closers.push(plain.close);
  ({ e } = await failure(() => addon.query('teamspeak3', '127.0.0.1', { queryPort: plain.port, token: KEY, timeout: 2000 })));
  assert.equal(e.code, 'GQ_AUTH');
  assert.match(e.message, /answered HTTP 401 Unauthorized; the option token is a WebQuery API key/);
  // A list refused (the key's scope): a warning, the status whole.
  const scoped = await fakeTcpServer((s) => s.on('data', (d) => {
    const ok = d.toString().startsWith('GET /byport/9987/serverinfo');
    const body = ok ? JSON.stringify({ body: [state.serverinfo], status: { code: 0, message: 'ok' } })
      : JSON.stringify({ status: { code: 5120, message: 'out of scope', extra_message: 'command not in api key scope' } });
    s.end(`HTTP/1.1 ${ok ? 200 : 400} X\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }));
  closers.push(scoped.close);
  const s = await addon.query('teamspeak3', '127.0.0.1', { queryPort: scoped.port, token: KEY, timeout: 2000 });
  assert.equal(s.name, 'gamequery demo — Voice Lounge ✓');
  assert.deepEqual(s.raw.warnings.map((w) => w.split(':')[0]).sort(), ['channellist', 'clientlist']);
  assert.match(s.raw.warnings[0], /error 5120 \(out of scope, extra_message=command not in api key scope\)/);
});

test('ts3-web-query (PyPI), an independent WebQuery client, reads our responder', async () => {
  const server = await webQuery();
  const site = pythonPackage('ts3-web-query', '0.2.2', 'ts3_web_query');
  const probe = fileURLToPath(new URL('../peers/ts3_web_query_probe.py', import.meta.url));
  const { stdout } = await promisify(execFile)('python3', [probe, `http://127.0.0.1:${server.port}`, KEY, '1'],
    { env: { ...process.env, PYTHONPATH: site }, timeout: 30_000 });
  const out = JSON.parse(stdout);
  assert.deepEqual(out.info, state.serverinfo);
  assert.deepEqual(out.clients, state.clients.map((c) => c.client_nickname));
  assert.deepEqual(out.channels, state.channels.map((c) => c.channel_name));
  assert.deepEqual(out.version, ['3.13.7', 1655727713, 'Linux']);
  assert.deepEqual(out.servers, [['1', '9987']].map(([id, port]) => [Number(id), Number(port)]));
  assert.equal(out.refused.code, 5122);
});
