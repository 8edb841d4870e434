import { createRequire } from 'node:module';

const wasm = createRequire(import.meta.url)('./node.cjs');

export const { PROTOCOLS, encodeRequest, decodeRequest, encodeResponse, decodeResponse, encodeVarInt, decodeVarInt, FrameDecoder, init } = wasm;
export default init;
