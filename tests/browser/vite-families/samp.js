// A page that reads SA:MP replies: the SA:MP family's entry alone.
import * as samp from 'gamequery-wasm/samp';
import { show } from './page.js';

show(samp, () => {
  const reply = samp.encodeResponse('samp', { opcode: 'i', password: false, players: 7, maxPlayers: 50,
    hostname: 'Family page', gamemode: 'Freeroam', language: 'English' });
  const info = samp.decodeResponse('samp', reply);
  return `${info.hostname} ${info.players}/${info.maxPlayers}`;
}, 'a2s');
