// JavaScript glue shared by both packages (gamequery's addon and this WASM build), so
// results and errors have one shape everywhere. No protocol logic: results come from the
// Rust core as a tape (core/src/tape) that `tapeReader` turns into objects; VarInt lives
// here because a native call per value (~0.5 µs) costs far more than the loop.
// build.mjs writes glue.cjs from this file for CommonJS callers.

import { REGISTRY } from './protocols.mjs';

const named = (keep) => Object.freeze(REGISTRY.filter(keep).map((p) => p.name));
/** Every protocol the packages speak, in the core registry's order. */
export const PROTOCOLS = named(() => true);
/** What `query` takes: all but the packet codec `source-rcon` (`rcon` runs it). */
export const QUERY_PROTOCOLS = named((p) => p.query);
/** What `serve` answers (the `minecraft` race's editions are served one by one). */
export const SERVE_PROTOCOLS = named((p) => p.serve);
/** What `rcon` takes. */
export const RCON_PROTOCOLS = named((p) => p.rcon);
/** The core's registry: each protocol's family, transport, default port and what it answers. */
export const PROTOCOL_REGISTRY = REGISTRY;

/**
 * `check.protocol` against `known`, the protocols of an entry with one family's
 * (`gamequery-wasm/samp`): one of another family is named with the entry that has it.
 */
const familyCheck = (family, known) => (p) => {
  const other = REGISTRY.find((r) => r.name === p && r.family !== family);
  if (other) {
    throw invalid(`'${p}' is not in gamequery-wasm/${family}, which has ${known.map((k) => `'${k}'`).join(', ')}: `
      + `import it from 'gamequery-wasm/${other.family}', or from 'gamequery-wasm' with every protocol`);
  }
  check.protocol(p, known);
};

const BRAND = Symbol.for('gamequery.error');

/**
 * Every failure: `code` is stable (`GQ_TIMEOUT`, `GQ_PORT_CLOSED`, …); a network call
 * adds `protocol`, `target` (as given), `address`/`port` once resolved and `attempts`; a
 * decode error adds `field` and `offset` (and `text` for bad JSON); an HTTP reply that
 * refused adds `httpStatus` (and `retryAfter`, in seconds, when it said).
 */
export class GameQueryError extends Error {
  constructor(detail, options) {
    super(detail.message, options);
    this.name = detail.code === 'GQ_ABORTED' ? 'AbortError' : 'GameQueryError';
    for (const key of ['code', 'protocol', 'target', 'address', 'port', 'attempts', 'field', 'offset', 'text', 'candidates', 'httpStatus', 'retryAfter']) {
      if (detail[key] != null) this[key] = detail[key];
    }
  }

  // Both packages carry a copy of this class (ESM and CommonJS): a brand makes
  // `instanceof` hold across them.
  get [BRAND]() {
    return true;
  }

  static [Symbol.hasInstance](value) {
    return value != null && value[BRAND] === true;
  }
}

/** True for errors from either package. */
export function isGameQueryError(value) {
  return value instanceof GameQueryError;
}

export function gqError(code, message, extra) {
  return new GameQueryError({ code, message, ...extra });
}

const TAG = '\u0001gamequery:';

let onTrap;
// Each tape reader's shapes, forgotten when the module is loaded again (it numbers them anew).
const forgetShapes = [];

/**
 * Where a trap of the WebAssembly core goes: a panic of ours, which cannot unwind there. The
 * Node entry loads the module again (`reload`, returning what the panic said), so the next
 * call runs on a fresh one.
 */
export function whenTrapped(reload) {
  onTrap = reload;
}

let generation = 0;
/** How many times the module has been loaded again: objects made on an earlier one are to be made again. */
export const moduleGeneration = () => generation;

/** A core error (a tagged message from either binding) as a GameQueryError; a trap as GQ_INTERNAL; others as they are. */
export function fromNative(e) {
  if (e && typeof e.message === 'string' && e.message.startsWith(TAG)) return new GameQueryError(JSON.parse(e.message.slice(TAG.length)));
  if (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) {
    const said = onTrap ? (generation++, onTrap()) : e.message;
    for (const forget of forgetShapes) forget();
    return new GameQueryError({ code: 'GQ_INTERNAL', message: `a call failed inside gamequery (a bug: please report it): ${said}` }, { cause: e });
  }
  return e;
}

/** Runs a synchronous binding call, turning core errors into GameQueryErrors. */
export function call(fn) {
  try {
    return fn();
  } catch (e) {
    throw fromNative(e);
  }
}

export function describe(v) {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}
export const invalid = (message) => new GameQueryError({ code: 'GQ_INVALID_ARGUMENT', message });

