// The run-time names a package's declarations promise: every `export declare function |
// const | class | let`, `export default`, and what `export * from './x'` brings in. Read
// from the .d.ts text (TypeScript 7 has no compiler API for JS to ask).
import { readFileSync } from 'node:fs';
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
    const file = join(dirname(dts), from.endsWith('.d.ts') ? from : `${from}.d.ts`);
    for (const [name, kind] of declaredValues(file)) if (name !== 'default') names.set(name, kind);
  }
  return [...names];
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
