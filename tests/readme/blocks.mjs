// The examples the READMEs show: every ```js block (`worker` for a Cloudflare Worker), and
// every `npx gamequery` line of a ```sh block but `serve` (which runs until Ctrl-C), each
// with where it stands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const README_FILES = ['README.md', 'npm/gamequery/README.md', 'npm/gamequery-wasm/README.md', 'examples/discord-bot/README.md'];

/** `[{ where, kind: 'js' | 'worker' | 'cli', code }]` in the order the files show them. */
export function readmeBlocks(root) {
  const blocks = [];
  for (const file of README_FILES) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const open = /^(\s*)```(\w+)\s*$/.exec(lines[i]);
      if (!open) continue;
      const [, indent, lang] = open;
      const start = i + 1;
      let end = start;
      while (end < lines.length && lines[end].trim() !== '```') end++;
      const body = lines.slice(start, end).map((l) => l.slice(indent.length));
      // A Cloudflare Worker (it imports `cloudflare:sockets`) runs in workerd.
      const code = body.join('\n');
      if (lang === 'js') blocks.push({ where: `${file}:${start}`, kind: /from 'cloudflare:/.test(code) ? 'worker' : 'js', code });
      if (lang === 'sh') {
        body.forEach((line, k) => {
          const command = line.replace(/\s+#.*$/, '').trim();
          if (/^npx gamequery\b/.test(command) && !/^npx gamequery serve\b/.test(command)) {
            blocks.push({ where: `${file}:${start + k + 1}`, kind: 'cli', code: command });
          }
        });
      }
      i = end;
    }
  }
  return blocks;
}
