// Epic Online Services in both engines: a token, then the filter, against our responder
// (serve('epic')), which issues a token to any client and wants it at the filter. The
// games' own ways (ARK's wildcard route, Squad's external auth, each one's attributes), the
// credentials the user gives and never sees again, and the facade. gamedig 5 with its
// shipped credentials reads the same responder in vendors.test.mjs; opengsq (PyPI) here.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as gq from 'gamequery';
import { GameDig } from 'gamequery/gamedig';
import { failure, fakeTcpServer, opengsq } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const EOS = { clientId: 'client', clientSecret: 'TOP-SECRET', deploymentId: 'ad9a8feffb3b4b2ca315546f038c3ae2', timeout: 3000 };

async function served(state = gq.sampleState('epic')) {
  const server = await gq.serve('epic', state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return `http://127.0.0.1:${server.port}`;
}

test('ARK: a client token, the wildcard filter, the session at the port; its build as the version', async () => {
  const [ark] = gq.sampleState('epic');
  const api = await served();
  const s = await gq.query('asa', '127.0.0.1', { ...EOS, api });
  assert.deepEqual([s.protocol, s.name, s.map, s.version, s.password, s.players.online, s.players.max, s.port, s.game.id],
    ['epic', 'gamequery demo — ARK ✓', 'TheIsland_WP', '33.78', false, 50, 70, 7777, 'asa']);
  assert.deepEqual(s.raw, ark);
  // The generic way reads ARK's name too, but knows no version.
  const g = await gq.query('epic', '127.0.0.1', { ...EOS, api });
  assert.deepEqual([g.name, g.version], [ark.attributes.CUSTOMSERVERNAME_s, null]);
  assert.equal((await failure(() => gq.query('asa', '127.0.0.1:7778', { ...EOS, api }))).e.code, 'GQ_NOT_LISTED');
});

test('Squad: external auth of a device id, its attributes, its public players', async () => {
  const [, squad] = gq.sampleState('epic');
  const api = await served();
  const s = await gq.query('squad', '127.0.0.1', { ...EOS, api });
  assert.deepEqual([s.name, s.map, s.version, s.password, s.players.online, s.players.max, s.players.list.map((p) => p.name), s.port],
    ['gamequery demo — Squad ✓', 'Narva_AAS_v1', 'v8.2.1.369429', false, 64, 100, ['Ada', 'Grace'], 7787]);
  assert.deepEqual(s.raw, squad);
  const r = await GameDig.query({ type: 'squad', host: '127.0.0.1', api, clientId: 'c', clientSecret: 's', deploymentId: 'd' });
  assert.deepEqual([r.name, r.numplayers, r.maxplayers, r.version, r.players[0]], [squad.attributes.SERVERNAME_s, 64, 100, 'v8.2.1.369429', { name: 'Ada', raw: { raw: { name: 'Ada' } } }]);
  // The Isle's and Renown's attributes, from one state each.
  const tie = { ...squad, attributes: { ADDRESSBOUND_s: '0.0.0.0:7777', SERVERNAME_s: 'Isle', MAP_NAME_s: 'Gateway', SERVER_VERSION_s: '0.18' } };
  const isle = await gq.query('tie', '127.0.0.1', { ...EOS, api: await served(tie) });
  assert.deepEqual([isle.name, isle.map, isle.version], ['Isle', 'Gateway', '0.18']);
  const renown = { ...squad, attributes: { GAMESERVER_PORT_l: 7777, SERVERNAME_s: 'Renown', SERVERVERSION_s: '1.2', PASSWORD_b: true } };
  const rn = await gq.query('renown', '127.0.0.1', { ...EOS, api: await served(renown) });
  assert.deepEqual([rn.name, rn.version, rn.password], ['Renown', '1.2', true]);
});

test('the credentials: required, sent as Basic, never in a message; Epic\'s refusal said', async () => {
  const api = await served();
  for (const missing of ['clientId', 'clientSecret', 'deploymentId']) {
    const { e } = await failure(() => gq.query('asa', '127.0.0.1', { ...EOS, api, [missing]: undefined }));
    assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
    assert.match(e.message, new RegExp(`option ${missing} is required`));
  }
  // What the token step sends, and Epic's refusal of it.
  const heads = [];
  const refusing = await fakeTcpServer((sock) => sock.on('data', (d) => {
    heads.push(d.toString());
    const body = '{"errorCode":"errors.com.epicgames.oauth.invalid_client","errorMessage":"Sorry the client credentials you are using are invalid","numericErrorCode":1011}';
    sock.end(`HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  }));
  closers.push(refusing.close);
  const { e } = await failure(() => gq.query('asa', '127.0.0.1', { ...EOS, api: `http://127.0.0.1:${refusing.port}` }));
  assert.equal(e.code, 'GQ_AUTH');
  assert.match(e.message, /invalid_client.*clientId, clientSecret and deploymentId/);
  assert.ok(!JSON.stringify(e).includes('TOP-SECRET'));
  const [head] = heads;
  assert.match(head, /^POST \/auth\/v1\/oauth\/token HTTP\/1\.1\r\n/);
  assert.ok(head.includes(`Authorization: Basic ${Buffer.from('client:TOP-SECRET').toString('base64')}\r\n`), head);
  assert.ok(head.endsWith('\r\n\r\ngrant_type=client_credentials&deployment_id=ad9a8feffb3b4b2ca315546f038c3ae2'), head);
  // A token granted, then refused by the filter as expired (Epic's words for it): GQ_AUTH
  // with Epic's reason, within the deadline, the token never shown.
  const expiring = await fakeTcpServer((sock) => sock.on('data', (d) => {
    const token = JSON.stringify({ access_token: 'eg1~EXPIRED-TOKEN', token_type: 'bearer', expires_in: 0 });
    const expired = '{"errorCode":"errors.com.epicgames.common.authentication.token_verification_failed","errorMessage":"Sorry the token eg1~EXPIRED-TOKEN has expired","numericErrorCode":1014}';
    const [status, body] = d.toString().startsWith('POST /auth/') ? ['200 OK', token] : ['401 Unauthorized', expired];
    sock.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }));
  closers.push(expiring.close);
  const late = await failure(() => gq.query('asa', '127.0.0.1', { ...EOS, api: `http://127.0.0.1:${expiring.port}` }));
  assert.equal(late.e.code, 'GQ_AUTH');
  assert.match(late.e.message, /EOS refused the filter \(errors\.com\.epicgames\.common\.authentication\.token_verification_failed/);
  assert.match(late.e.message, /Sorry the token \[redacted\] has expired/);
  assert.ok(!late.e.message.includes('EXPIRED-TOKEN'));
  assert.ok(late.took < 3000, `${late.took} ms`);
});

test('protocol-epic and a game id through the facade: the session, its players', async () => {
  const api = await served();
  const r = await GameDig.query({ type: 'asa', host: '127.0.0.1', port: 7777, api, clientId: 'c', clientSecret: 's', deploymentId: 'd' });
  assert.deepEqual([r.name, r.map, r.version, r.numplayers, r.maxplayers, r.players, r.queryPort], ['gamequery demo — ARK ✓', 'TheIsland_WP', '33.78', 50, 70, [], 7777]);
  const p = await GameDig.query({ type: 'protocol-epic', host: '127.0.0.1', port: 7787, api, clientId: 'c', clientSecret: 's', deploymentId: 'd', externalAuth: true });
  assert.equal(p.raw.attributes.SERVERNAME_s, 'gamequery demo — Squad ✓');
});

test('what a trace shows sent holds no secret: the Basic header and the device\'s token hidden', async () => {
  const api = await served();
  const sent = [];
  const trace = (t) => t.direction === 'send' && sent.push(Buffer.from(t.bytes).toString('latin1'));
  const s = await gq.query('squad', '127.0.0.1', { ...EOS, api, trace });
  assert.equal(s.name, 'gamequery demo — Squad ✓');
  const requests = sent.filter((t) => /^POST /.test(t));
  assert.deepEqual(requests.map((t) => t.split(' ')[1]), ['/auth/v1/accounts/deviceid', '/auth/v1/oauth/token', '/matchmaking/v1/ad9a8feffb3b4b2ca315546f038c3ae2/filter']);
  for (const t of sent) {
    assert.ok(!t.includes(Buffer.from('client:TOP-SECRET').toString('base64')) && !t.includes('gamequery-eos-'), t);
  }
  assert.ok(requests.every((t) => t.includes('Authorization: [redacted]')));
  assert.ok(requests[1].includes('external_auth_token=[redacted]'), requests[1]);
});

test('opengsq (PyPI, aiohttp) reads our responder: device id, external auth, the filter, the session at its port', async () => {
  const api = await served();
  const [, squad] = gq.sampleState('epic');
  const stdout = await opengsq('opengsq_eos_probe.py', [api, '127.0.0.1', '7787', 'client', 'secret', EOS.deploymentId]);
  assert.deepEqual(JSON.parse(stdout), { id: squad.id, name: 'gamequery demo — Squad ✓', totalPlayers: 64, maxPublicPlayers: 100 });
  // And ours agrees with it on the same session.
  const s = await gq.query('squad', '127.0.0.1', { ...EOS, api });
  assert.deepEqual([s.raw.id, s.name, s.players.online, s.players.max], [squad.id, 'gamequery demo — Squad ✓', 64, 100]);
});

test('ARK without credentials: Wildcard\'s public lists, the official one then the unofficial, by address and port', async () => {
  const official = { Name: 'NA-PVE-Official-TheIsland1', IP: '127.0.0.1', Port: 7783, SessionID: 'a1', MapName: 'TheIsland_WP', NumPlayers: 50, MaxPlayers: 70, HasPassword: false, IsOfficial: 1, BuildId: '83', MinorBuildId: '21' };
  const nitrado = { Name: 'Nitrado Ragnarok ', IP: '127.0.0.1', Port: 7790, SessionID: 'b2', MapName: 'Ragnarok_WP', NumPlayers: 3, MaxPlayers: 10, HasPassword: true, IsOfficial: '0' };
  const server = await gq.serve('epic', [...gq.sampleState('epic'), official, nitrado], { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const lists = `http://127.0.0.1:${server.port}/servers/asa`;
  // maxAge 0: fetched, and no copy left for the queries after it.
  const o = await gq.query('asa', '127.0.0.1:7783', { lists, timeout: 3000, maxAge: 0 });
  assert.deepEqual([o.protocol, o.name, o.map, o.version, o.password, o.players.online, o.players.max, o.port, o.game.id],
    ['epic', 'NA-PVE-Official-TheIsland1', 'TheIsland_WP', '83.21', false, 50, 70, 7783, 'asa']);
  assert.deepEqual(o.raw, official);
  const sent = [];
  const trace = (t) => t.direction === 'send' && sent.push(Buffer.from(t.bytes).toString('latin1').split('\r\n')[0]);
  const n = await gq.query('asa', '127.0.0.1:7790', { lists, timeout: 3000, trace });
  assert.deepEqual([n.name, n.map, n.password, n.players.online, n.players.max, n.version, n.raw.SessionID], ['Nitrado Ragnarok', 'Ragnarok_WP', true, 3, 10, null, 'b2']);
  assert.deepEqual(sent, ['GET /servers/asa/officialserverlist.json HTTP/1.1', 'GET /servers/asa/unofficialserverlist.json HTTP/1.1']);
  // Within maxAge (default 30 s) the lists those queries fetched answer: nothing sent.
  sent.length = 0;
  const again = await gq.query('asa', '127.0.0.1:7790', { lists, timeout: 3000, trace });
  assert.deepEqual([again.name, again.raw.SessionID, sent], ['Nitrado Ragnarok', 'b2', []]);
  // In neither: both said, and what finds a privately hosted server.
  const { e } = await failure(() => gq.query('asa', '127.0.0.1:7799', { lists, timeout: 3000 }));
  assert.equal(e.code, 'GQ_NOT_LISTED');
  assert.match(e.message, /neither of Wildcard's lists has the server \(officialserverlist\.json has 1 servers, none at 127\.0\.0\.1:7799; unofficialserverlist\.json has 1 servers, none at 127\.0\.0\.1:7799\): .*clientId, clientSecret, deploymentId/);
  // With credentials, EOS as before; the generic protocol still wants them.
  assert.equal((await gq.query('asa', '127.0.0.1', { ...EOS, api: `http://127.0.0.1:${server.port}` })).name, 'gamequery demo — ARK ✓');
  assert.match((await failure(() => gq.query('epic', '127.0.0.1', { lists }))).e.message, /option clientId is required/);
  // The facade: gamedig's asa without credentials reads the lists too.
  const r = await GameDig.query({ type: 'asa', host: '127.0.0.1', port: 7790, lists });
  assert.deepEqual([r.name, r.map, r.password, r.numplayers, r.maxplayers, r.players, r.raw.SessionID], ['Nitrado Ragnarok', 'Ragnarok_WP', true, 3, 10, [], 'b2']);
});
