// Farming Simulator 19/22/25 through the web interface's stats feed, in both engines: our
// query against our responder (the XML written from a state), by protocol and by game id;
// the code sent and never shown; Debian's qstat (`-farmsim`) reading our responder;
// gamedig 5 and gamequery/gamedig reading one responder alike, and gamedig failing on a
// server with one mod; hostile replies typed. No server runs here (the game is sold, the
// dedicated server is Windows only) and no peer's test suite holds a captured feed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as pkg from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure, quakestat } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = pkg.sampleState('farmingsimulator');
const CODE = 's3cr3t&code';
const plain = (v) => JSON.parse(JSON.stringify(v));

async function served(s = state) {
  const server = await pkg.serve('farmingsimulator', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

test('our query reads our responder: name, map, version, the used slots, mods, the document', async () => {
  const server = await served();
  const s = await pkg.query('farmingsimulator', `127.0.0.1:${server.port}`, { token: CODE, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.map, s.version, s.password, s.players.online, s.players.max],
    ['farmingsimulator', 'gamequery demo — Farming Simulator ✓', 'Riverbend Springs', '1.10.1.0', false, 2, 6]);
  assert.deepEqual(s.players.list, [{ name: 'Farmer Ada' }, { name: 'Bö ✓' }]);
  assert.deepEqual([s.raw.server, s.raw.players, s.raw.mods], [state.server, state.players, state.mods]);
  assert.equal((s.raw.data.match(/<Player isUsed="false"\/>/g) ?? []).length, 4, 'every free slot a <Player>');
  const again = await served(s.raw);
  const t = await pkg.query('farmingsimulator25', `127.0.0.1:${again.port}`, { token: CODE, timeout: 2000 });
  assert.deepEqual([t.game.id, t.raw.data], ['farmingsimulator25', s.raw.data], 'a saved raw serves its document as it was');
  const d = pkg.describeStatus(s);
  assert.deepEqual(['game', 'mods'].map((k) => d.fields.find(([f]) => f === k)[1]), ['Farming Simulator 25', '2']);
});

test('the code: sent form-encoded as code=, never in a message or a trace; a reply that is no feed without it says to give it', async () => {
  const page = await fakeTcpServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n<html></html>')));
  closers.push(page.close);
  const { e } = await failure(() => pkg.query('farmingsimulator', `127.0.0.1:${page.port}`, { timeout: 2000 }));
  assert.equal(e.code, 'GQ_WRONG_PROTOCOL', 'another service on the port is told as such');
  assert.ok(e.message.endsWith("not a Farming Simulator server (no option token was given: the server's code, in its web interface under Settings: the XML link's code=)"), e.message);
  const empty = await fakeTcpServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n<Server/>')));
  closers.push(empty.close);
  for (const token of [undefined, '']) {
    const { e: refused } = await failure(() => pkg.query('farmingsimulator', `127.0.0.1:${empty.port}`, { timeout: 2000, token }));
    assert.deepEqual([refused.code, refused.message.includes('give the option token (the server\'s code')], ['GQ_AUTH', true], refused.message);
  }
  let asked;
  const fake = await fakeTcpServer((socket) => socket.once('data', (d) => {
    asked = d.toString().split('\r\n')[0];
    socket.end('HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n');
  }));
  closers.push(fake.close);
  const sent = [];
  const refused = await failure(() => pkg.query('farmingsimulator', `127.0.0.1:${fake.port}`, { token: CODE, timeout: 2000, trace: (t) => sent.push(Buffer.from(t.bytes).toString('latin1')) }));
  assert.equal(asked, `GET /feed/dedicated-server-stats.xml?code=${encodeURIComponent(CODE).replace(/%20/g, '+')} HTTP/1.1`);
  assert.equal(refused.e.code, 'GQ_HTTP_STATUS');
  for (const text of [refused.e.message, ...sent]) assert.ok(!text.includes('s3cr3t'), text);
  assert.ok(sent.some((t) => t.includes('[redacted]')));
});

test("Debian's qstat 2.17 (quakestat -farmsim) reads our responder: name, map, counts", { timeout: 30_000 }, async () => {
  const server = await served();
  const [line] = await quakestat('farmsim', server.port, ',code=a1b2');
  assert.deepEqual(line, ['FARMSIM', `127.0.0.1:${server.port},code=a1b2`, 'gamequery demo — Farming Simulator ✓', 'Riverbend Springs', '6', '2', '0', '0']);
});

test("serve's state: numbers as their text, what XML cannot carry refused", async () => {
  const server = await served({ ...state, slots: { capacity: 3 }, server: { ...state.server, mapSize: 4096 } });
  const s = await pkg.query('farmingsimulator', `127.0.0.1:${server.port}`, { token: CODE, timeout: 2000 });
  assert.deepEqual([s.players.max, s.raw.server.mapSize], [3, '4096']);
  for (const bad of [{ server: { 'a b': 'x' } }, { server: { name: 'bell\u0007' } }, { server: {}, slots: { capacity: 1e9 } }]) {
    const { e } = await failure(() => pkg.serve('farmingsimulator', bad, { host: '127.0.0.1', port: 0 }));
    assert.equal(e.code, 'GQ_INVALID_ARGUMENT', JSON.stringify(bad));
  }
});

test('gamedig 5 and gamequery/gamedig read one responder alike; gamedig fails on one mod or one slot', async () => {
  const server = await served();
  const options = { type: 'farmingsimulator22', host: '127.0.0.1', port: server.port, token: CODE, socketTimeout: 1000, attemptTimeout: 3000 };
  const ours = await GameDig.query({ ...options });
  const theirs = await new Theirs().query({ ...options });
  for (const key of ['name', 'map', 'password', 'version', 'numplayers', 'maxplayers', 'queryPort', 'connect']) assert.deepEqual(ours[key], theirs[key], key);
  assert.deepEqual(plain(ours.players), plain(theirs.players));
  assert.deepEqual(plain(ours.raw), plain(theirs.raw));
  assert.deepEqual(ours.players[0].raw, { isUsed: true, isAdmin: true, uptime: 42, x: 512.5, y: 88.25, z: -230.75 });
  // fast-xml-parser gives one element as an object, not a list: gamedig cannot walk it.
  const one = await served({ ...state, mods: state.mods.slice(0, 1) });
  const mine = await GameDig.query({ ...options, port: one.port });
  assert.deepEqual(mine.raw.mods.map((m) => m.short_name), ['FS25_Courseplay']);
  await assert.rejects(new Theirs().query({ ...options, port: one.port }));
});

test('hostile replies end typed within the deadline', async () => {
  const at = async (onConnection) => {
    const fake = await fakeTcpServer(onConnection);
    closers.push(fake.close);
    const started = Date.now();
    const { e } = await failure(() => pkg.query('farmingsimulator', `127.0.0.1:${fake.port}`, { token: CODE, timeout: 1500 }));
    assert.ok(Date.now() - started < 5000, `${e.code} after ${Date.now() - started} ms`);
    return e;
  };
  const answer = (body, head = 'HTTP/1.1 200 OK') => (s) => s.once('data', () => s.end(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
  assert.equal((await at(answer('<html><body>login</body></html>'))).code, 'GQ_WRONG_PROTOCOL');
  const auth = await at(answer('<?xml version="1.0"?><Server/>'));
  assert.deepEqual([auth.code, /check the option token/.test(auth.message)], ['GQ_AUTH', true]);
  const spaces = `<Server name="x" xmlns:p="u">${'<a xmlns:q="u"/>'.repeat(1000)}</Server>`;
  assert.equal((await at(answer(spaces))).code, 'GQ_MALFORMED');
  const broken = await at(answer('<Server name="x"><Slots></Server>'));
  assert.equal(broken.code, 'GQ_MALFORMED');
  assert.match(broken.message, /not XML: .*1:/);
  const laughs = '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Server name="&b;"/>';
  assert.equal((await at(answer(laughs))).code, 'GQ_MALFORMED');
  const deep = `<Server name="x">${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</Server>`;
  const fine = await served({ ...state, data: deep });
  assert.equal((await pkg.query('farmingsimulator', `127.0.0.1:${fine.port}`, { token: CODE, timeout: 3000 })).name, 'x');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n<')))).code, 'GQ_FRAME_TOO_LARGE');
  assert.equal((await at((s) => s.once('data', () => s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n<')))).code, 'GQ_TIMEOUT');
});
