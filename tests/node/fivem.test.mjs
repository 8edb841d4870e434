// FiveM / RedM through both packages (tests/fixtures/fivem.json: GameQ's request and real
// servers' replies), our query against our responder (datagrams and HTTP on one port, as
// FXServer), the info cache by `iv`, the players token, HTTP only; gamedig 5 reading our
// responder; hostile HTTP servers (a 5 GB Content-Length, a body that never ends, a header
// that never ends, 429 and 403) ending typed within the deadline.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import net from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { GameDig as Theirs } from 'gamedig';
import { GameDig } from 'gamequery/gamedig';
import { fixtures, hex, toHex } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = addon.sampleState('fivem');

test('golden vectors through both packages, written back byte for byte', () => {
  for (const v of fixtures('fivem')) {
    const kind = v.direction === 'request' ? 'Request' : 'Response';
    const [a, b] = [addon, wasm].map((pkg) => pkg[`decode${kind}`]('fivem', hex(v.hex)));
    assert.deepStrictEqual(b, a, v.name);
    for (const [k, want] of Object.entries(v.expect)) {
      if (k === 'info') for (const [ik, iv] of Object.entries(want)) assert.equal(a.info[ik], iv, `${v.name}: ${ik}`);
      else assert.equal(a[k], want, `${v.name}: ${k}`);
    }
    for (const pkg of [addon, wasm]) assert.equal(toHex(pkg[`encode${kind}`]('fivem', a)), v.hex, v.name);
  }
  // FXServer drops a request with over 8 bytes after the command: ours never sends one.
  assert.throws(() => addon.encodeRequest('fivem', { command: 'getinfo', challenge: '123456789' }), { code: 'GQ_INVALID_ARGUMENT' });
});

