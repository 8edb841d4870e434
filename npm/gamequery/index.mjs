import { createRequire } from 'node:module';

const gamequery = createRequire(import.meta.url)('./index.js');

export const {
  PROTOCOLS, GameQueryError, isGameQueryError, games, encodeRequest, decodeRequest, encodeResponse, decodeResponse,
  encodeVarInt, decodeVarInt, FrameDecoder, query, queryMany, rcon, rconSession, serve, describeStatus, sampleState, engine, engineError,
} = gamequery;
export default gamequery;
