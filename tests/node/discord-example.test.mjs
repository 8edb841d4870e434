// examples/discord-bot: the `/status` handler, driven by a fake interaction against local
// responders — the reply a Discord user would read, for an answer and for each failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { serve } from 'gamequery';
import { data, execute, choicesFor } from '../../examples/discord-bot/status-command.js';
import { fakeServer, javaState, openMpState } from './helpers.mjs';

/** What discord.js hands the handler, reduced to what it uses; records what it is told. */
function interaction(game, address) {
  const said = [];
  return {
    said,
    options: { getString: (name) => ({ game, address })[name] },
    deferReply: async () => said.push({ defer: Date.now() }),
    editReply: async (reply) => said.push(reply),
  };
}

async function ask(game, address, options) {
  const i = interaction(game, address);
  const t0 = Date.now();
  await execute(i, options);
  assert.equal(i.said.length, 2, 'deferred, then one reply');
  assert.ok(i.said[0].defer - t0 < 50, 'deferred before querying');
  return { reply: i.said[1], ms: Date.now() - t0 };
}

const fields = (reply) => Object.fromEntries(reply.embeds[0].toJSON().fields.map((f) => [f.name, f.value]));

test('the command registers game (autocompleted) and address options', () => {
  const json = data.toJSON();
  assert.equal(json.name, 'status');
  assert.deepEqual(json.options.map((o) => o.name), ['game', 'address']);
  assert.equal(json.options[0].autocomplete, true);
  // Autocomplete: the games table, what starts with the typed words first, 25 at most.
  assert.deepEqual(choicesFor('rust')[0], { name: 'Rust', value: 'rust' });
  assert.equal(choicesFor('v rising')[0].value, 'vrising');
  assert.ok(choicesFor('counter').some((c) => c.value === 'counterstrike2'));
  assert.equal(choicesFor('').length, 25);
  assert.ok(choicesFor('sqp').some((c) => c.value === 'sqp'), 'protocols of no listed game too');
  assert.deepEqual(choicesFor('mafia ii'), [], 'only games gamequery can query');
  assert.deepEqual(choicesFor('farming simulator 22'), [{ name: 'Farming Simulator 22', value: 'farmingsimulator22' }]);
  assert.deepEqual(choicesFor('battlefield 1942'), [{ name: 'Battlefield 1942', value: 'battlefield1942' }]);
  // The example's README names games the command offers.
  const readme = readFileSync(new URL('../../examples/discord-bot/README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
  for (const name of ['Rust', 'Counter-Strike 2', 'V Rising', 'Minecraft', 'SA:MP']) assert.ok(readme.includes(name), `the README does not name ${name}`);
});

test('a game by id: the query port found from its rule, and where to connect', async () => {
  const a2s = await serve('a2s', { info: { name: 'Rust EU', maxPlayers: 100, players: 2 }, players: [] }, { host: '127.0.0.1', port: 0 });
  try {
    const { reply } = await ask('rust', `127.0.0.1:${a2s.port - 1}`);
    assert.equal(reply.embeds[0].toJSON().title, 'Rust EU');
    assert.equal(fields(reply)['Query port'], String(a2s.port));
    assert.equal(fields(reply).Connect, `127.0.0.1:${a2s.port - 1}`);
    const { reply: none } = await ask('rust', '127.0.0.1:9');
    assert.equal(none.content, '127.0.0.1:9 is reachable, but nothing is listening on ports 10, 9: the server is down or the address is wrong.');
    assert.equal((await ask('m2m', '127.0.0.1:9')).reply.content, 'I cannot check Mafia II - Multiplayer servers yet.');
    assert.equal((await ask('tetris', '127.0.0.1:9')).reply.content, 'I do not know the game "tetris"; pick one from the list.');
  } finally {
    await a2s.close();
  }
});

test('an A2S server with bots: the count says how many of the players are bots', async () => {
  const list = Array.from({ length: 4 }, (_, i) => ({ index: 0, name: i < 3 ? `human ${i}` : 'BOT Ava', score: i, duration: i }));
  const a2s = await serve('a2s', { info: { name: 'CS', maxPlayers: 10, players: 4, bots: 1 }, players: list }, { host: '127.0.0.1', port: 0 });
  try {
    const { reply } = await ask('a2s', `127.0.0.1:${a2s.port}`);
    assert.equal(fields(reply).Players, '4 / 10 (1 bot)');
  } finally {
    await a2s.close();
  }
});

test('a live SA:MP server and a Minecraft server become embeds', async () => {
  const samp = await serve('samp', openMpState(3), { host: '127.0.0.1', port: 0 });
  const mc = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  try {
    let { reply } = await ask('samp', `127.0.0.1:${samp.port}`);
    assert.equal(reply.embeds[0].toJSON().title, 'open.mp test — ünïcödé ✓');
    assert.deepEqual(
      { ...fields(reply), Ping: undefined },
      { Players: '3 / 200', Ping: undefined, Online: 'Player_0, Player_1, Player_2', Map: 'San Andreas', Version: 'omp 1.4.0.2779', Connect: `127.0.0.1:${samp.port}` },
    );
    assert.match(fields(reply).Ping, /^\d+ ms$/);
    ({ reply } = await ask('minecraft-java', `127.0.0.1:${mc.port}`));
    assert.equal(reply.embeds[0].toJSON().title, 'gamequery test\nsecond line');
    assert.equal(fields(reply).Players, '5 / 100');
    assert.equal(fields(reply).Online, 'Steve, Alex and 3 more');
    assert.equal(fields(reply).Version, '1.21.4');
  } finally {
    await Promise.all([samp.close(), mc.close()]);
  }
});

test('each failure is a sentence, within the deadline', async () => {
  const silent = await fakeServer(() => {});
  const closed = dgram.createSocket('udp4');
  await new Promise((r) => closed.bind(0, '127.0.0.1', r));
  const closedPort = closed.address().port;
  await new Promise((r) => closed.close(r));
  const http = createServer((_, res) => res.end('hello')).on('connection', (s) => s.write('HTTP/1.1 400 Bad Request\r\n\r\n'));
  await new Promise((r) => http.listen(0, '127.0.0.1', r));
  try {
    let { reply, ms } = await ask('samp', `127.0.0.1:${silent.port}`, { timeout: 800 });
    assert.equal(reply.content, `127.0.0.1:${silent.port} did not answer in time: the server is offline, or a firewall drops queries.`);
    assert.ok(ms >= 790 && ms < 1100, `answered after ${ms} ms`);
    ({ reply } = await ask('sqp', `127.0.0.1:${closedPort}`));
    assert.equal(reply.content, `127.0.0.1:${closedPort} is reachable, but nothing is listening on that port: the server is down or the port is wrong.`);
    ({ reply } = await ask('minecraft-java', `127.0.0.1:${http.address().port}`));
    assert.equal(reply.content, `127.0.0.1:${http.address().port} answered, but it is not a Minecraft server. Is the port right?`);
    ({ reply } = await ask('samp', '127.0.0.1:7777:1'));
    assert.equal(reply.content, '"127.0.0.1:7777:1" is not an address I can query; write it as host:port.');
  } finally {
    await silent.close();
    await new Promise((r) => http.close(r));
  }
});