{
  const pkg = addon;
  test(`our query reads our responder on 127.0.0.1 and ::1, info cached by iv`, async () => {
    for (const host of ['127.0.0.1', '::1']) {
      const server = await addon.serve('fivem', state, { host, port: 0 });
      closers.push(() => server.close());
      const target = host.includes(':') ? `[${host}]:${server.port}` : `${host}:${server.port}`;
      const s = await pkg.query('fivem', target, { timeout: 2000 });
      assert.equal(s.name, 'Los Santos Roleplay | Serious RP 🚓', 'colour codes gone');
      assert.equal(s.raw.info.hostname, '^1Los Santos ^7Roleplay | ^3Serious RP 🚓', 'and kept in raw');
      // And rendered as a Minecraft MOTD is: for a terminal and for a page.
      assert.equal(s.raw.name.ansi, '\x1b[91mLos Santos \x1b[0m\x1b[97mRoleplay | \x1b[0m\x1b[93mSerious RP 🚓\x1b[0m');
      assert.equal(s.raw.name.html, '<span style="color:#ff0000">Los Santos </span><span style="color:#ffffff">Roleplay | </span><span style="color:#ffff00">Serious RP 🚓</span>');
      assert.equal(pkg.describeStatus(s, { color: true }).fields[0][1], s.raw.name.ansi);
      assert.deepEqual([s.map, s.mode, s.players.online, s.players.max], ['San Andreas', 'Roleplay', 2, 64]);
      assert.deepEqual(s.players.list, [{ name: 'Ana', id: 3, ping: 41 }, { name: 'Bo 🚓', id: 7, ping: 63 }]);
      assert.equal(s.raw.info.challenge, undefined, 'our own echo is no setting');
      assert.equal(s.version, 'FXServer-master SERVER v1.0.0.12913 linux');
      assert.equal(String(s.raw.serverInfo.version), s.raw.info.iv);
      assert.equal(s.raw.serverInfo.vars.sv_projectName, 'Los Santos Roleplay');
      assert.deepEqual(s.raw.warnings, []);
      // Asked again: the same iv, the info from the cache; changed: fetched again.
      const again = await pkg.query('fivem', target, { timeout: 2000 });
      assert.equal(again.raw.serverInfoCached, true);
      assert.deepEqual(again.raw.serverInfo, s.raw.serverInfo);
      server.update({ ...state, resources: [...state.resources, 'new-resource'] });
      const changed = await pkg.query('fivem', target, { timeout: 2000 });
      assert.equal(changed.raw.serverInfoCached, false);
      assert.notEqual(changed.raw.info.iv, s.raw.info.iv);
      assert.ok(changed.raw.serverInfo.resources.includes('new-resource'));
    }
  });

  test(`players token, HTTP only, and a game id`, async () => {
    const server = await addon.serve('fivem', { ...state, playersToken: 's3cret' }, { host: '127.0.0.1', port: 0 });
    closers.push(() => server.close());
    const target = `127.0.0.1:${server.port}`;
    const anonymous = await pkg.query('fivem', target, { info: false });
    assert.deepEqual(anonymous.players.list.map((p) => p.name), ['Player', 'Player']);
    assert.equal(anonymous.players.online, 2, 'the count is getinfo\'s');
    assert.equal(anonymous.raw.serverInfo, undefined);
    const known = await pkg.query('fivem', target, { info: false, playersToken: 's3cret' });
    assert.deepEqual(known.players.list.map((p) => p.name), ['Ana', 'Bo 🚓']);
    // No UDP (a Worker's sockets): /dynamic.json in getinfo's place, its mixed types as text.
    const http = await pkg.query('fivem', target, { udp: false, players: false, info: false });
    assert.deepEqual([http.name, http.players.online, http.players.max, http.raw.info.sv_maxclients], ['Los Santos Roleplay | Serious RP 🚓', 2, 64, '64']);
    const redm = await pkg.query('rdr2r', target);
    assert.deepEqual([redm.game.id, redm.connect, redm.players.online], ['rdr2r', target, 2]);
  });

  test('getStatus: getstatus beside getinfo, read where the server has it on', async () => {
    const on = await addon.serve('fivem', { ...state, getStatus: true }, { host: '127.0.0.1', port: 0 });
    const off = await addon.serve('fivem', state, { host: '127.0.0.1', port: 0 });
    closers.push(() => on.close(), () => off.close());
    // Its players are the list when /players.json is not asked (or fails).
    const s = await pkg.query('fivem', `127.0.0.1:${on.port}`, { getStatus: true, players: false, info: false, timeout: 2000 });
    assert.deepEqual(s.players.list, [{ name: 'Ana', ping: 41 }, { name: 'Bo 🚓', ping: 63 }]);
    assert.equal(s.raw.statusResponse.kind, 'statusResponse');
    assert.deepEqual(s.raw.statusResponse.players.map((p) => p.name), ['Ana', 'Bo 🚓']);
    assert.deepEqual([s.raw.statusResponse.info.sv_maxclients, s.raw.statusResponse.info.mapname], ['64', 'San Andreas']);
    // /players.json's rows, when asked, replace them (ids, as the server lists them).
    const both = await pkg.query('fivem', `127.0.0.1:${on.port}`, { getStatus: true, info: false, timeout: 2000 });
    assert.deepEqual(both.players.list, [{ name: 'Ana', id: 3, ping: 41 }, { name: 'Bo 🚓', id: 7, ping: 63 }]);
    // Off (FXServer's default): no reply to it, nothing waits for one.
    const started = Date.now();
    const plain = await pkg.query('fivem', `127.0.0.1:${off.port}`, { getStatus: true, players: false, info: false, timeout: 3000 });
    assert.ok(Date.now() - started < 1000, 'answered at getinfo\'s reply');
    assert.deepEqual([plain.players.online, plain.players.list, plain.raw.statusResponse], [2, [], undefined]);
    // Not asked for: not read even where it is on.
    const unasked = await pkg.query('fivem', `127.0.0.1:${on.port}`, { players: false, info: false, timeout: 2000 });
    assert.equal(unasked.raw.statusResponse, undefined);
  });
}

test('queryMany runs FiveM items as calls of their own beside UDP ones, and the CLI prints one', async () => {
  const server = await addon.serve('fivem', state, { host: '127.0.0.1', port: 0 });
  const mumble = await addon.serve('mumble', { version: '1.5.634', users: 1, maxUsers: 5 }, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close(), () => mumble.close());
  const items = [
    { protocol: 'fivem', target: `127.0.0.1:${server.port}` },
    { protocol: 'gta5f', target: `127.0.0.1:${server.port}` },
    { protocol: 'mumble', target: `127.0.0.1:${mumble.port}` },
  ];
  const got = [];
  for await (const r of addon.queryMany(items, { timeout: 2000 })) got[items.indexOf(r.target)] = r.status ?? r.error;
  assert.deepEqual(got.map((s) => s.players.list.length), [2, 2, 0]);
  assert.equal(got[1].game.id, 'gta5f');
  const cli = new URL('../../npm/gamequery/cli.js', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)('node', [cli, 'fivem', `127.0.0.1:${server.port}`, '--no-info'], { timeout: 20_000 });
  assert.match(stdout, /Los Santos Roleplay \| Serious RP 🚓/);
  assert.match(stdout, /Bo 🚓/);
  assert.doesNotMatch(stdout, /resources/, '--no-info asks no /info.json');
});

