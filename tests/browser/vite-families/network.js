// A page that queries: `gamequery-wasm/network`, one module for the codec and the queries
// (here to a responder of its own engine, over a transport inside the page).
import * as network from 'gamequery-wasm/network';
import { loopback } from '../loopback.js';
import { show } from './page.js';

await show(network, () => {
  const reply = network.encodeResponse('samp', { opcode: 'i', password: false, players: 7, maxPlayers: 50,
    hostname: 'Family page', gamemode: 'Freeroam', language: 'English' });
  const info = network.decodeResponse('samp', reply);
  return `${info.hostname} ${info.players}/${info.maxPlayers}`;
}, 'nope', async () => {
  const engine = network.createEngine(loopback());
  const server = await engine.serve('samp', { info: { password: false, players: 1, maxPlayers: 8, hostname: 'In-page responder',
    gamemode: 'Engine', language: 'English' }, players: [{ name: 'Tester', score: 5 }] }, { host: '127.0.0.1', port: 7777 });
  const queried = await engine.query('samp', { host: '127.0.0.1', port: 7777 }, { timeout: 2000 });
  await server.close();
  return `${queried.name} ${queried.players.list.map((p) => p.name).join()}`;
});
