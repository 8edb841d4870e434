// What an HTTP protocol's query makes of a reply that is not 200, in both engines: a
// status it cannot use is GQ_HTTP_STATUS with `httpStatus`; 429 and 503 with a
// `Retry-After` that ends before the deadline are asked again after it, else
// GQ_RATE_LIMITED with `retryAfter`; a redirect on the same host and port is followed, at
// most 5 in a row, and one to another server is not (credentials never leave the server
// the caller named). The server here is a scripted HTTP server on loopback answering
// ElDewrito's status (GET /) and TShock's (its token in the query string).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import * as pkg from 'gamequery';
import { failure } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

/** ElDewrito's status as our responder serves it. */
const body = await (async () => {
  const server = await pkg.serve('eldewrito', pkg.sampleState('eldewrito'), { host: '127.0.0.1', port: 0 });
  const text = await fetch(`http://127.0.0.1:${server.port}/`).then((r) => r.text());
  await server.close();
  return text;
})();

/** A server answering each request with `script(request, n)`'s `[status, headers, body]`. */
async function scripted(script) {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push({ at: performance.now(), url: req.url, authorization: req.headers.authorization });
    const [status, headers = {}, text = ''] = script(req, seen.length);
    res.writeHead(status, { 'Content-Length': Buffer.byteLength(text), ...headers });
    res.end(text);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return { port: server.address().port, seen };
}

const ok = () => [200, { 'Content-Type': 'application/json' }, body];

test('a status the query cannot use is GQ_HTTP_STATUS with httpStatus, at once', async () => {
  for (const [status, reason] of [[404, 'Not Found'], [500, 'Internal Server Error'], [418, "I'm a Teapot"], [304, 'Not Modified']]) {
    const server = await scripted(() => [status, {}, 'Nope.']);
    const { e, took } = await failure(() => pkg.query('eldewrito', `127.0.0.1:${server.port}`, { timeout: 2000 }));
    assert.equal(e.code, 'GQ_HTTP_STATUS', `${status}: ${e.message}`);
    assert.equal(e.httpStatus, status);
    assert.equal(e.message, `ElDewrito query of 127.0.0.1:${server.port}: GET / answered HTTP ${status} ${reason}`);
    assert.equal(server.seen.length, 1, 'not asked again');
    assert.ok(took < 1000, `${took} ms`);
  }
  // 401, 403 and 429 keep their codes, with the status beside.
  for (const [status, code] of [[401, 'GQ_AUTH'], [403, 'GQ_FORBIDDEN'], [429, 'GQ_RATE_LIMITED']]) {
    const server = await scripted(() => [status]);
    const { e } = await failure(() => pkg.query('eldewrito', `127.0.0.1:${server.port}`, { timeout: 2000 }));
    assert.deepEqual([e.code, e.httpStatus, e.retryAfter], [code, status, undefined], e.message);
  }
});

test('429 and 503 with a Retry-After that ends before the deadline: asked again after it', async () => {
  for (const status of [429, 503]) {
    const server = await scripted((req, n) => (n === 1 ? [status, { 'Retry-After': '1' }] : ok()));
    const t0 = performance.now();
    const s = await pkg.query('eldewrito', `127.0.0.1:${server.port}`, { timeout: 3000 });
    assert.equal(s.name, pkg.sampleState('eldewrito').name);
    assert.equal(server.seen.length, 2);
    const waited = server.seen[1].at - server.seen[0].at;
    assert.ok(waited >= 950 && waited < 1800, `${status}: asked again after ${waited} ms`);
    assert.ok(performance.now() - t0 < 2500);
  }
  // In a batch too, beside a server that answers at once, and with the error's fields.
  const busy = await scripted((req, n) => (n === 1 ? [429, { 'Retry-After': '1' }] : ok()));
  const fine = await scripted(ok);
  const gone = await scripted(() => [404]);
  const got = {};
  for await (const { target, status, error } of pkg.queryMany([busy, fine, gone].map((s) => `127.0.0.1:${s.port}`), { protocol: 'eldewrito', timeout: 3000 })) {
    got[target] = status?.name ?? `${error.code} ${error.httpStatus}`;
  }
  assert.deepEqual(got, {
    [`127.0.0.1:${busy.port}`]: pkg.sampleState('eldewrito').name,
    [`127.0.0.1:${fine.port}`]: pkg.sampleState('eldewrito').name,
    [`127.0.0.1:${gone.port}`]: 'GQ_HTTP_STATUS 404',
  });
  assert.equal(busy.seen.length, 2);
  // Asked again twice at most: the third refusal is the error.
  const always = await scripted(() => [429, { 'Retry-After': '0' }]);
  const { e } = await failure(() => pkg.query('eldewrito', `127.0.0.1:${always.port}`, { timeout: 3000 }));
  assert.deepEqual([e.code, e.httpStatus, e.retryAfter, always.seen.length], ['GQ_RATE_LIMITED', 429, 0, 3]);
});

