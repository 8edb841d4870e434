// Hawakening in both engines, against our responder (serve('hawakening')): the sign-in,
// the player's record, the listings, matchmaking's address and the logout, each request as
// sent; a full server, a grant the user gives, one the backend refuses, a Guid not listed;
// the password and the grant never in a trace or a message; and the facade. gamedig 5
// reads the same responder in vendors.test.mjs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as gq from 'gamequery';
import { GameDig } from 'gamequery/gamedig';
import { failure, fakeTcpServer } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const [open, full] = gq.sampleState('hawakening');
const ACCOUNT = { username: 'pilot@example.org', password: 'TOP-SECRET', timeout: 3000 };
const GRANT = 'gamequery-hawakening-grant';

async function served(state = gq.sampleState('hawakening')) {
  const server = await gq.serve('hawakening', state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return `http://127.0.0.1:${server.port}/api`;
}

/** The requests a query sent (method and path), and everything it sent. */
function tracing() {
  const sent = [];
  const trace = (t) => t.direction === 'send' && sent.push(Buffer.from(t.bytes).toString('latin1'));
  const requests = () => sent.filter((t) => /^[A-Z]+ \//.test(t)).map((t) => t.split(' ').slice(0, 2).join(' '));
  return { trace, sent, requests };
}

test('signed in: the listing by its Guid, matchmaking\'s address, then the grant revoked', async () => {
  const api = await served();
  const { trace, sent, requests } = tracing();
  const s = await gq.query('hawakening', open.Guid, { ...ACCOUNT, api, trace });
  assert.deepEqual([s.protocol, s.name, s.map, s.mode, s.version, s.password, s.players.online, s.players.max, s.players.list, s.port, s.connect],
    ['hawakening', 'gamequery demo — Hawakening ✓', 'VS-Alleys', 'HawkenTDM', '1.0.0', false, 3, 12, [], 7777, '127.0.0.1:7777']);
  assert.deepEqual(s.raw.listing, open);
  assert.deepEqual([s.raw.info.AssignedServerIp, s.raw.info.AssignedServerPort, s.raw.warnings], ['127.0.0.1', 7777, []]);
  assert.deepEqual(requests(), [
    'POST /api/users/pilot%40example.org/accessGrant', 'GET /api/users/pilot%40example.org', 'GET /api/gameServerListings',
    'POST /api/hawkenClientMatchmakingAdvertisements', 'GET /api/hawkenClientMatchmakingAdvertisements/gamequery-ad-0',
    'PUT /api/users/9c5d3a4f-0e6b-4f7a-b1c2-d3e4f5a6b7c8/accessGrant',
  ]);
  // The password, the grant (a header, the logout's body): hidden in what the trace shows.
  for (const t of sent) assert.ok(!t.includes('TOP-SECRET') && !t.includes(GRANT), t);
  assert.ok(sent[0].endsWith('{"Password":"[redacted]"}'), sent[0]);
  const ad = sent.find((t) => t.startsWith('POST /api/hawkenClientMatchmakingAdvertisements'));
  assert.ok(ad.endsWith(`{"GameVersion":"1.0.0","OwnerGuid":"9c5d3a4f-0e6b-4f7a-b1c2-d3e4f5a6b7c8","Region":"Europe","RequestedServerGuid":"${open.Guid}","Users":["9c5d3a4f-0e6b-4f7a-b1c2-d3e4f5a6b7c8"]}`), ad);
  // The Guid as gamedig's option, whatever the target; any case.
  const o = await gq.query('hawakening', 'play.example.org', { ...ACCOUNT, api, serverId: open.Guid.toUpperCase() });
  assert.equal(o.name, s.name);
});

test('a full server: no matchmaking (it would refuse), its password; a grant given is used and kept', async () => {
  const api = await served();
  const { trace, requests } = tracing();
  const s = await gq.query('hawakening', full.Guid, { username: ACCOUNT.username, token: GRANT, api, trace });
  assert.deepEqual([s.name, s.password, s.players.online, s.players.max, s.raw.info], ['Private scrim', true, 2, 2, null]);
  assert.deepEqual(requests(), ['GET /api/users/pilot%40example.org', 'GET /api/gameServerListings']);
  const { e } = await failure(() => gq.query('hawakening', full.Guid, { username: ACCOUNT.username, token: 'expired', api }));
  assert.equal(e.code, 'GQ_AUTH');
  assert.match(e.message, /refused the access grant in the option token/);
  assert.ok(!JSON.stringify(e).includes('expired'));
});

test('a Guid not listed: GQ_NOT_LISTED, the grant revoked all the same; options checked first', async () => {
  const api = await served();
  const { trace, requests } = tracing();
  const { e } = await failure(() => gq.query('hawakening', '00000000-0000-0000-0000-000000000000', { ...ACCOUNT, api, trace }));
  assert.equal(e.code, 'GQ_NOT_LISTED');
  assert.match(e.message, /lists 2 servers, none with Guid 00000000-0000-0000-0000-000000000000/);
  assert.equal(requests().at(-1), 'PUT /api/users/9c5d3a4f-0e6b-4f7a-b1c2-d3e4f5a6b7c8/accessGrant');
  for (const [options, why] of [
    [{ password: 'p' }, /option username is required/],
    [{ username: 'u' }, /option password \(or token/],
  ]) {
    const { e: bad } = await failure(() => gq.query('hawakening', open.Guid, { ...options, api }));
    assert.deepEqual([bad.code, why.test(bad.message)], ['GQ_INVALID_ARGUMENT', true], bad.message);
  }
  assert.match((await failure(() => gq.query('hawakening', 'play.example.org', { ...ACCOUNT, api }))).e.message, /named by its listing's Guid/);
  // The API's port refusing: the message names the API's host, not the server asked about.
  const { e: closed } = await failure(() => gq.query('hawakening', open.Guid, { ...ACCOUNT, api: 'http://127.0.0.1:9/api' }));
  assert.equal(closed.code, 'GQ_PORT_CLOSED');
  assert.match(closed.message, /^Hawakening query of 6a3f1e2d-[\w-]+ \(127\.0\.0\.1:9\): 127\.0\.0\.1's port 9\/tcp is closed/);
});

test('the backend refusing the password: GQ_AUTH naming the option, the password nowhere', async () => {
  const refusing = await fakeTcpServer((sock) => sock.on('data', () => {
    const body = '{"Status":400,"Message":"Access Grant Not Issued: Incorrect password","Result":null}';
    sock.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  }));
  closers.push(refusing.close);
  const { e } = await failure(() => gq.query('hawakening', open.Guid, { ...ACCOUNT, api: `http://127.0.0.1:${refusing.port}/api` }));
  assert.equal(e.code, 'GQ_AUTH');
  assert.match(e.message, /refused the password for "pilot@example\.org" \(Incorrect password\): check the option password/);
  assert.ok(!JSON.stringify(e).includes('TOP-SECRET'));
});

test('the facade: gamedig\'s serverId, username and password; raw { listing, info }; the game\'s query port', async () => {
  const api = await served();
  const r = await GameDig.query({ type: 'hawakening', serverId: open.Guid, username: ACCOUNT.username, password: 'p', api });
  assert.deepEqual([r.name, r.map, r.password, r.numplayers, r.maxplayers, r.version, r.players, r.connect, r.queryPort],
    ['gamequery demo — Hawakening ✓', 'VS-Alleys', false, 3, 12, '1.0.0', [], '127.0.0.1:7777', 27015]);
  assert.deepEqual(Object.keys(r.raw), ['listing', 'info']);
  assert.deepEqual(r.raw.listing, open);
  // A full server: gamedig's `info` is {}.
  const f = await GameDig.query({ type: 'hawakening', serverId: full.Guid, username: ACCOUNT.username, token: GRANT, api });
  assert.deepEqual([f.name, f.raw.info], ['Private scrim', {}]);
});