/** Checks the arguments every call shares, with messages that name them. */
export const check = {
  protocol(p, known = PROTOCOLS) {
    if (!known.includes(p)) throw invalid(`protocol must be one of ${known.map((k) => `'${k}'`).join(', ')}; got ${describe(p)}`);
  },
  bytes(b, name = 'bytes') {
    if (!(b instanceof Uint8Array)) throw invalid(`${name} must be a Uint8Array (a Buffer is one); got ${describe(b)}`);
  },
  object(o, name) {
    if (o != null && (typeof o !== 'object' || Array.isArray(o))) throw invalid(`${name} must be an object; got ${describe(o)}`);
  },
  /** A responder's state: an object, or a list (a central list's entries); the core checks its shape. */
  state(s, name = 'state') {
    if (s != null && typeof s !== 'object') throw invalid(`${name} must be an object or a list; got ${describe(s)}`);
  },
  target(t) {
    const ok = (typeof t === 'string' && t.trim() !== '') || (t != null && typeof t === 'object' && typeof t.host === 'string');
    if (!ok) throw invalid(`target must be 'host:port' or { host, port }; got ${describe(t)}`);
  },
  signal(s) {
    if (s != null && (typeof s !== 'object' || typeof s.aborted !== 'boolean' || typeof s.addEventListener !== 'function')) {
      throw invalid(`signal must be an AbortSignal; got ${describe(s)}`);
    }
  },
  fn(f, name) {
    if (f != null && typeof f !== 'function') throw invalid(`${name} must be a function; got ${describe(f)}`);
  },
};

// Object literals with constant keys build far faster than keyed stores; a page whose
// Content-Security-Policy forbids `new Function` gets the keyed stores, and so does a
// Worker, which allows it while loading but not while handling a request.
let canCompile = true;

