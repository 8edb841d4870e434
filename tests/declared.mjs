// The run-time names a package's declarations promise: every `export declare function |
// const | class | let`, `export default`, and what `export * from './x'` brings in. Read
// from the .d.ts text (TypeScript 7 has no compiler API for JS to ask).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** `[name, kind]` pairs, kind being `function`, `class`, `const` or `default`. */
export function declaredValues(dts) {
  const text = readFileSync(dts, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const names = new Map();
  for (const [, kind, name] of text.matchAll(/^export\s+declare\s+(function|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)) {
    names.set(name, kind === 'let' || kind === 'var' ? 'const' : kind);
  }
  if (/^export\s+default\s/m.test(text)) names.set('default', 'default');
  for (const [, from] of text.matchAll(/^export\s+\*\s+from\s+['"](.+?)['"]/gm)) {
    for (const [name, kind] of declaredValues(resolveDts(dts, from))) if (name !== 'default') names.set(name, kind);
  }
  return [...names];
}

/** The .d.ts `from` names: beside `dts`, or a package's subpath found in node_modules as Node finds packages. */
function resolveDts(dts, from) {
  const file = from.endsWith('.d.ts') ? from : `${from}.d.ts`;
  if (from.startsWith('.')) return join(dirname(dts), file);
  for (let dir = dirname(dts); ; dir = dirname(dir)) {
    const found = join(dir, 'node_modules', file);
    if (existsSync(found)) return found;
    if (dirname(dir) === dir) throw new Error(`${dts}: cannot find ${from}`);
  }
}

/** The declared names `module` lacks or holds with the wrong kind of value. */
export function missingExports(declared, module) {
  return declared
    .filter(([name, kind]) => {
      const value = module[name];
      if (kind === 'function' || kind === 'class' || kind === 'default') return typeof value !== 'function';
      return value === undefined;
    })
    .map(([name, kind]) => `${kind} ${name}`);
}
