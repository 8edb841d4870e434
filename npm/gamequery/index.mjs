import { createRequire } from 'node:module';

const gamequery = createRequire(import.meta.url)('./index.js');

export const { PROTOCOLS, encodeRequest, decodeRequest, encodeResponse, decodeResponse, query, rcon, serve } = gamequery;
export default gamequery;
