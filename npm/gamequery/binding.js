'use strict';
// Loads the native addon: the file `npm run build` puts beside this one, else the
// platform package (`gamequery-<platform>-<arch>[-<libc>]`, an optional dependency npm
// installs only where it fits). The error names the platform looked for; index.js then
// runs the WASM engine instead. GAMEQUERY_PLATFORM overrides the detected platform;
// GAMEQUERY_ADDON names an addon file to load instead (a build of your own, a test).
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * The C library on Linux: `gnu`, `musl`, or undefined when it cannot be told. Read from
 * `/usr/bin/ldd` (glibc's is a script of the GNU C Library, musl's is its loader), as
 * detect-libc does: a file read, where `process.report.getReport()` took 5 ms of every
 * start (measured with --cpu-prof on `gamequery a2s …`) and needs Deno's --allow-sys.
 */
function libc() {
  try {
    const ldd = readFileSync('/usr/bin/ldd', 'latin1');
    if (ldd.includes('musl')) return 'musl';
    if (ldd.includes('GNU C Library') || ldd.includes('GLIBC')) return 'gnu';
  } catch {
    // No ldd (a distroless image) or no permission (Deno without --allow-read): try both (below).
  }
  return undefined;
}

/** The platforms to try, in order. */
function platformTuples() {
  if (process.env.GAMEQUERY_PLATFORM) return [process.env.GAMEQUERY_PLATFORM];
  const { platform, arch } = process;
  if (platform !== 'linux') return [`${platform}-${arch}`];
  const known = libc();
  // A glibc build fails to load on musl (and the reverse) with an error, not a crash.
  return known ? [`linux-${arch}-${known}`] : [`linux-${arch}-gnu`, `linux-${arch}-musl`];
}

function loadTuple(tuple) {
  const local = join(__dirname, `gamequery.${tuple}.node`);
  const pkg = `gamequery-${tuple}`;
  if (existsSync(local)) return require(local);
  try {
    return require(pkg);
  } catch (e) {
    if (e.code === 'MODULE_NOT_FOUND' && String(e.message).includes(pkg)) {
      throw new Error(`no native gamequery addon for this platform (${tuple}): neither ${local} nor the package ${pkg} is installed`);
    }
    throw new Error(`the native gamequery addon for ${tuple} (${pkg}) did not load: ${e.message}`);
  }
}

function load() {
  if (process.env.GAMEQUERY_ADDON) return require(process.env.GAMEQUERY_ADDON);
  const errors = [];
  for (const tuple of platformTuples()) {
    try {
      return loadTuple(tuple);
    } catch (e) {
      errors.push(e.message);
    }
  }
  throw new Error(errors.join('; '));
}

module.exports = load();
