// Palworld's REST API through both engines: our query against our responder (four
// endpoints, Basic auth), the password kept out of traces and errors, GQ_AUTH naming the
// option to check; gamedig 5 and gamequery/gamedig reading one responder alike; hostile
// HTTP servers (a 10 GB body, a slow drip, JSON nested 10,000 deep, not JSON) ending typed
// within the deadline; opengsq (PyPI, over aiohttp) reading our responder. No Palworld
// server runs here (it is not in Debian).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as addon from 'gamequery';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fakeTcpServer, failure, opengsq, peakGrowth } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const PASSWORD = 'pal-s3cret';
const state = { ...addon.sampleState('palworld'), password: PASSWORD };

async function served(s = state) {
  const server = await addon.serve('palworld', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

test('our query reads our responder: info, metrics, players and settings at once', async () => {
  const server = await served();
  const s = await addon.query('palworld', `127.0.0.1:${server.port}`, { password: PASSWORD, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.version, s.players.online, s.players.max, s.port], ['palworld', 'gamequery demo — Palpagos ✓', 'v0.3.11.64207', 2, 32, server.port]);
  assert.deepEqual(s.players.list, [
    { name: 'Lamball Rancher', id: 'steam_76561198000000001', ping: 23 },
    { name: 'Chikipi', id: 'steam_76561198000000002', ping: 62 },
  ]);
  assert.equal(s.raw.serverInfo.worldguid, '6C1A2E1F4B7D4E3A9A0B8C7D6E5F4A3B');
  assert.deepEqual([s.raw.metrics.serverfps, s.raw.metrics.days, s.raw.metrics.uptime], [60, 42, 86400]);
  assert.deepEqual(s.raw.players[0], { name: 'Lamball Rancher', accountName: 'ana', playerId: '3F2A9C11', userId: 'steam_76561198000000001', ip: '127.0.0.1', ping: 23.4, location_x: -350123.5, location_y: 152004.25, level: 27, building_count: 140 });
  assert.equal(s.raw.settings.PublicPort, 8211);
  assert.deepEqual(s.raw.warnings, []);
  // For people: the metrics, and the players with their levels.
  const d = addon.describeStatus(s);
  assert.deepEqual(['fps', 'days'].map((k) => d.fields.find(([f]) => f === k)[1]), ['60', '42']);
  const table = d.sections.find((x) => x.title.startsWith('players'));
  assert.deepEqual(table.headers, ['name', 'level', 'ping', 'userId']);
  // Without the parts asked for: metrics still give the counts.
  const lean = await addon.query('palworld', `127.0.0.1:${server.port}`, { password: PASSWORD, players: false, settings: false, timeout: 2000 });
  assert.deepEqual([lean.players.online, lean.players.list, lean.raw.settings], [2, [], undefined]);
});

test('a missing or wrong password is GQ_AUTH naming the option, and never shown', async () => {
  const server = await served();
  const target = `127.0.0.1:${server.port}`;
  {
    const { e } = await failure(() => addon.query('palworld', target, { timeout: 2000 }));
    assert.equal(e.code, 'GQ_AUTH');
    assert.match(e.message, /answered HTTP 401 Unauthorized: give the server's AdminPassword as the option password$/);
  }
  {
    const { e } = await failure(() => addon.query('palworld', target, { password: 'wrong-one', timeout: 2000 }));
    assert.equal(e.code, 'GQ_AUTH');
    assert.match(e.message, /answered HTTP 401 Unauthorized: the server refused the password/);
    assert.ok(!e.message.includes('wrong-one'), e.message);
  }
  // The trace shows each request, its credential hidden.
  const sent = [];
  await addon.query('palworld', target, { password: PASSWORD, timeout: 2000, trace: (ev) => ev.direction === 'send' && sent.push(Buffer.from(ev.bytes).toString('latin1')) });
  assert.equal(sent.length, 4);
  const secret = Buffer.from(`admin:${PASSWORD}`).toString('base64');
  for (const request of sent) {
    assert.match(request, /^GET \/v1\/api\/(info|players|metrics|settings) HTTP\/1\.1\r\n/);
    assert.match(request, /\r\nAuthorization: \[redacted\]\r\n/);
    assert.ok(!request.includes(secret) && !request.includes(PASSWORD), request);
  }
  await assert.rejects(addon.query('palworld', target, { password: 'a\r\nX-Evil: 1' }), { code: 'GQ_INVALID_ARGUMENT', message: /cannot hold a line end/ });
  await assert.rejects(addon.query('palworld', target, { passwrd: 'x' }), { code: 'GQ_INVALID_ARGUMENT', message: /did you mean password/ });
});

test('gamedig 5 and gamequery/gamedig read our responder alike', async () => {
  const server = await served();
  const options = { type: 'palworld', host: '127.0.0.1', port: server.port, username: 'admin', password: PASSWORD, socketTimeout: 1000, attemptTimeout: 3000 };
  const [ours, theirs] = [await GameDig.query(options), await Theirs.query(options)];
  for (const key of ['name', 'map', 'password', 'version', 'maxplayers', 'numplayers', 'queryPort', 'connect']) {
    assert.deepEqual(ours[key], theirs[key], key);
  }
  assert.deepEqual(ours.raw, theirs.raw);
  assert.deepEqual(ours.players, JSON.parse(JSON.stringify(theirs.players)));
  assert.deepEqual(ours.bots, JSON.parse(JSON.stringify(theirs.bots)));
  // Without a username gamedig sends `undefined:…` and is refused; ours is Palworld's `admin`.
  const { username, ...noUser } = options;
  void username;
  await assert.rejects(Theirs.query(noUser));
  assert.equal((await GameDig.query(noUser)).numplayers, 2);
});

/** A server answering each connection's request with `answer(socket, request)`. */
async function hostile(answer) {
  const server = await fakeTcpServer((socket) => {
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) answer(socket, head);
    });
  });
  closers.push(() => server.close());
  return server.port;
}

