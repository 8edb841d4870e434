// The browser (and bundler) entry: the wasm-bindgen `web` build behind the same glue as
// the Node entry, so results have the same shape everywhere. Call `await init()` once.
import init, * as wasm from './pkg/web/gamequery_wasm.js';
import { tapeReader, encodeVarInt, decodeVarInt } from './glue.mjs';

const readTape = tapeReader(() => wasm.shapes());
const read = ([text, values]) => readTape(text, values);

export const PROTOCOLS = Object.freeze(['samp', 'minecraft-java', 'minecraft-legacy', 'sqp']);
export const { encodeRequest, encodeResponse, FrameDecoder, initSync } = wasm;
export const decodeRequest = (protocol, bytes) => read(wasm.decodeRequest(protocol, bytes));
export const decodeResponse = (protocol, bytes, options) => read(wasm.decodeResponse(protocol, bytes, options));
export { encodeVarInt, decodeVarInt, init };
export default init;
