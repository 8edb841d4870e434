// System tools the tests drive, installed through apt when missing: Debian's Chromium for
// the browser test (a browser download can't work here), dnsmasq for the SRV test and
// qstat 2.17 (Debian's quakestat, an independent GameSpy4 / Minecraft Query / Quake client) for the interop test,
// OpenArena's dedicated server (ioquake3 with free game data: a real Quake 3 engine server on loopback),
// MVDSV with the KTX mod (a real QuakeWorld server), Debian's murmurd (a real Mumble server, for its ping)
// netPanzer (its dedicated server answers GameSpy 1's `\status\`) and jq (what LinuxGSM reads the
// `gamedig` command's JSON with).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = '/usr/bin/chromium';
export const DNSMASQ = '/usr/sbin/dnsmasq';
export const QSTAT = '/usr/bin/quakestat'; // Debian renames qstat's binary
export const OPENARENA = '/usr/games/openarena-server';
export const MURMURD = '/usr/sbin/murmurd';
export const MVDSV = '/usr/games/mvdsv';
/** KTX's game directory as Debian installs it (configs, and its qwprogs.so linked in). */
export const KTX = '/usr/share/games/quake/ktx';
export const NETPANZER = '/usr/games/netpanzer';
export const VALGRIND = '/usr/bin/valgrind';
export const JQ = '/usr/bin/jq';

const PACKAGES = [
  [CHROMIUM, 'chromium'],
  [DNSMASQ, 'dnsmasq-base'],
  [QSTAT, 'qstat'],
  [OPENARENA, 'openarena-server'],
  [MURMURD, 'mumble-server'],
  [MVDSV, 'mvdsv'],
  [`${KTX}/qwprogs.so`, 'ktx'],
  [NETPANZER, 'netpanzer'],
  [JQ, 'jq'],
];

/** `extra`: [path, package] pairs a script needs beyond the tests' (valgrind for check:memory). */
export function ensureSystem(extra = []) {
  const missing = [...PACKAGES, ...extra].filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['apt-get', 'update', '-q'], ['apt-get', 'install', '-y', '-q', ...missing]]) {
    const [cmd, ...rest] = [...sudo, ...args];
    console.log(`[test] $ ${cmd} ${rest.join(' ')}`);
    const r = spawnSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) throw new Error(`installing ${missing.join(', ')} failed (${args.join(' ')})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystem();
