// The platform packages: which Rust target builds each, and what npm needs to install it
// only where it fits (os, cpu, libc). `npm run build:platforms` builds them all.
export const VERSION = '0.1.0';

export const PLATFORMS = [
  { tuple: 'linux-x64-gnu', target: 'x86_64-unknown-linux-gnu', glibc: '2.28', os: 'linux', cpu: 'x64', libc: 'glibc' },
  { tuple: 'linux-x64-musl', target: 'x86_64-unknown-linux-musl', os: 'linux', cpu: 'x64', libc: 'musl' },
  { tuple: 'linux-arm64-gnu', target: 'aarch64-unknown-linux-gnu', glibc: '2.28', os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { tuple: 'linux-arm64-musl', target: 'aarch64-unknown-linux-musl', os: 'linux', cpu: 'arm64', libc: 'musl' },
  { tuple: 'win32-x64', target: 'x86_64-pc-windows-gnu', os: 'win32', cpu: 'x64' },
  { tuple: 'darwin-x64', target: 'x86_64-apple-darwin', os: 'darwin', cpu: 'x64' },
  { tuple: 'darwin-arm64', target: 'aarch64-apple-darwin', os: 'darwin', cpu: 'arm64' },
];

/** What cargo writes for a target. */
export function libraryName({ os }) {
  return { linux: 'libgamequery_node.so', darwin: 'libgamequery_node.dylib', win32: 'gamequery_node.dll' }[os];
}

export const addonName = ({ tuple }) => `gamequery.${tuple}.node`;

/** The platform package's package.json. */
export function manifest(p) {
  const system = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' }[p.os];
  const libc = p.libc ? ` (${p.libc === 'glibc' ? `glibc ≥ ${p.glibc}` : 'musl, e.g. Alpine'})` : '';
  return {
    name: `gamequery-${p.tuple}`,
    version: VERSION,
    description: `The native addon of gamequery for ${system} ${p.cpu}${libc}. Install gamequery, not this.`,
    license: 'MIT OR Apache-2.0',
    repository: { type: 'git', url: 'git+https://github.com/gamequery/gamequery.git', directory: `npm/platforms/${p.tuple}` },
    main: addonName(p),
    files: [addonName(p)],
    os: [p.os],
    cpu: [p.cpu],
    ...(p.libc ? { libc: [p.libc] } : {}),
    engines: { node: '>=20' },
  };
}
