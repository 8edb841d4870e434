// BeamMP through its backend's server list, in both engines: the query never asks the game
// server; it fetches the list (our responder, named by `api`) and finds the entry by the
// target's address (looked up first) and port. The entry as a status, the match's rules,
// a server the list does not hold (GQ_NOT_LISTED); the facade in gamedig's shape. gamedig 5
// itself asks https://backend.beammp.com: compared in vendors.test.mjs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as gq from 'gamequery';
import { GameDig } from 'gamequery/gamedig';
import { failure } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const state = gq.sampleState('beammp');

async function served(s = state) {
  const server = await gq.serve('beammp', s, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return { server, api: `http://127.0.0.1:${server.port}` };
}

test('the list\'s entry for the target: name without codes, map, players, the status at the game server', async () => {
  const { api } = await served();
  const s = await gq.query('beammp', '127.0.0.1', { api, timeout: 2000 });
  assert.deepEqual([s.protocol, s.name, s.map, s.version, s.password, s.players.online, s.players.max, s.address, s.port, s.connect],
    ['beammp', 'gamequery demo — BeamMP ✓', '/levels/west_coast_usa/info.json', '3.4.1', false, 3, 10, '127.0.0.1', 30814, '127.0.0.1:30814']);
  assert.deepEqual(s.players.list.map((p) => p.name), ['Gavril', 'Ibishu', 'Ödön']);
  assert.deepEqual(s.raw, state, 'the entry as sent');
  assert.equal(gq.describeStatus(s).fields.find(([f]) => f === 'owner')[1], 'gamequery');
});

test('among many: by address and port, then an entry without a port; IPv6; none is GQ_NOT_LISTED', async () => {
  const entry = (ip, port, sname) => ({ ...state, ip, ...(port === undefined ? { port: undefined } : { port }), sname });
  const list = [entry('127.0.0.2', '30814', 'elsewhere'), entry('127.0.0.1', '30815', 'second'), { ...entry('127.0.0.1', undefined, 'portless') }, entry('127.0.0.1', '30814', 'first'), entry('::1', '30814', 'six')];
  const { api } = await served(JSON.parse(JSON.stringify(list)));
  const name = async (target) => (await gq.query('beammp', target, { api, timeout: 2000 })).name;
  assert.equal(await name('127.0.0.1'), 'first');
  assert.equal(await name('127.0.0.1:30815'), 'second');
  assert.equal(await name('127.0.0.1:4000'), 'portless');
  assert.equal(await name('[::1]'), 'six');
  assert.equal(await name('localhost:30815'), 'second', 'a host name looked up first');
  const { e } = await failure(() => gq.query('beammp', '127.0.0.3', { api, timeout: 2000 }));
  assert.equal(e.code, 'GQ_NOT_LISTED');
  assert.match(e.message, /BeamMP's list \(5 servers\) has none at 127\.0\.0\.3 port 30814: the server is down, private, or listed under another address/);
});

test('what is not the list is typed', async () => {
  const { api } = await served({ not: 'a list' });
  // A state that is one entry is served as a list of one: ask a path the list is not at.
  const { e } = await failure(() => gq.query('beammp', '127.0.0.1', { api: `${api}/elsewhere`, timeout: 2000 }));
  assert.deepEqual([e.code, e.httpStatus], ['GQ_HTTP_STATUS', 404]);
  const { e: bad } = await failure(() => gq.serve('beammp', 'text', { port: 0 }));
  assert.equal(bad.code, 'GQ_INVALID_ARGUMENT');
});

test('gamequery/gamedig: gamedig\'s shape', async () => {
  const { api } = await served();
  const r = await GameDig.query({ type: 'beammp', host: '127.0.0.1', api });
  assert.deepEqual([r.name, r.map, r.version, r.password, r.numplayers, r.maxplayers, r.queryPort, r.connect],
    ['gamequery demo — BeamMP ✓', '/levels/west_coast_usa/info.json', '3.4.1', false, 3, 10, 30814, '127.0.0.1:30814']);
  assert.deepEqual(r.players, ['Gavril', 'Ibishu', 'Ödön'].map((name) => ({ name, raw: {} })));
  assert.deepEqual(r.raw, state);
});
