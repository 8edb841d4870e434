// A page that reads A2S replies: the A2S family's entry alone.
import * as a2s from 'gamequery-wasm/a2s';
import { show } from './page.js';

show(a2s, () => {
  const info = a2s.decodeResponse('a2s', a2s.encodeResponse('a2s', { type: 'info', name: 'Family page', map: 'de_dust2', players: 3, maxPlayers: 24 }));
  return `${info.name} ${info.map} ${info.players}/${info.maxPlayers}`;
}, 'minecraft-java');
