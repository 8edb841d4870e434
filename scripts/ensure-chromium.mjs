// The browser test drives Debian's Chromium (a browser download can't work here):
// install it through apt when it is missing.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['apt-get', 'update', '-q'], ['apt-get', 'install', '-y', '-q', 'chromium']]) {
    const [cmd, ...rest] = [...sudo, ...args];
    console.log(`[test] $ ${cmd} ${rest.join(' ')}`);
    const r = spawnSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) throw new Error(`installing chromium failed (${args.join(' ')})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
