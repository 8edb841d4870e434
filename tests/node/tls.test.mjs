// HTTPS through both engines (rustls in the addon, Node's tls in the WASM engine): our
// HTTP responders behind a TLS proxy on loopback (tests/tls-proxy.mjs), its certificate
// signed by a test CA whose key was thrown away (tests/fixtures/tls/). Every
// way a handshake fails ends as GQ_TLS saying what to check, the same in both engines;
// a Worker-style `connect()` is asked for TLS as `cloudflare:sockets` takes it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import tls from 'node:tls';
import crypto from 'node:crypto';
import { Duplex } from 'node:stream';
import * as addon from 'gamequery';
import * as wasm from 'gamequery-wasm';
import { failure, fakeTcpServer } from './helpers.mjs';
import { pem, tlsProxy } from '../tls-proxy.mjs';

const closers = [];
after(() => Promise.all(closers.map((c) => c())));
const ca = pem('ca.pem');

async function proxy(to, host = '127.0.0.1') {
  const p = await tlsProxy({ to, host });
  closers.push(p.close);
  return p.port;
}

async function served(protocol, state = addon.sampleState(protocol)) {
  const server = await addon.serve(protocol, state, { host: '127.0.0.1', port: 0 });
  closers.push(() => server.close());
  return server;
}

test('an HTTP protocol over TLS: by address, by name and over IPv6, checked against tls.ca', async () => {
  const plain = await served('eldewrito');
  const direct = await addon.query('eldewrito', `127.0.0.1:${plain.port}`, { timeout: 2000 });
  const port = await proxy(plain.port);
  const s = await addon.query('eldewrito', `127.0.0.1:${port}`, { tls: { ca }, timeout: 2000 });
  assert.deepEqual([s.name, s.port, s.raw], [direct.name, port, direct.raw]);
  const byName = await addon.query('eldewrito', `localhost:${port}`, { tls: { ca }, family: 4, timeout: 2000 });
  assert.equal(byName.name, direct.name);
  // A list of PEM texts, as Node's `ca` takes.
  const listed = await addon.query('eldewrito', `127.0.0.1:${port}`, { tls: { ca: [ca] }, timeout: 2000 });
  assert.equal(listed.name, direct.name);
  const v6 = await proxy(plain.port, '::1');
  const six = await addon.query('eldewrito', `[::1]:${v6}`, { tls: { ca }, timeout: 2000 });
  assert.deepEqual([six.name, six.address], [direct.name, '::1']);
});

test('Palworld over TLS: every endpoint beside info on a TLS connection of its own', async () => {
  const plain = await served('palworld');
  const port = await proxy(plain.port);
  const options = { password: addon.sampleState('palworld').password, timeout: 3000 };
  const direct = await addon.query('palworld', `127.0.0.1:${plain.port}`, options);
  const s = await addon.query('palworld', `127.0.0.1:${port}`, { ...options, tls: { ca } });
  assert.deepEqual([s.name, s.players.online, s.players.list.length, s.warnings], [direct.name, direct.players.online, direct.players.list.length, undefined]);
  assert.deepEqual(s.raw.settings, direct.raw.settings);
});

test('each failed handshake is GQ_TLS and says what to check; insecure skips the check', async () => {
  const plain = await served('eldewrito');
  const port = await proxy(plain.port);
  const tlsError = async (target, options) => {
    const { e } = await failure(() => addon.query('eldewrito', target, { timeout: 2000, ...options }));
    assert.equal(e.code, 'GQ_TLS', e.message);
    assert.ok(e.message.startsWith(`ElDewrito query of ${target}: the server`), e.message);
    return e.message;
  };
  // Not our CA: a certificate nobody trusts here.
  assert.match(await tlsError(`127.0.0.1:${port}`, { tls: true }), /not signed by a trusted authority \(self-signed\?\): give it or its CA as tls\.ca, or set tls\.insecure/);
  assert.match(await tlsError(`127.0.0.1:${port}`, { tls: { ca, serverName: 'other.example' } }), /not for other\.example: set tls\.serverName/);
  assert.match(await tlsError(`127.0.0.1:${plain.port}`, { tls: { ca } }), /did not answer in TLS: is this its HTTPS port\?/);
  const s = await addon.query('eldewrito', `127.0.0.1:${port}`, { tls: { insecure: true }, timeout: 2000 });
  assert.equal(s.port, port);
  // Plain HTTP to the TLS port: the handshake's bytes are no HTTP reply.
  const { e } = await failure(() => addon.query('eldewrito', `127.0.0.1:${port}`, { timeout: 2000 }));
  assert.ok(['GQ_WRONG_PROTOCOL', 'GQ_NETWORK', 'GQ_TIMEOUT'].includes(e.code), `${e.code}: ${e.message}`);
});

