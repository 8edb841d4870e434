// A real browser (Debian's Chromium, driven by playwright-core) loads a page that imports
// the `web` build of gamequery-wasm, decodes SA:MP replies and shows the fields; imports
// every name the typings declare; runs a page built for production by Vite; and queries
// HTTP APIs over the browser's fetch where they allow the page's origin; builds a page of
// each split entry (`gamequery-wasm/<family>`, `gamequery-wasm/network`) with Vite.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM } from '../../scripts/ensure-system.mjs';
import { declaredValues } from '../declared.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
const ALLOWED = ['npm/gamequery-wasm/', 'tests/browser/', 'tests/fixtures/'];

let server;
let browser;
let context;
let profile;
let viteOut;

before(async () => {
  server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^\/+/, '');
    const vite = path.startsWith('vite/') && viteOut;
    if (!vite && !ALLOWED.some((p) => path.startsWith(p))) return res.writeHead(404).end();
    try {
      const body = await readFile(vite ? join(viteOut, path.slice('vite/'.length)) : join(root, path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  profile = mkdtempSync(join(tmpdir(), 'gq-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  browser = context;
});

after(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  if (profile) rmSync(profile, { recursive: true, force: true });
  if (viteOut) rmSync(viteOut, { recursive: true, force: true });
});

test('the web build decodes SA:MP replies in Chromium', async () => {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`http://127.0.0.1:${server.address().port}/tests/browser/page.html`);
  await page.waitForSelector('body[data-ready="yes"]', { timeout: 20_000 });
  const text = async (id) => (await page.textContent(`#${id}`)).trim();
  assert.deepEqual(errors, []);
  assert.equal(await text('hostname'), 'Convoy Trucking');
  assert.equal(await text('gamemode'), 'Convoy Trucking 3.4.4');
  assert.equal(await text('language'), 'English');
  assert.equal(await text('players'), '12');
  assert.equal(await text('maxPlayers'), '100');
  assert.equal(await text('encoding'), 'utf-8');
  assert.equal(await text('cyrillic'), 'Русский сервер ролевой игры (windows-1251)');
  assert.equal(await text('gbk'), '中文服务器 | 欢迎光临 / 角色扮演 (gbk)', 'guessed, read by the browser\'s TextDecoder');
  assert.equal(await text('sjis'), 'GQ_BAD_ENCODING');
  assert.equal(await text('error'), 'GQ_TRUNCATED hostname 16');
  assert.equal(await text('frames'), '1', 'fed one byte at a time');
  assert.equal(await text('motd'), 'Hello World');
  assert.equal(await page.$eval('#motd span:last-child', (e) => getComputedStyle(e).fontWeight), '700');
  assert.equal(await page.$eval('#motd span', (e) => getComputedStyle(e).color), 'rgb(85, 255, 85)');
  assert.equal(await text('hostile'), '<img src=x onerror="document.title=1">pwned', 'shown as text');
  assert.equal(await page.$$eval('#hostile img', (e) => e.length), 0, 'no element injected');
});

test('the browser entry exports every name its typings declare', async () => {
  const declared = declaredValues(join(root, 'npm/gamequery-wasm/index.d.ts'));
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/tests/browser/page.html`);
  const missing = await page.evaluate(async (names) => {
    const module = await import('/npm/gamequery-wasm/web.mjs');
    await module.default();
    return names.filter(([name, kind]) => (kind === 'const' ? module[name] === undefined : typeof module[name] !== 'function'));
  }, declared);
  assert.deepEqual(missing, []);
  assert.ok(declared.length >= 17);
});

test('a Vite production build of a page using gamequery-wasm loads and decodes', async () => {
  viteOut = mkdtempSync(join(tmpdir(), 'gq-vite-'));
  await build({
    root: join(root, 'tests/browser/vite-app'),
    base: '/vite/',
    logLevel: 'warn',
    build: { outDir: viteOut, emptyOutDir: true },
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const wasmRequests = [];
  page.on('request', (r) => r.url().endsWith('.wasm') && wasmRequests.push(new URL(r.url()).pathname));
  await page.goto(`http://127.0.0.1:${server.address().port}/vite/index.html`);
  await page.waitForSelector('body[data-ready="yes"]', { timeout: 20_000 });
  const text = async (id) => (await page.textContent(`#${id}`)).trim();
  assert.deepEqual(errors, []);
  assert.equal(await text('hostname'), 'Vite-built page');
  assert.equal(await text('players'), '7/50 true');
  assert.equal(await text('motd'), 'A Minecraft server');
  assert.equal(await text('error'), 'GQ_TRUNCATED');
  // The codec's module alone until the first query; then the engine's, both hashed assets.
  assert.equal(await text('wasmBeforeQuery'), '1');
  assert.equal(await text('queried'), 'In-page responder Tester');
  assert.equal(wasmRequests.length, 2);
  for (const path of wasmRequests) assert.match(path, /^\/vite\/assets\/gamequery_wasm_bg-[\w-]+\.wasm$/, 'each .wasm emitted as a hashed asset');
  assert.notEqual(wasmRequests[0], wasmRequests[1]);
});

// The split entries (issue #51): one Vite build of a page per family's entry, written here
// from the registry (each reads its family's golden vectors, three per protocol, and must
// read them as the whole package does), and one of `gamequery-wasm/network`
// (vite-families/network.js). Each page downloads its entry's module and no other — the
// network page one module for its codec calls and its queries.
test('Vite builds a page of each entry: each downloads its own module only, and reads as the whole package', async () => {
  const { gzipSync } = await import('node:zlib');
  const { PROTOCOL_REGISTRY } = await import('gamequery-wasm/glue');
  const whole = await import('gamequery-wasm');
  const { decodeAll } = await import('./vite-families/page.js');
  const { ENTRY_FAMILIES: families } = await import('../../scripts/families.mjs');
  const { goldenVectors } = await import('../golden.mjs');
  const vectorsOf = (family) => PROTOCOL_REGISTRY.filter((p) => p.family === family && p.packets).flatMap((p) =>
    goldenVectors(p.name).slice(0, 3).map((v) => ({ protocol: p.name, direction: v.direction, hex: v.hex, parts: v.datagrams ?? v.packets })));
  // Inside the repository (gitignored), so that the pages resolve the workspace's package.
  mkdirSync(join(root, '.cache'), { recursive: true });
  const app = mkdtempSync(join(root, '.cache', 'vite-families-'));
  const out = join(app, 'dist');
  const here = join(root, 'tests/browser/vite-families');
  const expected = {};
  for (const family of families) {
    const vectors = vectorsOf(family);
    const other = PROTOCOL_REGISTRY.find((p) => p.family !== family && p.packets);
    expected[family] = { decoded: decodeAll(whole, vectors), other: other.family };
    writeFileSync(join(app, `${family}.js`), `import * as entry from 'gamequery-wasm/${family}';\n`
      + `import { decodeAll, show } from ${JSON.stringify(join(here, 'page.js'))};\n`
      + `show(entry, () => decodeAll(entry, ${JSON.stringify(vectors)}), '${other.name}');\n`);
  }
  writeFileSync(join(app, 'network.js'), `import ${JSON.stringify(join(here, 'network.js'))};\n`);
  const pages = [...families, 'network'];
  for (const page of pages) {
    writeFileSync(join(app, `${page}.html`), `<!doctype html><meta charset="utf-8"><title>gamequery-wasm/${page}</title>`
      + '<output id="decoded"></output><output id="protocols"></output><output id="other"></output><output id="queried"></output>'
      + `<script type="module" src="./${page}.js"></script>\n`);
  }
  // The server serves /vite/ from `viteOut`: this build's while the test runs.
  const shown = viteOut;
  try {
    await build({
      root: app,
      base: '/vite/',
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true, rollupOptions: { input: pages.map((p) => join(app, `${p}.html`)) } },
    });
    viteOut = out;
    const wasms = new Set();
    for (const entry of pages) {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      const fetched = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await page.goto(`http://127.0.0.1:${server.address().port}/vite/${entry}.html`);
      await page.waitForSelector('body[data-ready="yes"]', { timeout: 20_000 });
      const text = async (id) => (await page.textContent(`#${id}`)).trim();
      assert.deepEqual(errors, [], entry);
      const mine = PROTOCOL_REGISTRY.filter((p) => entry === 'network' || p.family === entry);
      assert.equal(await text('protocols'), mine.map((p) => p.name).join(), entry);
      if (entry === 'network') {
        assert.equal(await text('decoded'), 'Family page 7/50');
        assert.equal(await text('queried'), 'In-page responder Tester');
      } else {
        assert.equal(await text('decoded'), expected[entry].decoded, entry);
        assert.match(await text('other'), new RegExp(`^GQ_INVALID_ARGUMENT .*import it from 'gamequery-wasm/${expected[entry].other}'`), entry);
      }
      const wasm = fetched.filter((p) => p.endsWith('.wasm'));
      assert.equal(wasm.length, 1, `${entry}: ${wasm}`);
      wasms.add(wasm[0]);
      // What the page downloaded, each file gzipped as a server sends it: reported (the
      // modules' budgets are the build's, tests/node/families.test.mjs; the README's table
      // is the bench's).
      const bytes = await Promise.all(fetched.filter((p) => /\.(js|wasm)$/.test(p)).map((p) => readFile(join(out, p.slice('/vite/'.length)))));
      const total = bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
      console.log(`gamequery-wasm/${entry} page (Vite): ${(total / 1024).toFixed(1)} KiB gzipped in all`);
      await page.close();
    }
    assert.equal(wasms.size, pages.length, 'each page its own module');
  } finally {
    viteOut = shown;
    rmSync(app, { recursive: true, force: true });
  }
});

test('a page queries HTTP APIs that allow its origin over fetch, and says CORS where one does not', async () => {
  const { serve, sampleState } = createRequire(import.meta.url)('gamequery');
  const password = 'pal-s3cret';
  const eld = await serve('eldewrito', sampleState('eldewrito'), { host: '127.0.0.1', port: 0 });
  const pal = await serve('palworld', { ...sampleState('palworld'), password }, { host: '127.0.0.1', port: 0 });
  // What a status API that allows any origin sends: its replies with
  // Access-Control-Allow-Origin, and a preflight's answer naming the headers it takes.
  const corsOpen = (port) => createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const forward = httpRequest({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode, { ...reply.headers, ...cors });
      reply.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  const fronts = [corsOpen(eld.port), corsOpen(pal.port)];
  await Promise.all(fronts.map((f) => new Promise((r) => f.listen(0, '127.0.0.1', r))));
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/tests/browser/page.html`);
    const seen = await page.evaluate(async ({ eldewrito, palworld, closed, password }) => {
      const m = await import('/npm/gamequery-wasm/web.mjs');
      await m.default();
      const e = await m.query('eldewrito', `127.0.0.1:${eldewrito}`, { timeout: 3000 });
      const p = await m.query('palworld', `127.0.0.1:${palworld}`, { password, timeout: 3000 });
      const refused = await m.query('eldewrito', `127.0.0.1:${closed}`, { timeout: 3000 }).catch((x) => x);
      return { name: e.name, map: e.map, palworld: [p.name, p.players.online, p.players.list.map((x) => x.name)], refused: [refused.code, refused.message] };
    }, { eldewrito: fronts[0].address().port, palworld: fronts[1].address().port, closed: eld.port, password });
    const state = sampleState('eldewrito');
    assert.deepEqual([seen.name, seen.map], [state.name, state.map]);
    assert.deepEqual(seen.palworld, ['gamequery demo — Palpagos ✓', 2, ['Lamball Rancher', 'Chikipi']]);
    // The responder itself sends no Access-Control-Allow-Origin: the browser refuses the page.
    assert.equal(seen.refused[0], 'GQ_NETWORK');
    assert.match(seen.refused[1], /fetch failed \(Failed to fetch\): .* does not allow this page's origin \(CORS\)$/);
  } finally {
    await Promise.all([...fronts.map((f) => new Promise((r) => f.close(r))), eld.close(), pal.close()]);
  }
});
