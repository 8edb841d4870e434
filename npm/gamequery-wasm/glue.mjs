// JavaScript glue shared by both packages (gamequery's addon and this WASM build), so
// results and errors have one shape everywhere. No protocol logic: results come from the
// Rust core as a tape (core/src/tape) that `tapeReader` turns into objects; VarInt lives
// here because a native call per value (~0.5 µs) costs far more than the loop.
// build.mjs writes glue.cjs from this file for CommonJS callers.

/** An `Error` with a stable `code` (and `field`/`offset` for decode errors). */
export function gqError(code, message, extra) {
  const err = new Error(message);
  err.code = code;
  if (extra) Object.assign(err, extra);
  return err;
}

// Object literals with constant keys build far faster than keyed stores; a page whose
// Content-Security-Policy forbids `new Function` gets the keyed stores.
const canCompile = (() => {
  try {
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
})();

// As JSON.parse does: `__proto__` becomes an own property, never the prototype.
function put(o, k, v) {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

/** `build(next)`: an object of `keys` whose values come from successive `next()` calls. */
function factory(keys) {
  if (canCompile && !keys.includes('__proto__')) {
    return new Function('next', `return {${keys.map((k) => `${JSON.stringify(k)}: next()`).join(', ')}};`);
  }
  return (next) => {
    const o = {};
    for (let i = 0; i < keys.length; i++) put(o, keys[i], next());
    return o;
  };
}

/**
 * A reader of tapes from one core instance: `loadShapes()` returns that instance's
 * struct key lists as JSON, asked for only when the tape names a shape not seen yet.
 * The same value as `JSON.parse` of the result's JSON text.
 */
export function tapeReader(loadShapes) {
  let builders = [];
  let T;
  let X;
  let t = 0;
  let x = 0;
  let kept;
  const builder = (id) => {
    if (id >= builders.length) {
      const shapes = JSON.parse(loadShapes());
      builders = shapes.map((keys, i) => builders[i] ?? factory(keys));
    }
    return builders[id];
  };
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
      case 5: {
        const s = X.slice(x, (x += T[t++]));
        kept.push(s);
        return s;
      }
      case 6:
        return kept[T[t++]];
      case 7: {
        const n = T[t++];
        const a = [];
        for (let i = 0; i < n; i++) a.push(value());
        return a;
      }
      case 8: {
        const id = T[t++];
        if (id >= 0) return builder(id)(value);
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
        throw new Error('gamequery: corrupt result tape');
    }
  }
  function read(text, values) {
    T = values;
    X = text;
    t = 0;
    x = 0;
    kept = [];
    try {
      return value();
    } finally {
      T = X = kept = undefined;
    }
  }
  /**
   * The top-level values of a batch one at a time (each tape keeps its own strings), the
   * batch's numbers being the first `length` of `values`: `next()` → the next value, or
   * `undefined` at the end. Values are built only when asked for, so results the caller
   * drops die young; the position is kept between calls, so other reads may run between.
   */
  read.each = (text, values, length = values.length) => {
    let at = 0;
    let atText = 0;
    return () => {
      if (at >= length) return undefined;
      T = values;
      X = text;
      t = at;
      x = atText;
      kept = [];
      try {
        return value();
      } finally {
        at = t;
        atText = x;
        T = X = kept = undefined;
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
    throw gqError('GQ_INVALID_ARGUMENT', `a VarInt holds a 32-bit integer, got ${String(value)}`);
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
  if (!(bytes instanceof Uint8Array)) throw gqError('GQ_INVALID_ARGUMENT', 'bytes must be a Uint8Array');
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
