// What each page shows: a reply its entry wrote and read back, the entry's protocols, what
// it says of another family's protocol, and (given `query`) what a query read.
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
