// What real programs built on gamedig do with it, done to `gamequery/gamedig` (#48): the
// options they pass and the fields and words they read. gethomepage/homepage
// (src/widgets/gamedig/proxy.js) always sets `givenPortOnly`, Uptime Kuma
// (server/monitor-types/gamedig.js) and kener (gamedigCall.ts) by default; homepage and
// Uptime Kuma show or store `ping` as whole milliseconds; akwd1909's Discord bot tells an
// offline server by `message.includes("attempts")`; at least ten bots read
// `state.raw.vanilla.raw.players.online`. gamedig 5 reads the same responders as the oracle.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { GameDig as Theirs } from 'gamedig';
import { GameDig, games } from 'gamequery/gamedig';
import { games as ourGames, serve, sampleState } from 'gamequery';
import { placeGame, javaState, freeUdpPort } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const QUICK = { socketTimeout: 400, attemptTimeout: 3000 };

/** gamedig's protocol classes the facade speaks, with the protocol whose responder answers them. */
const CLASSES = {
  valve: 'a2s', goldsrc: 'a2s', samp: 'samp', gtasao: 'samp', minecraft: 'minecraft-java', minecraftvanilla: 'minecraft-java',
  minecraftbedrock: 'minecraft-bedrock', mumbleping: 'mumble', quake1: 'quakeworld', quake2: 'quake2', quake3: 'quake3', fivem: 'fivem',
  doom3: 'doom3', ase: 'all-seeing-eye', gamespy1: 'gamespy1', gamespy2: 'gamespy2', gamespy3: 'gamespy3', unreal2: 'unreal2',
  palworld: 'palworld', terraria: 'terraria', satisfactory: 'satisfactory', teamspeak3: 'teamspeak3', eldewrito: 'eldewrito', hytale: 'hytale', eco: 'eco', buildandshoot: 'buildandshoot', kspdmp: 'kspdmp', assettocorsa: 'assettocorsa', farmingsimulator: 'farmingsimulator',
  factorio: 'factorio', beammp: 'beammp', minetest: 'minetest', vintagestory: 'vintagestory', renegadex: 'renegadex', altvmp: 'altvmp', ragemp: 'ragemp', geneshift: 'geneshift', discord: 'discord', scpsl: 'scpsl', brokeprotocol: 'brokeprotocol', hawakening: 'hawakening',
};

/** One query; its result, or its error as `{ code, message }`. */
const attempt = (options) => GameDig.query({ host: '127.0.0.1', ...QUICK, ...options }).catch((e) => ({ code: e.code ?? 'none', message: e.message }));

test(`givenPortOnly true and false over every game id (${Object.keys(games).length}): no option mistake, and a responder answers`, { timeout: 600_000 }, async (t) => {
  const wrong = [];
  let answered = 0;
  for (const id of Object.keys(games)) {
    if (!ourGames[id].supported) {
      const e = await attempt({ type: id, port: 9, givenPortOnly: true });
      if (e.code !== 'GQ_UNSUPPORTED_GAME') wrong.push(`${id}: ${e.code} ${e.message}`);
      continue;
    }
    const where = await placeGame(id, undefined, closers);
    if (!where) {
      t.diagnostic(`${id}: its fixed query port ${ourGames[id].queryPort} is taken here`);
      continue;
    }
    // The game port (the query port found by the game's rule), and the query port given alone.
    // TeamSpeak 3's port is the voice server's always; its ServerQuery is an option.
    const alone = where.options ? where.gamePort : where.server.port;
    for (const [givenPortOnly, port] of [[false, where.gamePort], [true, alone]]) {
      const r = await attempt({ type: id, port, givenPortOnly, ...where.options });
      if (r.code) wrong.push(`${id} givenPortOnly ${givenPortOnly}: ${r.code} ${r.message}`);
      else answered++;
    }
    await where.server.close();
  }
  t.diagnostic(`${answered} answers`);
  assert.deepEqual(wrong, []);
});

test('every protocol-* name gamedig has and the facade speaks, givenPortOnly true and false: answered at the port given', async () => {
  const variants = new Set(Object.entries(games).filter(([id]) => ourGames[id].supported).map(([, g]) => g.options.protocol));
  const wrong = [];
  for (const name of new Set([...Object.keys(CLASSES), ...variants])) {
    // A class of one game's (`dayz`, `ffow` …) is answered by that game's responder.
    const id = Object.keys(games).find((g) => ourGames[g].supported && games[g].options.protocol === name);
    const where = CLASSES[name] && !id
      ? { server: await serve(CLASSES[name], CLASSES[name] === 'minecraft-java' ? javaState() : sampleState(CLASSES[name]), { host: '127.0.0.1', port: 0 }) }
      : await placeGame(id, undefined, closers);
    if (!where) continue;
    for (const givenPortOnly of [false, true]) {
      const port = where.options ? where.gamePort : where.server.port;
      const r = await attempt({ type: `protocol-${name}`, port, givenPortOnly, ...where.options });
      if (r.code) wrong.push(`protocol-${name} givenPortOnly ${givenPortOnly}: ${r.code} ${r.message}`);
    }
    await where.server.close();
  }
  assert.deepEqual(wrong, []);
});

