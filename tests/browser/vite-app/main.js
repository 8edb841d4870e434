// A page as a user writes it: the bare package name, default init (the .wasm URL that
// Vite emits as an asset), then the codec.
import init, { decodeResponse, encodeResponse, PROTOCOLS } from 'gamequery-wasm';

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
  document.body.dataset.ready = 'yes';
} catch (e) {
  show('error', e.stack ?? e);
  document.body.dataset.ready = 'yes';
}
