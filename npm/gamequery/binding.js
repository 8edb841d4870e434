'use strict';
// Loads the native addon: the file `npm run build` puts beside this one, else the
// platform package (`gamequery-<platform>-<arch>[-<libc>]`, an optional dependency npm
// installs only where it fits). The error names the platform looked for; index.js then
// runs the WASM engine instead. GAMEQUERY_PLATFORM overrides the detected platform;
// GAMEQUERY_ADDON names an addon file to load instead (a build of your own, a test).
const { existsSync } = require('node:fs');
const { join } = require('node:path');

function platformTuple() {
  if (process.env.GAMEQUERY_PLATFORM) return process.env.GAMEQUERY_PLATFORM;
  const { platform, arch } = process;
  if (platform === 'linux') {
    const glibc = process.report?.getReport?.().header?.glibcVersionRuntime;
    return `linux-${arch}-${glibc ? 'gnu' : 'musl'}`;
  }
  return `${platform}-${arch}`;
}

const tuple = platformTuple();
const local = join(__dirname, `gamequery.${tuple}.node`);
const pkg = `gamequery-${tuple}`;

function load() {
  if (process.env.GAMEQUERY_ADDON) return require(process.env.GAMEQUERY_ADDON);
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

module.exports = load();
