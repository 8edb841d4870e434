import { createRequire } from 'node:module';

const wasm = createRequire(import.meta.url)('./node.cjs');

export const {
  PROTOCOLS, GameQueryError, isGameQueryError, encodeRequest, decodeRequest, encodeResponse, decodeResponse,
  encodeVarInt, decodeVarInt, FrameDecoder, query, queryMany, rcon, rconSession, createEngine, init, initSync,
} = wasm;
export default init;
