// A real browser (Debian's Chromium, driven by playwright-core) loads a page that imports
// the `web` build of gamequery-wasm, decodes SA:MP replies and shows the fields.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../../scripts/ensure-system.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
const ALLOWED = ['npm/gamequery-wasm/', 'tests/browser/', 'tests/fixtures/'];

let server;
let browser;
let context;
let profile;

before(async () => {
  server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^\/+/, '');
    if (!ALLOWED.some((p) => path.startsWith(p))) return res.writeHead(404).end();
    try {
      const body = await readFile(join(root, path));
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
  assert.equal(await text('error'), 'GQ_TRUNCATED hostname 16');
  assert.equal(await text('frames'), '1', 'fed one byte at a time');
  assert.equal(await text('motd'), 'Hello World');
  assert.equal(await page.$eval('#motd span:last-child', (e) => getComputedStyle(e).fontWeight), '700');
  assert.equal(await page.$eval('#motd span', (e) => getComputedStyle(e).color), 'rgb(85, 255, 85)');
  assert.equal(await text('hostile'), '<img src=x onerror="document.title=1">pwned', 'shown as text');
  assert.equal(await page.$$eval('#hostile img', (e) => e.length), 0, 'no element injected');
});
