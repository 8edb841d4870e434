// A caller's mistakes are said once, in the caller's words: a batch option's typo up
// front, serve()'s state and options without serde or OS wording, a port in use named by
// its address, `attempts` as the message counts them, a misspelt GAMEQUERY_ENGINE.
// Both engines run this file.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { queryMany, serve, query } from 'gamequery';
import { fakeTcpServer, openMpState } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

test('a queryMany option misspelt fails the call up front, naming every option the batch takes', async () => {
  let started = 0;
  const targets = { *[Symbol.iterator]() { started++; yield '127.0.0.1:1'; yield '127.0.0.1:2'; } };
  const run = queryMany(targets, { protocol: 'samp', concurency: 3, timeout: 200 });
  const e = await run[Symbol.asyncIterator]().next().then(() => assert.fail('yielded'), (err) => err);
  assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
  assert.match(e.message, /^queryMany's options: unknown option "concurency" for the SA:MP query; its options are timeout, .*rawStrings, dialect, signal, trace; and the batch's own: concurrency, protocol, /);
  assert.equal(started, 1);
  // Per protocol too, and for the race its own options are listed.
  const mixed = [{ protocol: 'sqp', target: '127.0.0.1:1' }, { protocol: 'minecraft', target: '127.0.0.1:1' }];
  await assert.rejects(async () => { for await (const r of queryMany(mixed, { sqp: { chunks: ['nope'] } })) void r; },
    (err) => err.code === 'GQ_INVALID_ARGUMENT' && /^queryMany's options: option chunks /.test(err.message));
  await assert.rejects(async () => { for await (const r of queryMany(mixed, { fullPlayer: true })) void r; },
    (err) => /unknown option "fullPlayer" for the SQP query/.test(err.message));
  await assert.rejects(async () => { for await (const r of queryMany([mixed[1]], { fullPlayer: true })) void r; },
    (err) => /unknown option "fullPlayer" \(did you mean fullPlayers\?\) for the Minecraft query \(Java and Bedrock\); its options are bedrockPort, fullPlayers, queryPort, /.test(err.message));
  // An item's own options stay that item's error.
  const results = [];
  for await (const r of queryMany([{ protocol: 'samp', target: '127.0.0.1:1', options: { bogus: 1 } }], { timeout: 200 })) results.push(r.error.message);
  assert.deepEqual(results, ['unknown option "bogus" for the SA:MP query; its options are timeout, retries, family, localAddress, localPort, encoding, players, openMp, ping, rawStrings, dialect, signal, trace']);
});

test('serve(): a state or option mistake names its place and the known members, without serde words', async () => {
  const info = openMpState(0).info;
  const cases = [
    [() => serve('samp', {}, { port: 0 }), 'invalid SA:MP state: info: required, but missing'],
    [() => serve('samp', { info: { hostname: 'x' } }, { port: 0 }), 'invalid SA:MP state: info.password: required, but missing'],
    [() => serve('samp', { info }, { port: 0, ratelimit: 1 }), 'invalid serve options: ratelimit: unknown member (did you mean rateLimit?); the known ones: host, port, legacy, rcon, rateLimit'],
  ];
  for (const [call, message] of cases) {
    await assert.rejects(call, (e) => e.code === 'GQ_INVALID_ARGUMENT' && e.message === message && !/`/.test(e.message), message);
  }
});

test('serve() on a port in use: GQ_NETWORK naming the address, the transport and why, both ways', async () => {
  const udp = await serve('samp', openMpState(1), { host: '127.0.0.1', port: 0 });
  closers.push(() => udp.close());
  await assert.rejects(serve('samp', openMpState(1), { host: '127.0.0.1', port: udp.port }), (e) => e.code === 'GQ_NETWORK'
    && e.message === `cannot listen on 127.0.0.1:${udp.port} (UDP): the port is in use (another server listens there)`);
  const tcp = await fakeTcpServer(() => {});
  closers.push(() => tcp.close());
  await assert.rejects(serve('minecraft-java', {}, { host: '127.0.0.1', port: tcp.port }), (e) => e.code === 'GQ_NETWORK'
    && e.message === `cannot listen on 127.0.0.1:${tcp.port} (TCP): the port is in use (another server listens there)`);
  await assert.rejects(serve('samp', openMpState(1), { host: '192.0.2.1', port: 0 }), (e) => e.code === 'GQ_NETWORK'
    && e.message === "cannot listen on 192.0.2.1:0 (UDP): that address is not one of this machine's");
});

test('attempts counts what the message counts: a silent TCP server tried twice says so', async () => {
  const silent = await fakeTcpServer(() => {});
  closers.push(() => silent.close());
  for (const [retries, sent, attempts] of [[0, 'sent once', 1], [1, 'sent 2 times, each on a new connection', 2]]) {
    const e = await query('minecraft-java', `127.0.0.1:${silent.port}`, { timeout: 400, retries, legacyFallback: false }).catch((err) => err);
    assert.equal(e.code, 'GQ_TIMEOUT');
    assert.match(e.message, new RegExp(`no answer to the status request \\(${sent}\\) before the deadline$`));
    assert.equal(e.attempts, attempts);
  }
});

test('GAMEQUERY_ENGINE other than native or wasm is refused when the package loads, not taken for auto', async () => {
  const run = (value) => promisify(execFile)('node', ['-e', "console.log(require('gamequery').engine)"], { env: { ...process.env, GAMEQUERY_ENGINE: value } });
  await assert.rejects(run('wsam'), (e) => /GameQueryError: GAMEQUERY_ENGINE must be 'native', 'wasm' or unset .*got "wsam"/.test(e.stderr));
  assert.equal((await run('wasm')).stdout.trim(), 'wasm');
  assert.equal((await run('')).stdout.trim(), 'native');
});
