// What a page built for production downloads before its first decode: a page that imports
// gamequery-wasm by its bare name, built by Vite (which bundles and minifies the JS, as
// every production build does), served as files. Counted: the entry chunk with its static
// imports, and the codec's .wasm; not the engine's chunks and .wasm, which load at the
// first network call. A family's page (`gamequery-wasm/samp` …) counts likewise, with its
// family's module.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

const page = (protocol) => `import init, { decodeResponse } from 'gamequery-wasm';
await init();
const reply = new Uint8Array(await (await fetch('reply.bin')).arrayBuffer());
document.body.textContent = JSON.stringify(decodeResponse('${protocol}', reply));
`;

/**
 * `[[file, bytes], …]` of what the page downloads at init(): one that decodes `protocol`
 * through `gamequery-wasm` or, given its `family`, through `gamequery-wasm/<family>`.
 */
export async function pageDownload(root, protocol = 'samp', family = undefined) {
  const app = mkdtempSync(join(tmpdir(), 'gq-page-'));
  const out = join(app, 'dist');
  try {
    writeFileSync(join(app, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>\n');
    writeFileSync(join(app, 'main.js'), page(protocol));
    await build({
      root: app,
      logLevel: 'silent',
      resolve: { alias: { 'gamequery-wasm': join(root, family ? `npm/gamequery-wasm/family/${family}.mjs` : 'npm/gamequery-wasm/web.mjs') } },
      build: { outDir: out, manifest: true },
    });
    const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8'));
    const files = [];
    const visit = (key) => {
      const chunk = manifest[key];
      if (files.some(([f]) => f === chunk.file)) return;
      files.push([chunk.file, readFileSync(join(out, chunk.file))]);
      (chunk.imports ?? []).forEach(visit);
    };
    visit(Object.keys(manifest).find((k) => manifest[k].isEntry));
    const codec = readFileSync(join(root, `npm/gamequery-wasm/pkg/web${family ? `-${family}` : ''}/gamequery_wasm_bg.wasm`));
    const assets = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.wasm'));
    const wasm = assets.find((f) => readFileSync(join(out, 'assets', f)).equals(codec));
    files.push([`assets/${wasm}`, codec]);
    return files;
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}
