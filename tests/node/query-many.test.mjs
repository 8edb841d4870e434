// queryMany: mixed protocols, a dead server reported as an error, bounded concurrency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { queryMany, serve } from 'gamequery';
import { javaState, openMpState, sqpState } from './helpers.mjs';

test('queryMany yields every server once, errors included, at most `concurrency` at a time', async () => {
  const samp = await serve('samp', openMpState(2), { host: '127.0.0.1', port: 0 });
  const mc = await serve('minecraft-java', javaState(), { host: '127.0.0.1', port: 0 });
  const sqp = await serve('sqp', sqpState(), { host: '127.0.0.1', port: 0 });
  const silent = dgram.createSocket('udp4');
  await new Promise((r) => silent.bind(0, '127.0.0.1', r));
  try {
    const items = [
      { protocol: 'samp', target: `127.0.0.1:${samp.port}` },
      { protocol: 'minecraft-java', target: `127.0.0.1:${mc.port}` },
      { protocol: 'sqp', target: `127.0.0.1:${sqp.port}`, options: { chunks: ['info'] } },
      { protocol: 'samp', target: `127.0.0.1:${silent.address().port}`, options: { retries: 0 } },
    ];
    const seen = new Map();
    for await (const r of queryMany(items, { concurrency: 2, timeout: 300 })) seen.set(r.target, r);
    assert.equal(seen.size, 4);
    assert.equal(seen.get(items[0]).status.name, 'open.mp test — ünïcödé ✓');
    assert.equal(seen.get(items[1]).status.version, '1.21.4');
    assert.equal(seen.get(items[2]).status.name, 'Arena #1');
    assert.equal(seen.get(items[3]).error.code, 'GQ_TIMEOUT');
    // Plain targets with a shared protocol.
    const names = [];
    for await (const r of queryMany([`127.0.0.1:${samp.port}`, `127.0.0.1:${samp.port}`], { protocol: 'samp', timeout: 300 })) names.push(r.status.players.online);
    assert.deepEqual(names, [2, 2]);
    // Four silent servers, 200 ms each, two at a time: two waves, never one.
    const dead = Array(4).fill(`127.0.0.1:${silent.address().port}`);
    const t0 = Date.now();
    let errors = 0;
    for await (const r of queryMany(dead, { protocol: 'samp', concurrency: 2, timeout: 200, retries: 0 })) errors += r.error ? 1 : 0;
    assert.equal(errors, 4);
    assert.ok(Date.now() - t0 >= 390, `took ${Date.now() - t0} ms`);
  } finally {
    silent.close();
    await Promise.all([samp.close(), mc.close(), sqp.close()]);
  }
});
