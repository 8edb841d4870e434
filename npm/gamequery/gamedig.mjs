// `gamequery/gamedig` as an ES module (the same objects as the CommonJS one).
import { createRequire } from 'node:module';

const gamedig = createRequire(import.meta.url)('./gamedig.js');

export const { GameDig, games } = gamedig;
