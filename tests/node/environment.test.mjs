// Credentials from the environment, in both engines: `GAMEQUERY_<GAME>_<OPTION>` (then
// `GAMEQUERY_<PROTOCOL>_<OPTION>`) fills a credential the call's protocol takes and the
// options do not give — for query, queryMany, rcon, the facade and the CLI; the process's
// variables by default (read at the first call: a child process here), or the option
// `environment` (a Worker's `env`). An option given wins.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as gq from 'gamequery';
import { failure } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const PASSWORD = 'pal-env-s3cret';

async function palworld() {
  const server = await gq.serve('palworld', { ...gq.sampleState('palworld'), password: PASSWORD }, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return `127.0.0.1:${server.port}`;
}

test('the option environment gives what the options do not; an option given wins', async () => {
  const target = await palworld();
  const environment = { GAMEQUERY_PALWORLD_PASSWORD: PASSWORD, GAMEQUERY_PALWORLD_TOKEN: 'not a Palworld option', PATH: '/bin' };
  const s = await gq.query('palworld', target, { environment, timeout: 2000 });
  assert.equal(s.name, 'gamequery demo — Palpagos ✓');
  // Given, the option is the one sent.
  const { e } = await failure(() => gq.query('palworld', target, { environment, password: 'wrong-one', timeout: 2000 }));
  assert.equal(e.code, 'GQ_AUTH');
  assert.doesNotMatch(e.message, /pal-env-s3cret|wrong-one/);
  // Without it: the server's refusal, naming the option (and the variable is no option).
  const none = await failure(() => gq.query('palworld', target, { environment: {}, timeout: 2000 }));
  assert.match(none.e.message, /give the server's AdminPassword as the option password$/);
  await assert.rejects(gq.query('palworld', target, { environment: 'x' }), { code: 'GQ_INVALID_ARGUMENT', message: /option environment must be an object/ });
  // queryMany: the shared options' environment, for each item's protocol.
  const results = [];
  for await (const r of gq.queryMany([{ protocol: 'palworld', target }, { protocol: 'palworld', target, options: { password: 'x' } }], { environment, timeout: 2000 })) {
    results.push(r.status?.name ?? r.error.code);
  }
  assert.deepEqual(results.sort(), ['GQ_AUTH', 'gamequery demo — Palpagos ✓']);
});

test('rcon takes its password from GAMEQUERY_<PROTOCOL>_PASSWORD', async () => {
  const server = await gq.serve('minecraft-java', gq.sampleState('minecraft-java'), {
    host: '127.0.0.1',
    port: 0,
    rcon: { port: 0, password: 'rcon-env', handler: (command) => [`ran ${command}`] },
  });
  closers.push(() => server.close());
  const target = `127.0.0.1:${server.rconPort}`;
  const lines = await gq.rcon('minecraft-java', target, { environment: { GAMEQUERY_MINECRAFT_JAVA_PASSWORD: 'rcon-env' }, timeout: 2000 }, 'list');
  assert.deepEqual(lines, ['ran list']);
  const { e } = await failure(() => gq.rcon('minecraft-java', target, { environment: {}, timeout: 2000 }, 'list'));
  assert.match(e.message, /password/);
});

const run = (code, env) =>
  new Promise((resolve) => {
    execFile('node', ['--input-type=module', '-e', code], { timeout: 20_000, env: { ...process.env, ...env } }, (e, stdout, stderr) => resolve({ code: e ? e.code : 0, stdout, stderr }));
  });

test('by default the process\'s variables: query, the facade and the CLI', async () => {
  const target = await palworld();
  const [host, port] = target.split(':');
  const env = { GAMEQUERY_PALWORLD_PASSWORD: PASSWORD };
  const query = await run(`import { query } from 'gamequery'; console.log((await query('palworld', '${target}', { timeout: 2000 })).name);`, env);
  assert.equal(query.stdout.trim(), 'gamequery demo — Palpagos ✓', query.stderr);
  const facade = await run(`import { GameDig } from 'gamequery/gamedig'; console.log((await GameDig.query({ type: 'palworld', host: '${host}', port: ${port} })).name);`, env);
  assert.equal(facade.stdout.trim(), 'gamequery demo — Palpagos ✓', facade.stderr);
  const cli = fileURLToPath(new URL('../../npm/gamequery/cli.js', import.meta.url));
  const shown = await new Promise((resolve) => {
    execFile('node', [cli, 'palworld', target, '--json'], { timeout: 20_000, env: { ...process.env, ...env } }, (e, stdout, stderr) => resolve({ stdout, stderr }));
  });
  assert.equal(JSON.parse(shown.stdout).name, 'gamequery demo — Palpagos ✓', shown.stderr);
  // Without the variable the same program is refused.
  const without = await run(`import { query } from 'gamequery'; await query('palworld', '${target}', { timeout: 2000 }).catch((e) => console.log(e.code));`, {});
  assert.equal(without.stdout.trim(), 'GQ_AUTH');
});
