// Both packages load from the repo by path, as CommonJS and as ESM, and the WASM package
// resolves to the nodejs build under Node and to the web build for browsers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url);
const codec = ['encodeRequest', 'decodeRequest', 'encodeResponse', 'decodeResponse'];

test('require() by path', () => {
  const node = require('../../npm/gamequery');
  const wasm = require('../../npm/gamequery-wasm');
  for (const fn of [...codec, 'query', 'rcon', 'serve']) assert.equal(typeof node[fn], 'function', fn);
  for (const fn of [...codec, 'init']) assert.equal(typeof wasm[fn], 'function', fn);
  assert.deepEqual(node.PROTOCOLS, wasm.PROTOCOLS);
});

test('import by path', async () => {
  const node = await import(new URL('npm/gamequery/index.mjs', root));
  const wasm = await import('gamequery-wasm');
  await wasm.default();
  for (const fn of codec) {
    assert.equal(typeof node[fn], 'function');
    assert.equal(typeof wasm[fn], 'function');
  }
  const bytes = node.encodeRequest('samp', { opcode: 'i' });
  assert.deepEqual(wasm.decodeRequest('samp', bytes), node.decodeRequest('samp', bytes));
});

test('gamequery-wasm: browsers and bundlers get the web build behind the shared glue', () => {
  const pkg = JSON.parse(readFileSync(new URL('npm/gamequery-wasm/package.json', root)));
  const web = pkg.exports['.'].browser;
  assert.equal(web, './web.mjs');
  assert.equal(pkg.exports['.'].default, web);
  const source = readFileSync(new URL(`npm/gamequery-wasm/${web}`, root), 'utf8');
  assert.match(source, /from '\.\/pkg\/web\/gamequery_wasm\.js'/);
  assert.match(source, /export const \{[^}]*\bdecodeResponse\b/);
  // wasm-bindgen's output, minified by the build: its init is still the default export.
  for (const build of ['web', 'web-engine']) {
    const generated = readFileSync(new URL(`npm/gamequery-wasm/pkg/${build}/gamequery_wasm.js`, root), 'utf8');
    assert.match(generated, /export\s*\{[^}]*\bas default\b/, build);
    assert.ok(!generated.includes('\n//'), `${build}: comments are minified away`);
  }
});

test('the generated declarations exist once: gamequery re-exports gamequery-wasm\'s', () => {
  const types = readFileSync(new URL('npm/gamequery-wasm/types.d.ts', root), 'utf8');
  assert.match(types, /export type Protocol = 'samp'/);
  assert.ok(!existsSync(new URL('npm/gamequery/types.d.ts', root)));
  assert.match(readFileSync(new URL('npm/gamequery/index.d.ts', root), 'utf8'), /^export \* from 'gamequery-wasm\/types';$/m);
});

test("the JS protocol lists are the core's: what query and serve take, as the declarations say", async () => {
  const types = readFileSync(new URL('npm/gamequery-wasm/types.d.ts', root), 'utf8');
  const union = (name) => [...new RegExp(`^export type ${name} = (.*);$`, 'm').exec(types)[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
  const { PROTOCOLS, QUERY_PROTOCOLS, SERVE_PROTOCOLS } = await import('gamequery-wasm/glue');
  assert.deepEqual([...PROTOCOLS], union('Protocol'));
  assert.deepEqual([...QUERY_PROTOCOLS], union('QueryProtocol'));
  assert.deepEqual([...SERVE_PROTOCOLS], union('ServeProtocol'));
});

test('the npm face: README, both licence texts, descriptions naming every protocol, links', async () => {
  const { execFileSync } = await import('node:child_process');
  const codes = [...readFileSync(new URL('npm/gamequery-wasm/types.d.ts', root), 'utf8').matchAll(/'(GQ_[A-Z_]+)'/g)].map((m) => m[1]);
  assert.ok(codes.length >= 17, 'the ErrorCode union');
  for (const name of ['gamequery', 'gamequery-wasm']) {
    const dir = new URL(`npm/${name}/`, root);
    const pkg = JSON.parse(readFileSync(new URL('package.json', dir)));
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const files = packed.files.map((f) => f.path);
    for (const f of ['README.md', 'LICENSE-MIT', 'LICENSE-APACHE', 'package.json', name === 'gamequery' ? 'index.d.ts' : 'types.d.ts']) assert.ok(files.includes(f), `${name} ships ${f}`);
    // Binaries travel in the platform packages; the main package holds none of its own.
    assert.deepEqual(files.filter((f) => f.endsWith('.node')), [], `${name} ships no addon`);
    for (const f of ['LICENSE-MIT', 'LICENSE-APACHE']) {
      assert.equal(readFileSync(new URL(f, dir), 'utf8'), readFileSync(new URL(f, root), 'utf8'), `${name}/${f} is the root's`);
    }
    for (const p of ['SA:MP', 'open.mp', 'Minecraft Java', 'Minecraft Bedrock', 'SQP']) assert.ok(pkg.description.includes(p), `${name} description names ${p}`);
    assert.equal(pkg.license, 'MIT OR Apache-2.0');
    assert.ok(pkg.keywords.includes('samp') && pkg.keywords.includes('minecraft') && pkg.keywords.includes('sqp'));
    assert.match(pkg.repository.url, /^git\+https:\/\//);
    assert.equal(pkg.repository.directory, `npm/${name}`);
    assert.ok(pkg.homepage && pkg.bugs.url);
    const readme = readFileSync(new URL('README.md', dir), 'utf8');
    assert.match(readme, new RegExp(`npm install ${name}\\n`));
    for (const code of codes.filter((c) => name === 'gamequery' || !/TIMEOUT|PORT_CLOSED|WRONG_PROTOCOL|ABORTED|RCON|DNS|NETWORK/.test(c))) {
      assert.ok(readme.includes(code), `${name} README explains ${code}`);
    }
  }
  const top = readFileSync(new URL('README.md', root), 'utf8');
  const install = top.indexOf('npm install gamequery');
  assert.ok(install >= 0 && install < top.indexOf('npm run demo'), 'the root README starts with the user\'s command');
});

/** The section names of a 64-bit little-endian ELF file. */
function elfSections(file) {
  const b = readFileSync(file);
  const at = Number(b.readBigUInt64LE(0x28));
  const size = b.readUInt16LE(0x3a);
  const count = b.readUInt16LE(0x3c);
  const header = (i) => at + i * size;
  const names = Number(b.readBigUInt64LE(header(b.readUInt16LE(0x3e)) + 0x18));
  return Array.from({ length: count }, (_, i) => {
    const start = names + b.readUInt32LE(header(i));
    return b.toString('latin1', start, b.indexOf(0, start));
  });
}

test('the addon ships without symbols or debug information', (t) => {
  const dir = new URL('npm/gamequery/', root);
  const [addon] = readdirSync(dir).filter((f) => f.endsWith('.node'));
  if (!addon) return t.skip('no addon built here');
  const file = new URL(addon, dir);
  if (readFileSync(file).subarray(0, 5).toString('latin1') !== '\x7fELF\x02') return t.skip('not a 64-bit ELF file');
  const sections = elfSections(file);
  assert.ok(sections.includes('.dynsym') && sections.includes('.text'), sections.join(' '));
  assert.deepEqual(sections.filter((s) => s === '.symtab' || s.startsWith('.debug')), []);
});
