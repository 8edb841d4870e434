'use strict';
// Core errors arrive from the addon as a tagged JSON message (see bindings-node/src/error.rs);
// this turns them into plain `Error`s with `code`, `field` and `offset`, the same shape
// gamequery-wasm throws.
const TAG = '\u0001gamequery:';

/** An Error from the core's description `{ code, message, field?, offset?, text? }`. */
function fromDetail(d) {
  const err = new Error(d.message);
  err.code = d.code;
  if (d.field != null) err.field = d.field;
  if (d.offset != null) err.offset = d.offset;
  if (d.text != null) err.text = d.text;
  return err;
}

function fromNative(e) {
  if (e && typeof e.message === 'string' && e.message.startsWith(TAG)) return fromDetail(JSON.parse(e.message.slice(TAG.length)));
  // Argument conversion failures raised by Node-API itself.
  if (e instanceof Error && (!e.code || e.code === 'InvalidArg' || e.code === 'ObjectExpected' || e.code === 'StringExpected' || e.code === 'NumberExpected')) {
    const err = new Error(e.message);
    err.code = 'GQ_INVALID_ARGUMENT';
    return err;
  }
  return e;
}

function call(fn) {
  try {
    return fn();
  } catch (e) {
    throw fromNative(e);
  }
}

function aborted(signal) {
  const err = new Error(signal?.reason?.message ?? 'the operation was aborted');
  err.code = 'GQ_ABORTED';
  return err;
}

module.exports = { fromNative, fromDetail, call, aborted };