test('gamedig 5 reads our responder, and the drop-in gives what it gives', async () => {
  const server = await addon.serve('fivem', state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const options = { type: 'gta5f', host: '127.0.0.1', port: server.port };
  const [theirs, ours] = await Promise.all([Theirs.query(options), GameDig.query(options)]);
  // gamedig keeps the colour codes and gives the counts as strings; the rest is the same.
  assert.equal(theirs.name, '^1Los Santos ^7Roleplay | ^3Serious RP 🚓');
  assert.equal(ours.name, 'Los Santos Roleplay | Serious RP 🚓');
  assert.deepEqual([Number(theirs.numplayers), Number(theirs.maxplayers)], [ours.numplayers, ours.maxplayers]);
  assert.deepEqual(ours.players, JSON.parse(JSON.stringify(theirs.players)));
  assert.equal(ours.version, theirs.version);
  assert.deepEqual(ours.raw.info.resources, theirs.raw.info.resources);
  assert.deepEqual(ours.raw.players, theirs.raw.players);
  // gamedig's request ends in a NUL, which FXServer echoes inside the challenge; ours sends none.
  assert.equal(theirs.raw.challenge, 'xxx\0');
  // gamedig's protocol class by name, as gamedig takes it.
  const direct = await GameDig.query({ ...options, type: 'protocol-fivem' });
  assert.deepEqual([direct.numplayers, direct.players.length], [2, 2]);
});

/**
 * A FiveM server whose datagrams answer `getinfo` properly and whose HTTP side (the same
 * port) does `onConnection(socket)`.
 */
async function hostile(onConnection) {
  const sockets = new Set();
  const tcp = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
    onConnection(s);
  });
  // The port UDP gets may be taken for TCP (a connection's local end): then another.
  for (;;) {
    const udp = dgram.createSocket('udp4');
    await new Promise((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const port = udp.address().port;
    const listening = await new Promise((resolve) => {
      tcp.once('error', () => resolve(false));
      tcp.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!listening) {
      await new Promise((r) => udp.close(r));
      continue;
    }
    udp.on('message', (msg, from) => {
      const challenge = msg.subarray(12).toString('latin1');
      const reply = `\xff\xff\xff\xffinfoResponse\n\\sv_maxclients\\8\\clients\\1\\challenge\\${challenge}\\hostname\\H\\iv\\1`;
      udp.send(Buffer.from(reply, 'latin1'), from.port, from.address);
    });
    closers.push(() => {
      for (const s of sockets) s.destroy();
      return Promise.all([new Promise((r) => udp.close(r)), new Promise((r) => tcp.close(r))]);
    });
    return `127.0.0.1:${port}`;
  }
}

{
  const pkg = addon;
  test(`hostile HTTP ends typed, within the deadline, the status kept`, async () => {
    const cases = [
      ['a 5 GB Content-Length', (s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 5000000000\r\n\r\n{'), /declares 5000000000 bytes/, 500],
      ['a body that never ends', (s) => {
        s.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n[');
        const t = setInterval(() => s.write('{},'), 20);
        s.on('close', () => clearInterval(t));
      }, /no whole reply to GET \/(players|info)\.json before the deadline/, 1200],
      ['a header that never ends', (s) => {
        s.write('HTTP/1.1 200 OK\r\nX-Slow: ');
        const t = setInterval(() => s.write('a'), 20);
        s.on('close', () => clearInterval(t));
      }, /no whole reply to GET/, 1200],
      ['a head past 16 KiB at once', (s) => s.write(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(20000)}`), /HTTP head to GET \/(players|info)\.json is over 16 KiB/, 500],
      ['429', (s) => s.end('HTTP/1.1 429 Too Many Requests\r\nContent-Length: 20\r\n\r\nRate limit exceeded.'), /answered HTTP 429/, 500],
    ];
    for (const [what, behave, message, within] of cases) {
      const target = await hostile(behave);
      const t0 = performance.now();
      const s = await pkg.query('fivem', target, { timeout: 1000, retries: 0 });
      const took = performance.now() - t0;
      assert.equal(s.players.online, 1, what);
      assert.equal(s.raw.warnings.length, 2, `${what}: ${s.raw.warnings}`);
      for (const w of s.raw.warnings) assert.match(w, message, what);
      assert.ok(took < within + 150, `${what}: ${took} ms`);
    }
  });

  test(`with HTTP only, 429, 403 and 404 are typed errors of their own`, async () => {
    for (const [status, code] of [['429 Too Many Requests', 'GQ_RATE_LIMITED'], ['403 Forbidden', 'GQ_FORBIDDEN'], ['404 Not Found', 'GQ_HTTP_STATUS']]) {
      const target = await hostile((s) => s.end(`HTTP/1.1 ${status}\r\nContent-Length: 5\r\n\r\nNope.`));
      const e = await pkg.query('fivem', target, { udp: false, timeout: 1000 }).catch((e) => e);
      assert.equal(e.code, code, status);
      assert.match(e.message, new RegExp(`FiveM query of ${target}: GET /dynamic.json answered HTTP ${status.slice(0, 3)}`));
    }
  });
}