test('hostile servers end typed, within the deadline, in bounded memory', async () => {
  const json = (body) => (s) => s.end(`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  const cases = [
    ['a 10 GB body', (s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n{'), 'GQ_FRAME_TOO_LARGE', /declares 10000000000 bytes/],
    // Sent, not declared: read up to the endpoint's cap (64 KiB for /info), then given up.
    ['an endless body without a length', (s) => {
      s.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n[');
      const chunk = Buffer.alloc(1 << 20, 0x20);
      const pour = () => { while (s.writable && s.write(chunk)); };
      s.on('drain', pour);
      pour();
    }, 'GQ_FRAME_TOO_LARGE', /./],
    ['a slow drip', (s) => {
      s.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{');
      const drip = setInterval(() => s.writable && s.write(' '), 50);
      s.on('close', () => clearInterval(drip));
    }, 'GQ_TIMEOUT', /./],
    ['JSON nested 10,000 deep', json('['.repeat(10_000)), 'GQ_BAD_JSON', /\/v1\/api\/info is not JSON/],
    ['HTML where JSON should be', json('<html>Palworld</html>'), 'GQ_BAD_JSON', /\/v1\/api\/info is not JSON/],
    ['an array where an object should be', json('[]'), 'GQ_MALFORMED', /answered an array, not an object/],
  ];
  for (const [name, answer, code, message] of cases) {
    const port = await hostile(answer);
    const { result: { e, took }, growth } = await peakGrowth(() => failure(() => addon.query('palworld', `127.0.0.1:${port}`, { password: 'x', timeout: 1500 })));
    assert.equal(e.code, code, `${name}: ${e.message}`);
    assert.match(e.message, message, name);
    assert.ok(took < 2500, `${name}: ${took} ms`);
    // The process's resident memory (the client's and this test's server's) stays bounded.
    assert.ok(growth < 64 << 20, `${name}: grew ${growth} bytes`);
  }
  // Info answered, the other parts not: a status with warnings naming each.
  const info = JSON.stringify({ servername: 'Half', version: 'v1' });
  const port = await hostile((s, head) => (head.startsWith('GET /v1/api/info ') ? json(info)(s) : s.end('HTTP/1.1 500 Oops\r\n\r\n')));
  const s = await addon.query('palworld', `127.0.0.1:${port}`, { password: 'x', timeout: 2000 });
  assert.deepEqual([s.name, s.players.online, s.raw.warnings.length], ['Half', 0, 3]);
  assert.ok(s.raw.warnings.every((w) => /^\/v1\/api\/(metrics|players|settings): GET .* answered HTTP 500 Oops/.test(w)), s.raw.warnings.join('\n'));
});

test('opengsq (PyPI, aiohttp) reads our responder: status and players', async () => {
  const server = await served();
  const stdout = await opengsq('opengsq_palworld_probe.py', ['127.0.0.1', String(server.port), 'admin', PASSWORD]);
  assert.deepEqual(JSON.parse(stdout), {
    name: 'gamequery demo — Palpagos ✓', online: 2, max: 32,
    players: [{ name: 'Lamball Rancher', ping: 23.4, level: 27 }, { name: 'Chikipi', ping: 61.9, level: 9 }],
  });
});
