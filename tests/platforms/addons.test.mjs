// Every platform package's addon (from `npm run build:platforms`): the right format and
// CPU, the napi entry point exported, nothing needed that its platform lacks (glibc ≤ 2.28
// for Linux gnu, musl's libc for musl); then, where this machine has a runtime for it, the
// addon loaded by that platform's Node and a real query answered over loopback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORMS, addonName, manifest } from '../../scripts/platforms.mjs';
import { inspect } from './formats.mjs';
import { runtimeFor } from './runtimes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const smoke = join(root, 'tests/platforms/smoke.cjs');
/** A Linux path as wine's Z: drive shows it. */
const windowsPath = (p) => `Z:${p.replaceAll('/', '\\')}`;

const SYSTEM = {
  win32: /^(kernel32|ws2_32|advapi32|ntdll|userenv|iphlpapi|oleaut32|ktmw32|bcryptprimitives|api-ms-win-[a-z0-9-]+)\.dll$/,
  darwin: /^\/usr\/lib\/(libSystem\.B|libiconv\.2|libcharset\.1)\.dylib$/,
  glibc: /^(libc\.so\.6|libm\.so\.6|libgcc_s\.so\.1|ld-linux-(x86-64|aarch64)\.so\.[12]|libpthread\.so\.0|libdl\.so\.2)$/,
  musl: /^(libc\.so|libgcc_s\.so\.1)$/,
};

for (const p of PLATFORMS) {
  const file = join(root, 'npm/platforms', p.tuple, addonName(p));

  test(`${p.tuple}: format, CPU, entry point, system libraries`, { skip: !existsSync(file) && 'not built' }, () => {
    const info = inspect(file, p.os);
    const expected = { win32: 'PE32+ DLL', darwin: 'Mach-O 64 dylib', linux: 'ELF 64 shared object' }[p.os];
    assert.equal(info.format, expected);
    assert.equal(info.cpu, p.cpu);
    assert.equal(info.exported, true, 'exports napi_register_module_v1');
    const allowed = SYSTEM[p.os === 'linux' ? p.libc : p.os];
    assert.deepEqual(info.needed.filter((lib) => !allowed.test(lib)), [], 'needs only system libraries');
    if (p.libc === 'glibc') {
      const [major, minor] = info.glibc.split('.').map(Number);
      assert.ok(major === 2 && minor <= 28, `newest glibc symbol ${info.glibc} ≤ 2.28`);
    }
    if (p.libc === 'musl') assert.equal(info.glibc, null, 'no glibc symbol');
    assert.deepEqual(manifest(p).files, [addonName(p)]);
  });

  const runtime = existsSync(file) ? runtimeFor(p.tuple) : { skip: 'not built' };
  test(`${p.tuple}: loaded by ${runtime.what ?? 'its Node'}, a real query answered`, { skip: runtime.skip, timeout: 180_000 }, () => {
    const [cmd, ...args] = runtime.argv;
    // wine's Node cannot write to a pipe: it writes to a file instead.
    const outFile = join(tmpdir(), `gq-smoke-${process.pid}.json`);
    const fd = openSync(outFile, 'w');
    const r = spawnSync(cmd, [...args, runtime.windows ? windowsPath(smoke) : smoke], {
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
      timeout: 170_000,
      env: {
        ...process.env,
        ...runtime.env,
        GAMEQUERY_ENGINE: 'native',
        GAMEQUERY_ADDON: runtime.windows ? windowsPath(file) : file,
      },
    });
    closeSync(fd);
    const line = readFileSync(outFile, 'utf8').trim().split('\n').pop();
    rmSync(outFile, { force: true });
    assert.ok(line?.startsWith('{'), `no result (status ${r.status}): ${r.stderr.slice(-2000)}`);
    const out = JSON.parse(line);
    assert.equal(out.error, undefined, out.error);
    assert.deepEqual([out.engine, out.arch, out.platform], ['native', p.cpu, p.os]);
    assert.deepEqual(out.results, {
      samp: { name: 'smoke ✓', online: 2, ping: 'number' },
      'minecraft-java': { name: 'Hello', online: 3, ping: 'number' },
      sqp: { name: 'sqp smoke', online: 1, ping: 'number' },
    });
    // Windows reports the ICMP unreachable as a reset on the next receive; wine 8 does so
    // only sometimes (a race inside wine), so under wine a timeout is accepted too.
    const closed = runtime.windows ? ['GQ_PORT_CLOSED', 'GQ_TIMEOUT'] : ['GQ_PORT_CLOSED'];
    assert.ok(closed.includes(out.closedPort), out.closedPort);
  });
}