// As JSON.parse does: `__proto__` becomes an own property, never the prototype.
function put(o, k, v) {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

/** `build(next)`: an object of `keys` whose values come from successive `next()` calls. */
function factory(keys) {
  if (canCompile && !keys.includes('__proto__')) {
    try {
      return new Function('next', `return {${keys.map((k) => `${JSON.stringify(k)}: next()`).join(', ')}};`);
    } catch {
      canCompile = false;
    }
  }
  return (next) => {
    const o = {};
    for (let i = 0; i < keys.length; i++) put(o, keys[i], next());
    return o;
  };
}

// The core's cap on shape ids (core/src/tape/shapes.rs).
const MAX_SHAPES = 4096;
const corrupt = () => {
  throw new Error('gamequery: corrupt result tape');
};

/**
 * A reader of tapes from one core instance: `loadShapes()` returns that instance's
 * struct key lists as JSON, asked for only when the tape names a shape not seen yet.
 * `read(text, values, wide, wideAt)`: `wide` holds the non-ASCII strings, from `wideAt`.
 * The same value as `JSON.parse` of the result's JSON text.
 */
export function tapeReader(loadShapes) {
  // A shape first seen late is one more call target, not a deoptimizing branch.
  const missing = (next, id) => {
    const shapes = JSON.parse(loadShapes());
    for (let i = 0; i < shapes.length; i++) if (builders[i] === missing) builders[i] = factory(shapes[i]);
    if (builders[id] === missing) corrupt();
    return builders[id](next, id);
  };
  // `var`: V8 checks a captured `let` at each read (a fifth of `value`'s bytecode).
  var builders = new Array(MAX_SHAPES).fill(missing);
  forgetShapes.push(() => builders.fill(missing));
  var T;
  var X;
  var W;
  var t = 0;
  var x = 0;
  var w = 0;
  var kept;
  function keep(s) {
    kept.push(s);
    return s;
  }
  function value() {
    switch (T[t++]) {
      case 0:
        return null;
      case 1:
        return false;
      case 2:
        return true;
      case 3:
        return T[t++];
      case 4:
        return X.slice(x, (x += T[t++]));
      case 5:
        return keep(X.slice(x, (x += T[t++])));
      case 6:
        return kept[T[t++]];
      case 10:
        return W.slice(w, (w += T[t++]));
      case 11:
        return keep(W.slice(w, (w += T[t++])));
      case 12:
        return +X.slice(x, (x += T[t++]));
      case 13:
        // A value the result holds twice: read once, then referred to (`case 6`).
        return keep(value());
      case 7: {
        const n = T[t++];
        const a = [];
        for (let i = 0; i < n; i++) a.push(value());
        return a;
      }
      case 8: {
        const id = T[t++];
        if (id >= 0) return (builders[id] ?? corrupt)(value, id);
        // Keys after the values (the core's shape registry was full).
        const values = [];
        for (let i = 0; i < -id - 1; i++) values.push(value());
        const o = {};
        for (const v of values) put(o, value(), v);
        return o;
      }
      case 9: {
        const n = T[t++];
        const o = {};
        for (let i = 0; i < n; i++) {
          const k = value();
          put(o, k, value());
        }
        return o;
      }
      default:
        return corrupt();
    }
  }
  function read(text, values, wide, wideAt) {
    T = values;
    X = text;
    W = wide;
    t = 0;
    x = 0;
    w = wideAt | 0;
    kept = [];
    try {
      return value();
    } finally {
      T = X = W = kept = undefined;
    }
  }
  /**
   * The top-level values of a batch one at a time (each tape keeps its own strings), the
   * batch's numbers being the first `length` of `values`: `next()` → the next value, or
   * `undefined` at the end. Values are built only when asked for, so results the caller
   * drops die young; the position is kept between calls, so other reads may run between.
   */
  read.each = (text, values, length = values.length, wide = '') => {
    let at = 0;
    let atText = 0;
    let atWide = 0;
    return () => {
      if (at >= length) return undefined;
      T = values;
      X = text;
      W = wide;
      t = at;
      x = atText;
      w = atWide;
      kept = [];
      try {
        return value();
      } finally {
        at = t;
        atText = x;
        atWide = w;
        T = X = W = kept = undefined;
      }
    };
  };
  return read;
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** Minecraft's VarInt: LEB128 of the two's-complement 32-bit value, 1–5 bytes. */
export function encodeVarInt(value) {
  if (!Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX) {
    throw gqError('GQ_INVALID_ARGUMENT', `value must be a whole number from -2147483648 to 2147483647 (a VarInt holds 32 bits); got ${String(value)}`);
  }
  let v = value >>> 0;
  const n = v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
  const out = new Uint8Array(n);
  for (let i = 0; i < n - 1; i++) {
    out[i] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[n - 1] = v;
  return out;
}

/**
 * `{ value, length }` of the VarInt at `bytes[offset]`. Bits past the 32nd in a 5th byte
 * are dropped, as Minecraft does; a 6th byte is `GQ_MALFORMED`.
 */
export function decodeVarInt(bytes, offset = 0) {
  check.bytes(bytes);
  if (!Number.isInteger(offset) || offset < 0 || offset > 0xffffffff) {
    throw gqError('GQ_INVALID_ARGUMENT', `offset must be a non-negative integer, got ${String(offset)}`);
  }
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (offset + i >= bytes.length) {
      throw gqError('GQ_TRUNCATED', `VarInt at byte ${offset}: the input ends inside the VarInt`, { field: 'VarInt', offset });
    }
    const b = bytes[offset + i];
    value |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) return { value, length: i + 1 };
  }
  throw gqError('GQ_MALFORMED', `VarInt at byte ${offset}: VarInt longer than 5 bytes`, { field: 'VarInt', offset });
}


/**
 * The codec functions both packages export, their arguments checked and their errors made
 * GameQueryErrors once, over a `core` that does the work: the WASM build's (`wasmCodec`) or
 * the addon's (gamequery's native.js). `core` has `encodeRequest(protocol, request)`,
 * `decodeRequest(protocol, bytes)`, `encodeResponse`, `decodeResponse(protocol, bytes,
 * options)` (results as objects) and `frames(protocol, options)` (a joiner with `push`);
 * `family`, where it has one family's protocols only.
 */
export function codecApi(core, family) {
  const known = family === undefined ? PROTOCOLS : named((p) => p.family === family);
  const checkProtocol = family === undefined ? (p) => check.protocol(p) : familyCheck(family, known);
  class FrameDecoder {
    #inner;
    /** Whole packets out of pieces (a TCP stream, or A2S split datagrams): `push(chunk)` → the complete ones. */
    constructor(protocol, options) {
      checkProtocol(protocol);
      check.object(options, 'options');
      this.#inner = call(() => core.frames(protocol, options));
    }
    push(chunk) {
      check.bytes(chunk, 'chunk');
      return call(() => this.#inner.push(chunk));
    }
  }
  return {
    PROTOCOLS: known,
    GameQueryError,
    isGameQueryError,
    encodeVarInt,
    decodeVarInt,
    FrameDecoder,
    encodeRequest(protocol, request) {
      checkProtocol(protocol);
      check.object(request, 'request');
      return call(() => core.encodeRequest(protocol, request));
    },
    decodeRequest(protocol, bytes) {
      checkProtocol(protocol);
      check.bytes(bytes, 'bytes');
      return call(() => core.decodeRequest(protocol, bytes));
    },
    encodeResponse(protocol, response) {
      checkProtocol(protocol);
      check.object(response, 'response');
      return call(() => core.encodeResponse(protocol, response));
    },
    decodeResponse(protocol, bytes, options) {
      checkProtocol(protocol);
      check.bytes(bytes, 'bytes');
      check.object(options, 'options');
      return call(() => core.decodeResponse(protocol, bytes, options ?? undefined));
    },
  };
}

/** The codec of one WASM core instance (`wasm`: a wasm-bindgen build of bindings-wasm). */
export function wasmCodec(wasm, readTape = tapeReader(() => wasm.shapes()), family = undefined) {
  const read = ([text, values, wide]) => readTape(text, values, wide);
  return codecApi({
    encodeRequest: (protocol, request) => wasm.encodeRequest(protocol, request),
    decodeRequest: (protocol, bytes) => read(wasm.decodeRequest(protocol, bytes)),
    encodeResponse: (protocol, response) => wasm.encodeResponse(protocol, response),
    decodeResponse: (protocol, bytes, options) => read(wasm.decodeResponse(protocol, bytes, options)),
    frames: (protocol, options) => new wasm.FrameDecoder(protocol, options ?? {}),
  }, family);
}
