// Independent clients against our responder: their decoded values must equal the state
// we served. gamedig 5 reads `d` as `gtasam` (SA:MP) and `c` as `gtasao` (open.mp);
// npm samp-query reads `i`, `r`, `d`.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { GameDig } from 'gamedig';
import { serve } from 'gamequery';
import { openMpState, players } from './helpers.mjs';

const sampQuery = createRequire(import.meta.url)('samp-query');
const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));
async function start(state, options) {
  const s = await serve('samp', state, { host: '127.0.0.1', port: 0, ...options });
  servers.push(s);
  return s;
}

const gamedig = (type, port) => GameDig.query({ type, host: '127.0.0.1', port, givenPortOnly: true, maxRetries: 0, socketTimeout: 1000, attemptTimeout: 5000 });

// gamedig decodes text as windows-1252: serve Latin text in that code page.
function legacyLatinState() {
  return {
    info: { password: true, players: 8, maxPlayers: 64, hostname: 'Café Roleplay [FR]', gamemode: 'RP v2', language: 'Français' },
    rules: { lagcomp: 'On', mapname: 'San Andreas', version: '0.3.7-R2', weather: '10', weburl: 'www.sa-mp.com', worldtime: '18:00' },
    players: players(8),
    encoding: 'windows-1252',
  };
}

test('gamedig gtasam (reads d) decodes what we serve in legacy mode', async () => {
  const state = legacyLatinState();
  const server = await start(state, { legacy: true });
  const r = await gamedig('gtasam', server.port);
  assert.equal(r.name, state.info.hostname);
  assert.equal(r.password, true);
  assert.equal(r.numplayers, 8);
  assert.equal(r.maxplayers, 64);
  assert.equal(r.raw.gamemode, state.info.gamemode);
  assert.equal(r.raw.map, state.info.language);
  assert.equal(r.version, '0.3.7-R2');
  assert.deepEqual(r.raw.rules, state.rules);
  assert.deepEqual(
    Array.from(r.players, (p) => ({ id: p.raw.id, name: p.name, score: p.raw.score, ping: p.raw.ping })),
    state.players.map(({ id, name, score, ping }) => ({ id, name, score, ping })),
  );
});

test('gamedig gtasao (reads c) decodes what we serve in open.mp mode', async () => {
  const state = openMpState(20);
  state.info.hostname = 'open.mp peer test';
  const server = await start(state);
  const r = await gamedig('gtasao', server.port);
  assert.equal(r.name, state.info.hostname);
  assert.equal(r.numplayers, 20);
  assert.equal(r.maxplayers, 200);
  assert.equal(r.version, 'omp 1.4.0.2779');
  assert.deepEqual(r.raw.rules, state.rules);
  assert.deepEqual(Array.from(r.players, (p) => [p.name, p.raw.score]), state.players.map((p) => [p.name, p.score]));
});

test('gamedig gtasao sees no list above 100 players, as from open.mp', async () => {
  const server = await start(openMpState(150));
  const r = await gamedig('gtasao', server.port);
  assert.equal(r.numplayers, 150);
  assert.equal(r.players.length, 0);
});

test('samp-query decodes what we serve in legacy mode', async () => {
  const state = legacyLatinState();
  state.info.hostname = 'Plain ASCII host'; // samp-query maps bytes >= 0x80 through a Greek table
  state.info.language = 'English';
  state.players = state.players.map((p) => ({ ...p, score: Math.abs(p.score) })); // it reads scores as u16
  const server = await start(state, { legacy: true });
  const r = await new Promise((resolve, reject) =>
    sampQuery({ host: '127.0.0.1', port: server.port, timeout: 1000 }, (err, res) => (err ? reject(new Error(String(err))) : resolve(res))));
  assert.equal(r.hostname, state.info.hostname);
  assert.equal(r.gamemode, state.info.gamemode);
  assert.equal(r.mapname, state.info.language);
  assert.equal(r.passworded, true);
  assert.equal(r.online, 8);
  assert.equal(r.maxplayers, 64);
  assert.equal(r.rules.version, '0.3.7-R2');
  assert.equal(r.rules.lagcomp, true);
  assert.equal(r.rules.weather, 10);
  assert.deepEqual(r.players, state.players.map(({ id, name, score, ping }) => ({ id, name, score, ping })));
});
