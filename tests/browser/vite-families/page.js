// What each page shows: its entry's reading of some replies, the entry's protocols, what it
// says of another family's protocol, and (given `query`) what a query read.
export async function show(entry, decoded, other, query) {
  const put = (id, value) => { document.getElementById(id).textContent = String(value); };
  try {
    await entry.init();
    put('decoded', decoded());
    put('protocols', entry.PROTOCOLS.join());
    try {
      entry.decodeResponse(other, new Uint8Array(8));
    } catch (e) {
      put('other', `${e.code} ${e.message}`);
    }
    if (query) put('queried', await query());
  } catch (e) {
    put('decoded', e.stack ?? e);
  }
  document.body.dataset.ready = 'yes';
}

const hex = (h) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

/**
 * Golden vectors (`{ protocol, direction, hex }`, or `parts` of a reply in pieces joined by
 * the entry's FrameDecoder) read through `entry`, as JSON text: each value, or its error's
 * code. The test reads the same vectors through the whole package and compares the text.
 */
export function decodeAll(entry, vectors) {
  return JSON.stringify(vectors.map((v) => {
    const how = v.direction === 'request' ? 'decodeRequest' : 'decodeResponse';
    try {
      if (!v.parts) return entry[how](v.protocol, hex(v.hex));
      const joiner = new entry.FrameDecoder(v.protocol);
      return v.parts.flatMap((p) => joiner.push(hex(p))).map((f) => entry[how](v.protocol, f));
    } catch (e) {
      return { error: e.code };
    }
  }), (_, x) => (typeof x === 'bigint' ? `${x}n` : x instanceof Uint8Array ? [...x] : x));
}
