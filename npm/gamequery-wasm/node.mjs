import { createRequire } from 'node:module';

const wasm = createRequire(import.meta.url)('./node.cjs');

export const { PROTOCOLS, encodeRequest, decodeRequest, encodeResponse, decodeResponse, init } = wasm;
export default init;
