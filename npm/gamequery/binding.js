'use strict';
// Loads the native addon: the file `npm run build` puts beside this one, else the napi
// platform package for this platform (`gamequery-<platform>-<arch>[-<abi>]`).
const { existsSync } = require('node:fs');
const { join } = require('node:path');

function platformTuple() {
  const { platform, arch } = process;
  if (platform === 'linux') {
    const glibc = process.report?.getReport?.().header?.glibcVersionRuntime;
    return `linux-${arch}-${glibc ? 'gnu' : 'musl'}`;
  }
  if (platform === 'win32') return `win32-${arch}-msvc`;
  return `${platform}-${arch}`;
}

const tuple = platformTuple();
const local = join(__dirname, `gamequery.${tuple}.node`);
module.exports = existsSync(local) ? require(local) : require(`gamequery-${tuple}`);
