// A page as a user writes it: the bare package name, default init (the .wasm URL that
// Vite emits as an asset), then the codec; then a query, which loads the engine's .wasm,
// to a responder of the same engine over a loopback network inside the page.
import init, { decodeResponse, encodeResponse, PROTOCOLS, createEngine } from 'gamequery-wasm';
import { loopback } from '../loopback.js';

const show = (id, value) => { document.getElementById(id).textContent = String(value); };
try {
  await init();
  const reply = encodeResponse('samp', { opcode: 'i', password: false, players: 7, maxPlayers: 50,
    hostname: 'Vite-built page', gamemode: 'Freeroam', language: 'English' });
  const info = decodeResponse('samp', reply);
  show('hostname', info.hostname);
  show('players', `${info.players}/${info.maxPlayers} ${PROTOCOLS.length > 0}`);
  const status = encodeResponse('minecraft-java', { type: 'status', motd: '§aA §lMinecraft§r server' });
  show('motd', decodeResponse('minecraft-java', status).motd.plain);
  try {
    decodeResponse('samp', reply.subarray(0, 12));
  } catch (e) {
    show('error', e.code);
  }
  show('wasmBeforeQuery', performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.wasm')).length);
  const engine = createEngine(loopback());
  const server = await engine.serve('samp', { info: { password: false, players: 1, maxPlayers: 8, hostname: 'In-page responder',
    gamemode: 'Engine', language: 'English' }, players: [{ name: 'Tester', score: 5 }] }, { host: '127.0.0.1', port: 7777 });
  const queried = await engine.query('samp', { host: '127.0.0.1', port: 7777 }, { timeout: 2000 });
  await server.close();
  show('queried', `${queried.name} ${queried.players.list.map((p) => p.name).join()}`);
  document.body.dataset.ready = 'yes';
} catch (e) {
  show('error', e.stack ?? e);
  document.body.dataset.ready = 'yes';
}
