// A Cloudflare Worker using gamequery-wasm: the module comes from the Worker's bundle
// (initSync), the TCP socket from `cloudflare:sockets`. GET /?port=N queries the Minecraft
// Java server on 127.0.0.1:N and answers its status as JSON; errors keep their code.
import { connect } from 'cloudflare:sockets';
import { initSync, query, decodeResponse, encodeResponse, PROTOCOLS } from './npm/gamequery-wasm/web.mjs';
import module from './npm/gamequery-wasm/pkg/web/gamequery_wasm_bg.wasm';

initSync({ module });

export default {
  async fetch(request) {
    const url = new URL(request.url);
    const port = Number(url.searchParams.get('port'));
    try {
      if (url.pathname === '/codec') {
        const reply = encodeResponse('samp', { opcode: 'i', password: false, players: 3, maxPlayers: 8,
          hostname: 'workerd', gamemode: 'codec', language: 'en' });
        return Response.json({ protocols: PROTOCOLS, info: decodeResponse('samp', reply) });
      }
      const status = await query('minecraft-java', { host: '127.0.0.1', port }, { connect, timeout: 3000 });
      return Response.json(status);
    } catch (e) {
      return Response.json({ error: { code: e.code, message: e.message } }, { status: 500 });
    }
  },
};
