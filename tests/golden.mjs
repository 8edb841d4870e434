// The golden vectors of a protocol: its own fixture file (tests/fixtures/<name>.json) and its
// captures among Minecraft's (captures.json), for every suite that replays them.
import { existsSync, readFileSync } from 'node:fs';

const fixtures = new URL('fixtures/', import.meta.url);
const captures = JSON.parse(readFileSync(new URL('captures.json', fixtures), 'utf8')).vectors;

/** Every golden vector of `name`. */
export function goldenVectors(name) {
  const own = new URL(`${name}.json`, fixtures);
  const mine = existsSync(own) ? JSON.parse(readFileSync(own, 'utf8')).vectors : [];
  return [...mine, ...captures.filter((v) => v.protocol === name)];
}
