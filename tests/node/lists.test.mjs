// Minetest / Luanti, Vintage Story, Renegade X, alt:V, RAGE MP and Geneshift through their public server lists, a Discord guild's widget, SCP: SL's server info API and BROKE PROTOCOL's lists, in both engines:
// the query never asks the game server; it fetches the list (our responder, named by
// `api`) and finds the entry by the target's address (looked up first, or the name it was
// asked by) and port. gamedig 5 itself asks the vendors' hosts: compared in
// vendors.test.mjs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as gq from 'gamequery';
import { GameDig } from 'gamequery/gamedig';
import http from 'node:http';
import { failure, fakeTcpServer } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

async function served(protocol, state) {
  const server = await gq.serve(protocol, state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return `http://127.0.0.1:${server.port}`;
}

test('Minetest: the entry by address or announced name and port; its status', async () => {
  const state = gq.sampleState('minetest');
  const api = await served('minetest', [{ ...state, address: 'localhost', ip: '10.0.0.9', port: 30001, name: 'named' }, state]);
  const s = await gq.query('minetest', '127.0.0.1', { api, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.mode, s.version, s.password, s.players.online, s.players.max, s.address, s.port, s.connect],
    ['minetest', 'gamequery demo — Minetest ✓', 'minetest', '5.10.0', false, 3, 15, '127.0.0.1', 30000, '127.0.0.1:30000']);
  assert.deepEqual(s.players.list.map((p) => p.name), state.clients_list);
  assert.deepEqual(s.raw, state);
  // Listed by the name it announced: found by that name, whatever it resolves to.
  assert.equal((await gq.query('minetest', 'localhost:30001', { api, timeout: 2000 })).name, 'named');
  const { e } = await failure(() => gq.query('minetest', '127.0.0.1:30001', { api, timeout: 2000 }));
  assert.equal(e.code, 'GQ_NOT_LISTED');
  assert.match(e.message, /Minetest's server list \(2 servers\) has none at 127\.0\.0\.1 port 30001/);
  const r = await GameDig.query({ type: 'minetest', host: '127.0.0.1', api });
  assert.deepEqual([r.name, r.numplayers, r.maxplayers, r.version, r.players.map((p) => p.name)], [state.name, 3, 15, '5.10.0', state.clients_list]);
});

test('Vintage Story: the entry by serverIP; counts without names', async () => {
  const state = gq.sampleState('vintagestory');
  const api = await served('vintagestory', [{ ...state, serverIP: '127.0.0.1:42421', serverName: 'other' }, state]);
  const s = await gq.query('vintagestory', '127.0.0.1', { api, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.mode, s.version, s.password, s.players.online, s.players.max, s.players.list, s.port],
    ['vintagestory', 'gamequery demo — Vintage Story ✓', 'surviveandbuild', '1.20.12', false, 3, 16, [], 42420]);
  assert.deepEqual(s.raw, state);
  assert.equal((await gq.query('vintagestory', '127.0.0.1:42421', { api, timeout: 2000 })).name, 'other');
  const { e } = await failure(() => gq.query('vintagestory', '127.0.0.2', { api, timeout: 2000 }));
  assert.equal(e.code, 'GQ_NOT_LISTED');
  const r = await GameDig.query({ type: 'vintagestory', host: '127.0.0.1', api });
  assert.deepEqual([r.name, r.numplayers, r.maxplayers, r.password, r.players], [state.serverName, 3, 16, false, []]);
});

test('Renegade X: the entry by IP and Port; bots, limits, the prefix in the name', async () => {
  const state = gq.sampleState('renegadex');
  const api = await served('renegadex', [{ ...state, Port: 7778, Name: 'other', NamePrefix: '' }, state]);
  const s = await gq.query('renegade10', '127.0.0.1', { api, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.map, s.version, s.password, s.players.online, s.players.max, s.players.bots, s.port, s.game.id],
    ['renegadex', '[GQ] gamequery demo — Renegade X ✓', 'CNC-Field', 'Open Beta 5.89.870', false, 3, 40, 2, 7777, 'renegade10']);
  assert.deepEqual(s.raw, state);
  assert.equal((await gq.query('renegadex', '127.0.0.1:7778', { api, timeout: 2000 })).name, 'other');
  const { e } = await failure(() => gq.query('renegadex', '127.0.0.1:7779', { api, timeout: 2000 }));
  assert.equal(e.code, 'GQ_NOT_LISTED');
  const r = await GameDig.query({ type: 'renegade10', host: '127.0.0.1', port: 7777, api });
  assert.deepEqual([r.name, r.map, r.numplayers, r.maxplayers, r.version], ['[GQ] gamequery demo — Renegade X ✓', 'CNC-Field', 3, 40, 'Open Beta 5.89.870']);
});

test('a game id asks the API by the API\'s name (Host, TLS), the status the target\'s', async () => {
  const heads = [];
  const body = JSON.stringify([gq.sampleState('renegadex')]);
  const api = await fakeTcpServer((sock) => sock.on('data', (d) => {
    heads.push(d.toString().split('\r\n').find((l) => l.toLowerCase().startsWith('host:')));
    sock.end(`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }));
  closers.push(api.close);
  const s = await gq.query('renegade10', '127.0.0.1:7777', { api: `http://localhost:${api.port}`, timeout: 2000 });
  assert.deepEqual([s.address, s.port, s.connect], ['127.0.0.1', 7777, '127.0.0.1:7777']);
  assert.deepEqual(heads, [`Host: localhost:${api.port}`]);
});

test('alt:V: the entry by the host:port it is listed as, not looked up; or by serverId', async () => {
  const state = gq.sampleState('altvmp');
  const named = { ...state, publicId: 'named01', address: 'https://localhost:7790/', host: 'localhost', port: 7790, name: 'named', passworded: true };
  const api = await served('altvmp', [named, state]);
  const s = await gq.query('gta5am', '127.0.0.1', { api, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.mode, s.version, s.password, s.players.online, s.players.max, s.port, s.connect, s.game.id],
    ['altvmp', 'gamequery demo — alt:V ✓', 'Freeroam', '16.2', false, 3, 128, 7788, 'altv://127.0.0.1:7788', 'gta5am']);
  assert.deepEqual(s.raw, state);
  // Listed by a name: found by that name as given, never by what it resolves to.
  const n = await gq.query('altvmp', 'LOCALHOST:7790', { api, timeout: 2000 });
  assert.deepEqual([n.name, n.password, n.connect], ['named', true, 'altv://localhost:7790']);
  assert.equal((await failure(() => gq.query('altvmp', '127.0.0.1:7790', { api, timeout: 2000 }))).e.code, 'GQ_NOT_LISTED');
  // By its id: that one server, whatever the target.
  assert.equal((await gq.query('altvmp', 'anything.invalid', { api, serverId: 'named01', timeout: 2000 })).name, 'named');
  const { e } = await failure(() => gq.query('altvmp', '127.0.0.1', { api, serverId: 'gone', timeout: 2000 }));
  assert.equal(e.code, 'GQ_NOT_LISTED');
  assert.match(e.message, /no server of id gone/);
  assert.equal((await failure(() => gq.query('altvmp', '127.0.0.1', { api, serverId: '../x' }))).e.code, 'GQ_INVALID_ARGUMENT');
  const r = await GameDig.query({ type: 'gta5am', host: '127.0.0.1', api });
  assert.deepEqual([r.name, r.numplayers, r.maxplayers, r.password, r.version, r.connect], [state.name, 3, 128, false, '16.2', 'altv://127.0.0.1:7788']);
  assert.equal((await GameDig.query({ type: 'gta5am', host: '127.0.0.1', serverId: 'named01', api })).name, 'named');
});

test('RAGE MP: a project by its id, or one of its servers; the project in raw', async () => {
  const state = gq.sampleState('ragemp');
  const other = { id: 'localhost:22005', servers: [{ id: 'localhost:22005', name: 'other', players: { amount: 1, max: 2 } }] };
  const api = await served('ragemp', [other, state]);
  const s = await gq.query('gta5r', '127.0.0.1', { api, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.mode, s.players.online, s.players.max, s.port, s.game.id],
    ['ragemp', 'gamequery demo — RAGE MP ✓', 'Freeroam', 3, 100, 22005, 'gta5r']);
  assert.deepEqual(s.raw, state);
  const second = await gq.query('ragemp', '127.0.0.1:22006', { api, timeout: 2000 });
  assert.deepEqual([second.name, second.players.max, second.raw.id], ['gamequery demo — RAGE MP #2', 50, '127.0.0.1:22005']);
  assert.equal((await gq.query('ragemp', 'localhost', { api, timeout: 2000 })).name, 'other');
  const { e } = await failure(() => gq.query('ragemp', '127.0.0.1:22007', { api, timeout: 2000 }));
  assert.equal(e.code, 'GQ_NOT_LISTED');
  const r = await GameDig.query({ type: 'gta5r', host: '127.0.0.1', api });
  assert.deepEqual([r.name, r.numplayers, r.maxplayers, r.raw.id], [state.servers[0].name, 3, 100, state.id]);
});

test('Geneshift / Mutant Factions: the text record by address and port, every field named', async () => {
  const state = gq.sampleState('geneshift');
  const api = await served('geneshift', [{ ...state, port: 11236, name: 'other::x' }, state]);
  for (const id of ['geneshift', 'mutantfactions']) {
    const s = await gq.query(id, '127.0.0.1', { api, timeout: 2000 });
    assert.deepEqual([s.protocol, s.name, s.map, s.version, s.password, s.players.online, s.players.max, s.port, s.game?.id],
      ['geneshift', 'gamequery demo — Geneshift ✓', 'city', '1.0.8', false, 3, 16, 11235, id === 'geneshift' ? undefined : id]);
    assert.deepEqual(s.raw, state);
  }
  // A separator in a name is not a field's end.
  assert.equal((await gq.query('geneshift', '127.0.0.1:11236', { api, timeout: 2000 })).name, 'other:x');
  const { e } = await failure(() => gq.query('geneshift', '127.0.0.1:11237', { api, timeout: 2000 }));
  assert.equal(e.code, 'GQ_NOT_LISTED');
  assert.match(e.message, /Geneshift's lobby list \(2 servers\)/);
  const r = await GameDig.query({ type: 'mutantfactions', host: '127.0.0.1', api });
  assert.deepEqual([r.name, r.map, r.numplayers, r.maxplayers, r.version, Object.keys(r.raw)],
    [state.name, 'city', 3, 16, '1.0.8', ['countrycode', 'country', 'rules', 'gamemode', 'gangsters', 'cashrate', 'missions', 'vehicles', 'customweapons', 'friendlyfire', 'mercs']]);
});

test('Discord: a guild\'s widget by its id; the members online; a disabled widget or an unknown guild said so', async () => {
  const state = gq.sampleState('discord');
  const api = await served('discord', [state, { ...state, id: '81384788765712384', name: 'big', instant_invite: null, presence_count: 250 }]);
  const s = await gq.query('discord', '1', { api, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.players.online, s.players.max, s.players.partial, s.connect, s.port],
    ['discord', 'gamequery demo — Discord ✓', 3, 0, false, 'https://discord.com/invite/gamequery', 443]);
  assert.deepEqual(s.players.list.map((p) => p.name), ['Ada', 'Grace', 'Ödön']);
  assert.deepEqual(s.raw, state);
  const big = await gq.query('discord', 'ignored', { api, guildId: '81384788765712384', timeout: 2000 });
  assert.deepEqual([big.name, big.players.online, big.players.list.length, big.players.partial, big.connect],
    ['big', 250, 3, true, 'https://discord.com/channels/81384788765712384']);
  assert.equal((await failure(() => gq.query('discord', '2', { api, timeout: 2000 }))).e.code, 'GQ_NOT_LISTED');
  const { e } = await failure(() => gq.query('discord', 'discord.gg/abc', { api }));
  assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
  assert.match(e.message, /guild is named by its id/);
  assert.equal((await failure(() => gq.query('discord', '1', { api, guildId: 1 }))).e.code, 'GQ_INVALID_ARGUMENT');
  // Discord's answer for a guild whose widget is off.
  const off = await fakeTcpServer((sock) => sock.on('data', () => {
    const body = '{"message": "Widget Disabled", "code": 50004}';
    sock.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  }));
  closers.push(off.close);
  const disabled = await failure(() => gq.query('discord', '1', { api: `http://127.0.0.1:${off.port}`, timeout: 2000 }));
  assert.equal(disabled.e.code, 'GQ_AUTH');
  assert.match(disabled.e.message, /Enable Server Widget/);
  // gamedig's way: no host, the option guildId.
  const r = await GameDig.query({ type: 'discord', guildId: '1', api });
  assert.deepEqual([r.name, r.numplayers, r.maxplayers, r.connect, r.players[0], 'members' in r.raw],
    [state.name, state.presence_count, 500000, state.instant_invite, { name: 'Ada', raw: { id: '0', discriminator: '0000', avatar: null, status: 'online', avatar_url: state.members[0].avatar_url, channel_id: '100' } }, false]);
});

test('SCP: SL: the account\'s server by serverId or port; the key sent, never shown', async () => {
  const state = gq.sampleState('scpsl');
  const api = await served('scpsl', state);
  const account = { api, accountId: 1, apiKey: 'SECRET-KEY', timeout: 2000 };
  const s = await gq.query('ssl', '127.0.0.1', account);
  assert.deepEqual([s.protocol, s.name, s.version, s.players.online, s.players.max, s.port, s.game.id],
    ['scpsl', 'gamequery demo — SCP: SL ✓', '14.1.2', 3, 30, 7777, 'ssl']);
  assert.deepEqual(s.players.list.map((p) => [p.name, p.id]), state.Servers[0].PlayersList.map((p) => [p.Nickname, p.ID]));
  assert.deepEqual(s.raw, state);
  // By id (a number or a string), the name without its rich-text tags.
  for (const serverId of [12346, '12346']) {
    assert.equal((await gq.query('scpsl', '127.0.0.1', { ...account, serverId })).name, 'gamequery demo — SCP: SL ✓ (Ödön)');
  }
  assert.equal((await gq.query('scpsl', '127.0.0.1:7778', account)).players.max, 20);
  assert.equal((await failure(() => gq.query('scpsl', '127.0.0.1:7779', account))).e.code, 'GQ_NOT_LISTED');
  assert.equal((await failure(() => gq.query('scpsl', '127.0.0.1', { api }))).e.code, 'GQ_INVALID_ARGUMENT');
  // What is asked, and an API that refuses: the key in the request only.
  const heads = [];
  const refusing = await fakeTcpServer((sock) => sock.on('data', (d) => {
    heads.push(d.toString().split('\r\n')[0]);
    const body = '{"Success":false,"Error":"Access denied"}';
    sock.end(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  }));
  closers.push(refusing.close);
  const { e } = await failure(() => gq.query('ssl', '127.0.0.1', { ...account, api: `http://127.0.0.1:${refusing.port}` }));
  assert.equal(e.code, 'GQ_AUTH');
  assert.match(e.message, /Access denied.*accountId and apiKey/);
  assert.ok(!JSON.stringify(e).includes('SECRET'));
  assert.deepEqual(heads, ['GET /serverinfo.php?id=1&key=SECRET-KEY&lo=true&players=true&list=true&info=true&pastebin=true&version=true&flags=true&nicknames=true&online=true HTTP/1.1']);
  // gamedig's way: its options, raw { request }, no players.
  const r = await GameDig.query({ type: 'ssl', host: '127.0.0.1', accountId: '1', apiKey: 'k', serverId: '12345', api });
  assert.deepEqual([r.name, r.numplayers, r.maxplayers, r.version, r.players, r.raw], [s.name, 3, 30, '14.1.2', [], { request: state }]);
});

test('BROKE PROTOCOL: the API\'s list, one by id, and the game\'s list where the API fails', async () => {
  const state = gq.sampleState('brokeprotocol');
  const server = await gq.serve('brokeprotocol', [...state, { ...state[0], id: 'other', name: '&cother', port: 5558, snapshots: [] }], { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const base = `http://127.0.0.1:${server.port}`;
  const at = { api: `${base}/serverbrowser/api`, fallback: 'http://127.0.0.1:9', timeout: 3000 };
  const s = await gq.query('brokeprotocol', '127.0.0.1', at);
  assert.deepEqual([s.protocol, s.name, s.map, s.version, s.password, s.players.online, s.players.max, s.port],
    ['brokeprotocol', 'gamequery demo — BROKE PROTOCOL ✓', 'Default', '1.42', false, 3, 50, 5557]);
  assert.equal(s.raw.playerlimit, 50);
  assert.equal(s.raw.snapshots[1].playercount, 3);
  assert.equal((await gq.query('brokeprotocol', '127.0.0.2', { ...at, serverId: 'other' })).name, 'other');
  assert.equal((await failure(() => gq.query('brokeprotocol', '127.0.0.1', { ...at, serverId: 'gone' }))).e.code, 'GQ_NOT_LISTED');
  assert.equal((await failure(() => gq.query('brokeprotocol', '127.0.0.1:5559', at))).e.code, 'GQ_NOT_LISTED');
  // The API closed: the game's own list (PascalCase there) answers instead.
  const official = state.map((x) => ({ Name: x.name, IP: x.ip, Port: x.port, PlayerCount: 7, PlayerLimit: x.playerLimit, Version: x.version, Map: { Name: 'Official' } }));
  const game = await gq.serve('brokeprotocol', official, { host: '127.0.0.1', port: 0 });
  closers.push(() => game.close());
  const f = await gq.query('brokeprotocol', '127.0.0.1', { api: 'http://127.0.0.1:9/serverbrowser/api', fallback: `http://127.0.0.1:${game.port}`, timeout: 3000 });
  assert.deepEqual([f.name, f.map, f.players.online, f.raw.playercount], ['gamequery demo — BROKE PROTOCOL ✓', 'Official', 7, 7]);
  // Both down: both said.
  const both = await failure(() => gq.query('brokeprotocol', '127.0.0.1', { api: 'http://127.0.0.1:9', fallback: 'http://127.0.0.1:9', timeout: 3000 }));
  assert.match(both.e.message, /the community API first/);
  const r = await GameDig.query({ type: 'brokeprotocol', host: '127.0.0.1', port: 5557, ...at });
  assert.deepEqual([r.name, r.map, r.numplayers, r.maxplayers, r.version, r.raw.id], ['gamequery demo — BROKE PROTOCOL ✓', 'Default', 3, 50, '1.42', 'gq-demo-1']);
});

test('a list is fetched once for the queries that ask while it is young: queryMany, query() after, maxAge', async () => {
  const state = gq.sampleState('minetest');
  const list = JSON.stringify({ list: Array.from({ length: 12 }, (_, i) => ({ ...state, port: 30000 + i, name: `n${i}` })) });
  let fetches = 0;
  // The list answers slowly: queries that start while it is on its way wait for that fetch.
  const api = await new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      fetches += 1;
      setTimeout(() => res.end(list), 150);
    });
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`));
    closers.push(() => new Promise((done) => server.close(done)));
  });
  const targets = Array.from({ length: 12 }, (_, i) => `127.0.0.1:${30000 + i}`);
  const names = [];
  for await (const r of gq.queryMany(targets, { protocol: 'minetest', api, timeout: 3000 })) names.push(r.status?.name ?? r.error.code);
  assert.deepEqual(names.sort(), targets.map((_, i) => `n${i}`).sort());
  assert.equal(fetches, 1);
  // A later query within maxAge (default 30 s) takes the copy; not listed there is still said.
  assert.equal((await gq.query('minetest', '127.0.0.1:30003', { api, timeout: 3000 })).name, 'n3');
  assert.equal((await failure(() => gq.query('minetest', '127.0.0.1:31000', { api, timeout: 3000 }))).e.code, 'GQ_NOT_LISTED');
  assert.equal(fetches, 1);
  // maxAge 0: always fetched; a copy younger than a query's maxAge only.
  assert.equal((await gq.query('minetest', '127.0.0.1:30003', { api, maxAge: 0, timeout: 3000 })).name, 'n3');
  assert.equal(fetches, 2);
  await new Promise((r) => setTimeout(r, 60));
  await gq.query('minetest', '127.0.0.1:30003', { api, maxAge: 50, timeout: 3000 });
  assert.equal(fetches, 3);
  // The facade too (gamedig has no copy: each query fetched; ours within maxAge).
  const r = await GameDig.query({ type: 'minetest', host: '127.0.0.1', port: 30004, api });
  assert.equal(r.name, 'n4');
  assert.equal(fetches, 3);
  await assert.rejects(gq.query('minetest', '127.0.0.1', { api, maxAge: -1 }), /maxAge/);
});
