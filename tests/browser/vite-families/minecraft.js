// A page that reads Minecraft status replies: the Minecraft family's entry alone.
import * as minecraft from 'gamequery-wasm/minecraft';
import { show } from './page.js';

show(minecraft, () => {
  const status = minecraft.encodeResponse('minecraft-java', { type: 'status', motd: '§aA §lMinecraft§r server' });
  return minecraft.decodeResponse('minecraft-java', status).motd.plain;
}, 'samp');