test('a Retry-After past the deadline is not waited for: GQ_RATE_LIMITED with retryAfter', async () => {
  const server = await scripted(() => [429, { 'Retry-After': '30' }, 'Slow down.']);
  const { e, took } = await failure(() => pkg.query('eldewrito', `127.0.0.1:${server.port}`, { timeout: 2000 }));
  assert.deepEqual([e.code, e.httpStatus, e.retryAfter], ['GQ_RATE_LIMITED', 429, 30]);
  assert.match(e.message, /GET \/ answered HTTP 429 Too Many Requests: it was asked too often; it asks to wait 30 s$/);
  assert.ok(took < 1000, `${took} ms`);
  assert.equal(server.seen.length, 1);
  // A date instead of seconds, or nonsense: no wait read from it.
  for (const value of ['Wed, 21 Oct 2015 07:28:00 GMT', 'soon', '-1']) {
    const odd = await scripted(() => [503, { 'Retry-After': value }]);
    const { e: f } = await failure(() => pkg.query('eldewrito', `127.0.0.1:${odd.port}`, { timeout: 2000 }));
    assert.deepEqual([f.code, f.httpStatus, f.retryAfter, odd.seen.length], ['GQ_HTTP_STATUS', 503, undefined, 1], value);
  }
});

test('a redirect on the same host and port is followed, 5 in a row at most', async () => {
  const server = await scripted((req, n) => {
    if (req.url === '/') return [302, { Location: '/moved' }];
    if (req.url === '/moved') return [301, { Location: `http://127.0.0.1:${server.port}/status?x=1` }];
    return req.url === '/status?x=1' ? ok() : [404];
  });
  const s = await pkg.query('eldewrito', `127.0.0.1:${server.port}`, { timeout: 2000 });
  assert.equal(s.name, pkg.sampleState('eldewrito').name);
  assert.deepEqual(server.seen.map((r) => r.url), ['/', '/moved', '/status?x=1']);

  const loop = await scripted((req, n) => [307, { Location: `/again${n}` }]);
  const { e } = await failure(() => pkg.query('eldewrito', `127.0.0.1:${loop.port}`, { timeout: 2000 }));
  assert.deepEqual([e.code, e.httpStatus, loop.seen.length], ['GQ_HTTP_STATUS', 307, 6]);
  assert.match(e.message, /GET \/again5 answered HTTP 307 Temporary Redirect, to \/again6: the 6th redirect in a row, past the 5 followed$/);
});

test('a redirect to another server is not followed, and says where it leads', async () => {
  const server = await scripted(() => [308, { Location: 'https://127.0.0.1:1/v2/server/status?token=secret' }]);
  const { e } = await failure(() => pkg.query('terraria', `127.0.0.1:${server.port}`, { token: 'hunter2', timeout: 2000 }));
  assert.deepEqual([e.code, e.httpStatus, server.seen.length], ['GQ_HTTP_STATUS', 308, 1]);
  assert.match(e.message, /GET \/v2\/server\/status answered HTTP 308 Permanent Redirect, to https:\/\/127\.0\.0\.1:1\/v2\/server\/status: another server \(query it there\)$/);
  assert.ok(!/hunter2|secret/.test(e.message), 'no token in the message');
  // A Location that is no URL at all.
  const odd = await scripted(() => [302, { Location: '//evil.example/x' }]);
  const { e: f } = await failure(() => pkg.query('eldewrito', `127.0.0.1:${odd.port}`, { timeout: 2000 }));
  assert.deepEqual([f.code, odd.seen.length], ['GQ_HTTP_STATUS', 1]);
  assert.match(f.message, /another server/);
});

test('a redirect to another server that listens: nothing reaches it, neither a token nor a Basic password', async () => {
  // The other server is real and answers: what the query sends it, it would see.
  const other = await scripted(() => ok());
  const to = (path) => `http://127.0.0.1:${other.port}${path}`;
  const tshock = await scripted(() => [302, { Location: to('/v2/server/status?players=true') }]);
  const { e } = await failure(() => pkg.query('terraria', `127.0.0.1:${tshock.port}`, { token: 'hunter2', timeout: 2000 }));
  assert.deepEqual([e.code, e.httpStatus, tshock.seen.length], ['GQ_HTTP_STATUS', 302, 1]);
  const pal = await scripted(() => [307, { Location: to('/v1/api/info') }]);
  const { e: p } = await failure(() => pkg.query('palworld', `127.0.0.1:${pal.port}`, { password: 's3cret', timeout: 2000 }));
  assert.equal(p.code, 'GQ_HTTP_STATUS');
  assert.ok(pal.seen.every((r) => r.authorization === `Basic ${Buffer.from('admin:s3cret').toString('base64')}`), 'the password went to the server named');
  assert.deepEqual(other.seen, [], 'nothing reached the server the redirects named');
  assert.ok(!/hunter2|s3cret/.test(`${e.message} ${p.message}`));
});

test('the token a redirect is followed with stays on the server named', async () => {
  const server = await scripted((req) => (req.url.startsWith('/v2/server/status') ? [302, { Location: '/elsewhere' }] : [404]));
  const { e } = await failure(() => pkg.query('terraria', `127.0.0.1:${server.port}`, { token: 'hunter2', timeout: 2000 }));
  assert.equal(e.code, 'GQ_HTTP_STATUS');
  assert.deepEqual(server.seen.map((r) => r.url.replace(/token=[^&]*/, 'token=…')), ['/v2/server/status?players=true&rules=true&token=…', '/elsewhere']);
  assert.ok(!/hunter2/.test(e.message));
});