test("a responder's own certificate (serve's tls: { cert, key }) is checked against its CA; a key not its own is refused", async () => {
  const own = { cert: pem('server.pem'), key: pem('server-key.pem') };
  const hytale = await addon.serve('hytale', addon.sampleState('hytale'), { host: '127.0.0.1', port: 0, tls: own });
  closers.push(() => hytale.close());
  const h = await addon.query('hytale', `localhost:${hytale.port}`, { tls: { ca }, family: 4, timeout: 3000 });
  assert.equal(h.name, addon.sampleState('hytale').Basic.Name);
  // Not the name the certificate is for: refused as a checked certificate is.
  const { e: wrongName } = await failure(() => addon.query('hytale', `127.0.0.1:${hytale.port}`, { tls: { ca, serverName: 'other.example.org' }, timeout: 3000 }));
  assert.equal(wrongName.code, 'GQ_TLS');
  const satisfactory = await addon.serve('satisfactory', addon.sampleState('satisfactory'), { host: '127.0.0.1', port: 0, tls: own });
  closers.push(() => satisfactory.close());
  const s = await addon.query('satisfactory', `localhost:${satisfactory.port}`, { tls: { ca }, family: 4, timeout: 3000 });
  assert.deepEqual(s.raw.warnings ?? [], [], 'the HTTPS API checked against the CA and read');
  // The core checks the PEM kinds; the engine's TLS, that the key is the certificate's.
  const other = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
  for (const tlsOption of [{ cert: own.key, key: own.key }, { cert: own.cert, key: own.cert }, { cert: own.cert, key: other }]) {
    const { e } = await failure(() => addon.serve('hytale', addon.sampleState('hytale'), { host: '127.0.0.1', port: 0, tls: tlsOption }));
    assert.equal(e.code, 'GQ_INVALID_ARGUMENT', e.message);
    assert.match(e.message, /tls/);
  }
  const { e: off } = await failure(() => addon.serve('satisfactory', addon.sampleState('satisfactory'), { port: 0, tls: false }));
  assert.match(off.message, /HTTPS only/);
});

test('a plain request answered with a TLS record says to set tls', async () => {
  // A TLS alert, as an HTTPS server sends to bytes that are no ClientHello.
  const fake = await fakeTcpServer((socket) => socket.once('data', () => socket.end(Buffer.from([0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x46]))));
  closers.push(fake.close);
  const { e } = await failure(() => addon.query('eldewrito', `127.0.0.1:${fake.port}`, { timeout: 2000 }));
  assert.equal(e.code, 'GQ_WRONG_PROTOCOL');
  assert.match(e.message, /it answered like TLS: it speaks HTTPS; set the option tls/);
});

test('a server that never finishes the handshake ends at the deadline', async () => {
  const fake = await fakeTcpServer(() => {});
  closers.push(fake.close);
  const t0 = Date.now();
  const { e } = await failure(() => addon.query('eldewrito', `127.0.0.1:${fake.port}`, { tls: true, timeout: 800, retries: 0 }));
  assert.equal(e.code, 'GQ_TIMEOUT', e.message);
  assert.ok(Date.now() - t0 < 3000, `${Date.now() - t0} ms`);
});

test('the option is checked before anything is sent', async () => {
  const wrong = async (tlsOption, says) => {
    const { e } = await failure(() => addon.query('eldewrito', '127.0.0.1:1', { tls: tlsOption }));
    assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
    assert.match(e.message, says);
  };
  await wrong('yes', /option tls must be true, false or \{ ca, insecure, serverName \}, got a string/);
  await wrong({ ca: './ca.pem' }, /tls\.ca holds no PEM certificate .*not its path/);
  await wrong({ rejectUnauthorized: false }, /unknown option tls\.rejectUnauthorized: tls takes ca, insecure and serverName/);
  // A protocol with no HTTP has no tls.
  const { e } = await failure(() => addon.query('samp', '127.0.0.1:1', { tls: true }));
  assert.match(e.message, /unknown option "tls"/);
});

test('a Worker-style connect() is asked for TLS as cloudflare:sockets takes it', async () => {
  const plain = await served('eldewrito');
  const port = await proxy(plain.port);
  const asked = [];
  // As a Worker's runtime would: the TLS its own, checked against roots it trusts (here our CA).
  const connect = ({ hostname, port: p }, options) => {
    asked.push(options);
    const socket = options?.secureTransport === 'on' ? tls.connect({ host: hostname, port: p, ca }) : net.connect(p, hostname);
    const { readable, writable } = Duplex.toWeb(socket);
    const opened = new Promise((resolve, reject) => {
      socket.once(options?.secureTransport === 'on' ? 'secureConnect' : 'connect', resolve);
      socket.once('error', reject);
    });
    return { readable, writable, opened, close: () => socket.destroy() };
  };
  const s = await wasm.query('eldewrito', `localhost:${port}`, { connect, tls: true, timeout: 2000 });
  assert.equal(s.port, port);
  assert.deepEqual(asked, [{ secureTransport: 'on' }]);
  const { e } = await failure(() => wasm.query('eldewrito', `localhost:${port}`, { connect, tls: { ca }, timeout: 2000 }));
  assert.equal(e.code, 'GQ_INVALID_ARGUMENT');
  assert.match(e.message, /^options\.connect\(\) checks certificates itself: this query asks for tls\.ca \(given, or the protocol's default\), which needs the Node engine; give tls: true \(the host's roots\) or tls: false$/);
});
