// The WASM package: the codec, declared in types.d.ts (generated from the Rust types).
export * from './types';

/** Loads the WebAssembly module. Required once in browsers; a no-op under Node. */
export default function init(input?: unknown): Promise<unknown>;
export declare function init(input?: unknown): Promise<unknown>;
