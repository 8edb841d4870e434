// gamequery-wasm's HTTP protocols over the host's `fetch`, where no `connect()` is given
// (a browser page, a Worker, Deno; here Node's own fetch, undici): results equal
// gamequery's over its sockets; the core still follows redirects, bounds bodies and names
// errors, and tells a body cut short from a whole one; what fetch cannot carry (raw TCP, a
// CA of the caller's) is GQ_INVALID_ARGUMENT naming the option. The browser's side (CORS) is in tests/browser/wasm.test.mjs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { failure, freeUdpTcpPort, javaState } from './helpers.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));

const untimed = (s) => ({ ...s, pingMs: typeof s.pingMs, raw: { ...s.raw, latencyMs: typeof s.raw.latencyMs } });

/** `fetch`, counting its calls and keeping what each was given. */
function watched() {
  const calls = [];
  const fn = (url, init) => {
    calls.push({ url, method: init.method, headers: Object.fromEntries(init.headers), redirect: init.redirect });
    return fetch(url, init);
  };
  return { fn, calls };
}

async function serve(protocol, state, options = {}) {
  const server = await addon.serve(protocol, state, { host: '127.0.0.1', port: 0, ...options });
  closers.push(() => server.close());
  return server;
}

test('HTTP protocols over fetch read as over sockets: Palworld (Basic auth, four requests) and ElDewrito', async () => {
  const password = 'pal-s3cret';
  const pal = await serve('palworld', { ...addon.sampleState('palworld'), password });
  const { fn, calls } = watched();
  const viaFetch = await wasm.query('palworld', `127.0.0.1:${pal.port}`, { password, fetch: fn, timeout: 3000 });
  const own = await addon.query('palworld', `127.0.0.1:${pal.port}`, { password, timeout: 3000 });
  assert.deepEqual(untimed(viaFetch), untimed(own));
  assert.deepEqual(calls.map((c) => c.url).sort(), ['info', 'metrics', 'players', 'settings'].map((p) => `http://127.0.0.1:${pal.port}/v1/api/${p}`));
  // What fetch is handed: the core's headers, less those the host writes itself (a
  // User-Agent would make a page's request need a preflight); redirects stay the core's.
  assert.deepEqual(calls[0].headers, { Accept: 'application/json', Authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` });
  assert.deepEqual([calls[0].method, calls[0].redirect], ['GET', 'manual']);

  // The host's own fetch when none is given.
  const eld = await serve('eldewrito', addon.sampleState('eldewrito'));
  const s = await wasm.query('eldewrito', `127.0.0.1:${eld.port}`, { timeout: 3000 });
  assert.deepEqual(untimed(s), untimed(await addon.query('eldewrito', `127.0.0.1:${eld.port}`, { timeout: 3000 })));
  assert.equal(s.name, addon.sampleState('eldewrito').name);
});

test('over fetch the core follows redirects, bounds the body and reads statuses', async () => {
  const status = await (await fetch(`http://127.0.0.1:${(await serve('eldewrito', addon.sampleState('eldewrito'))).port}/`)).text();
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push(req.url);
    if (req.url === '/') return res.writeHead(302, { Location: '/moved' }).end();
    if (req.url === '/moved') return res.writeHead(200, { 'Content-Type': 'application/json' }).end(status);
    if (req.url === '/full') return res.writeHead(429, { 'Retry-After': '600' }).end();
    // A body that never ends, in chunks.
    const drip = setInterval(() => res.write('x'.repeat(64 * 1024)), 1);
    res.on('close', () => clearInterval(drip));
    res.writeHead(200, { 'Content-Type': 'application/json' });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  const { port } = server.address();

  const s = await wasm.query('eldewrito', `127.0.0.1:${port}`, { timeout: 3000 });
  assert.equal(s.name, addon.sampleState('eldewrito').name);
  assert.deepEqual(seen, ['/', '/moved'], 'the redirect followed by the core, not by fetch');

  const redirected = (path) => (url, init) => fetch(url.replace(/\/$/, path), init);
  const { e: limited } = await failure(() => wasm.query('eldewrito', `127.0.0.1:${port}`, { fetch: redirected('/full'), timeout: 3000 }));
  assert.deepEqual([limited.code, limited.retryAfter], ['GQ_RATE_LIMITED', 600]);

  const t0 = performance.now();
  const { e: endless } = await failure(() => wasm.query('eldewrito', `127.0.0.1:${port}`, { fetch: redirected('/endless'), timeout: 5000 }));
  assert.equal(endless.code, 'GQ_FRAME_TOO_LARGE', endless.message);
  assert.match(endless.message, /the reply to GET \/ is over the 65536 bytes this query reads$/);
  assert.ok(performance.now() - t0 < 5000, 'ended at the body limit, not the deadline');
});

test('what fetch cannot carry: raw TCP (the client\'s first, or the server\'s), and certificates of the caller\'s', async () => {
  const mc = await serve('minecraft-java', javaState());
  const { e: raw } = await failure(() => wasm.query('minecraft-java', `127.0.0.1:${mc.port}`, { timeout: 2000 }));
  assert.equal(raw.code, 'GQ_INVALID_ARGUMENT');
  assert.match(raw.message, /options\.connect/);
  // TeamSpeak's ServerQuery: its server speaks first, so nothing is ever written.
  const { e: console } = await failure(() => wasm.query('teamspeak3', '127.0.0.1:9987', { timeout: 2000 }));
  assert.equal(console.code, 'GQ_INVALID_ARGUMENT');
  assert.match(console.message, /options\.connect/);

  const { e: tls } = await failure(() => wasm.query('hytale', '127.0.0.1:5520', { tls: { ca: '-----BEGIN CERTIFICATE-----' }, timeout: 2000 }));
  assert.equal(tls.code, 'GQ_INVALID_ARGUMENT');
  assert.match(tls.message, /options\.fetch\(\) checks certificates itself: this query asks for tls\.ca /);
  // Hytale's own default is insecure (self-signed hosts): said so, and what to give.
  const { e: hytale } = await failure(() => wasm.query('hytale', '127.0.0.1:5520', { timeout: 2000 }));
  assert.equal(hytale.code, 'GQ_INVALID_ARGUMENT');
  assert.match(hytale.message, /asks for tls\.insecure \(given, or the protocol's default\), which needs the Node engine; give tls: true \(the host's roots\) or tls: false$/);
});

test('a body fetch saw cut short is no reply; a token in fetch\'s words is not repeated', async () => {
  const eld = await serve('eldewrito', addon.sampleState('eldewrito'));
  const whole = await (await fetch(`http://127.0.0.1:${eld.port}/`)).text();
  // Its first 20 bytes, then the connection lost (undici's "terminated").
  const cut = () => {
    let pulls = 0;
    const body = new ReadableStream({
      pull(c) {
        if (pulls++ === 0) c.enqueue(new TextEncoder().encode(whole.slice(0, 20)));
        else c.error(new TypeError('terminated'));
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
  };
  const { e } = await failure(() => wasm.query('eldewrito', `127.0.0.1:${eld.port}`, { fetch: cut, timeout: 2000 }));
  assert.notEqual(e.code, 'GQ_BAD_JSON', 'not read as a whole body');
  assert.match(e.message, /closed after 20 bytes of the reply to GET \//);

  // Deno's fetch names the URL it failed on, query string and all.
  const deno = (url) => Promise.reject(new TypeError(`error sending request for url (${url}): connection error`));
  const { e: said } = await failure(() => wasm.query('terraria', '127.0.0.1:7878', { token: 'S3CRET-T0KEN', fetch: deno, timeout: 2000 }));
  assert.equal(said.code, 'GQ_NETWORK');
  assert.doesNotMatch(said.message, /S3CRET/);
  assert.match(said.message, /error sending request for url \(http:\/\/127\.0\.0\.1:7878\/v2\/server\/status\): connection error/);
});

test('a refused port over fetch is GQ_PORT_CLOSED; an unanswered one names what it may be', async () => {
  const free = await freeUdpTcpPort();
  const { e: closed } = await failure(() => wasm.query('eldewrito', `127.0.0.1:${free}`, { timeout: 2000 }));
  assert.equal(closed.code, 'GQ_PORT_CLOSED', closed.message);
  const { e: other } = await failure(() => wasm.query('eldewrito', '127.0.0.1:2', { fetch: () => Promise.reject(new TypeError('Failed to fetch')), timeout: 2000 }));
  assert.equal(other.code, 'GQ_NETWORK', other.message);
  assert.match(other.message, /fetch failed \(Failed to fetch\): nothing answered, the certificate is not trusted, or the server does not allow this page's origin \(CORS\)/);
});
