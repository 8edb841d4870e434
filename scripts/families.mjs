// The protocol families that have a browser entry of their own (`gamequery-wasm/<family>`,
// issue #51): those with packets, in the core registry's order (protocols.mjs). The build
// makes their modules and entries; the tests and the bench read the same list.
import { REGISTRY } from '../npm/gamequery-wasm/protocols.mjs';

export const ENTRY_FAMILIES = [...new Set(REGISTRY.filter((p) => p.packets).map((p) => p.family))];
