// TeamSpeak 3's ServerQuery through both engines: our query against our responder on
// 127.0.0.1 and ::1 (the voice port as the target, the ServerQuery's as an option); two
// real servers' conversations (Austinb/GameQ's captures, tests/fixtures/teamspeak3/)
// replayed over a socket; gamedig 5 and gamequery/gamedig reading one responder alike;
// opengsq (PyPI) reading it; hostile consoles ending typed within the deadline. No
// TeamSpeak server runs here (not in Debian).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as addon from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure, opengsq } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = addon.sampleState('teamspeak3');

async function served(s = state, host = '127.0.0.1') {
  const server = await addon.serve('teamspeak3', s, { host, port: 0 });
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