test('an offline server: gamedig\'s "Failed all N attempts", plural for one too (bots match "attempts"), and gamedig says the same', async () => {
  const port = await freeUdpPort();
  for (const options of [{ type: 'protocol-valve', port }, { type: 'csgo', port, givenPortOnly: true }]) {
    const ours = await attempt(options);
    const theirs = await new Theirs().query({ host: '127.0.0.1', ...QUICK, ...options }).catch((e) => e);
    // gamedig tries a protocol class's port twice (its retry); a game's once here.
    assert.match(theirs.message, /^Failed all \d attempts$/);
    assert.match(ours.message, /^Failed all 1 attempts: /);
    assert.ok(ours.message.includes('attempts'));
  }
  // A game with two candidate ports: both counted.
  const two = await attempt({ type: 'rust', port });
  assert.match(two.message, /^Failed all 2 attempts: /);
});

test('ping in whole milliseconds, as gamedig gives it (homepage shows it, Uptime Kuma stores it in an integer column)', async () => {
  const server = await serve('a2s', sampleState('a2s'), { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  const state = await GameDig.query({ type: 'protocol-valve', host: '127.0.0.1', port: server.port });
  assert.ok(Number.isInteger(state.ping) && state.ping >= 0, String(state.ping));
});

/** A Java server with `enable-query=true`: its status over TCP and its Query on the same port over UDP. */
async function javaWithQuery() {
  const port = await freeUdpPort();
  const java = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port });
  const gs4 = await serve('minecraft-query', { ...sampleState('minecraft-query'), hostPort: port }, { host: '127.0.0.1', port });
  closers.push(() => java.close(), () => gs4.close());
  return port;
}

test('minecraft: Query asked as gamedig asks it, its name and 14 names win; raw.vanilla / raw.gamespy / raw.bedrock in gamedig\'s shape', async () => {
  const port = await javaWithQuery();
  const options = { type: 'minecraft', host: '127.0.0.1', port, ...QUICK };
  const ours = await GameDig.query({ ...options });
  // gamedig opens its one UDP socket at the first send: two sends at once (Query's and
  // Bedrock's) open two, and Query's challenge comes back to the wrong one. A first query
  // opens it, as in a program that has run before.
  const gamedig = new Theirs();
  await gamedig.query({ ...options, type: 'protocol-minecraftbedrock', port: await freeUdpPort(), socketTimeout: 100 }).catch(() => {});
  const theirs = await gamedig.query({ ...options });
  // What bots read.
  assert.equal(ours.players.length, 14);
  assert.equal(ours.name, 'gamequery demo — Query');
  assert.equal(ours.raw.vanilla.raw.players.online, 5);
  assert.equal(ours.raw.vanilla.raw.version.name, '1.21.4');
  assert.ok(Number.isInteger(ours.raw.vanilla.ping));
  assert.equal(ours.raw.gamespy.raw.hostname, '§6gamequery §fdemo §7— Query');
  // The description as the server sent it: gamedig reverses its `extra` in place while it
  // reads the name (a side effect of its `stack.push(...extra.reverse())`).
  assert.deepEqual(ours.raw.vanilla.raw.description, javaState().motd);
  for (const r of [ours, theirs]) delete r.raw.vanilla.raw.description;
  // And everything else as gamedig 5 has it (the ping and gamedig's undefined Bedrock aside).
  const same = (r) => {
    const { ping, raw, ...rest } = r;
    void ping;
    const edition = (e) => e && { ...e, ping: undefined, players: e.players.map((p) => ({ ...p })), bots: [] };
    return JSON.parse(JSON.stringify({ ...rest, players: rest.players.map((p) => ({ ...p })), raw: { vanilla: edition(raw.vanilla), gamespy: edition(raw.gamespy), bedrock: edition(raw.bedrock) ?? null } }));
  };
  assert.deepEqual(same(ours), same(theirs));
});

test('minecraft: a Java server without Query answers at once, raw.gamespy empty; protocol-minecraftvanilla is gamedig\'s vanilla result', async () => {
  const port = await freeUdpPort();
  const java = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port });
  closers.push(() => java.close());
  const started = performance.now();
  const ours = await GameDig.query({ type: 'minecraft', host: '127.0.0.1', port });
  assert.ok(performance.now() - started < 1500, 'not the whole deadline');
  assert.equal(ours.raw.gamespy, null);
  assert.equal(ours.players.length, 2);
  assert.equal(ours.version, '1.21.4');
  const vanilla = await GameDig.query({ type: 'protocol-minecraftvanilla', host: '127.0.0.1', port });
  const theirs = await new Theirs().query({ type: 'protocol-minecraftvanilla', host: '127.0.0.1', port });
  assert.deepEqual({ ...vanilla, ping: 0, players: [...vanilla.players] }, JSON.parse(JSON.stringify({ ...theirs, ping: 0 })));
});
