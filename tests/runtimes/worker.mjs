// A Cloudflare Worker using gamequery-wasm's one-module entry (`gamequery-wasm/network`): the
// engine's module comes from the Worker's bundle (initSync) and serves the codec too, the TCP socket from `cloudflare:sockets`. GET /?port=N queries the Minecraft
// Java server on 127.0.0.1:N and answers its status as JSON (/http?port=N: the ElDewrito
// server there, over the Worker's fetch); errors keep their code.
import { connect } from 'cloudflare:sockets';
import { initSync, query, decodeResponse, encodeResponse, PROTOCOLS } from './npm/gamequery-wasm/network.mjs';
import module from './npm/gamequery-wasm/pkg/web-engine/gamequery_wasm_bg.wasm';

// One module: the codec's functions and the queries.
initSync({ module });

// A SA:MP `i` reply whose hostname and mode are GBK: 中文服务器 | 欢迎光临, 角色扮演.
const GBK_REPLY = '53414d507f000001611e69000100020015000000d6d0cec4b7fecef1c6f7207c20bbb6d3adb9e2c1d908000000bdc7c9abb0e7d1dd00000000';

export default {
  async fetch(request) {
    const url = new URL(request.url);
    const port = Number(url.searchParams.get('port'));
    try {
      if (url.pathname === '/codec') {
        const reply = encodeResponse('samp', { opcode: 'i', password: false, players: 3, maxPlayers: 8,
          hostname: 'workerd', gamemode: 'codec', language: 'en' });
        // Code pages: windows-1251 from the build's own tables, GBK through workerd's TextDecoder.
        const cyrillic = encodeResponse('samp', { opcode: 'i', password: false, players: 1, maxPlayers: 2,
          hostname: 'Русский сервер', gamemode: 'Ролевая игра', language: '', encoding: 'windows-1251' });
        const gbk = Uint8Array.from(GBK_REPLY.match(/../g), (h) => parseInt(h, 16));
        return Response.json({ protocols: PROTOCOLS, info: decodeResponse('samp', reply),
          cyrillic: decodeResponse('samp', cyrillic), gbk: decodeResponse('samp', gbk) });
      }
      if (url.pathname === '/http') {
        // An HTTP protocol with no `connect`: over the Worker's own fetch.
        return Response.json(await query('eldewrito', { host: '127.0.0.1', port }, { timeout: 3000 }));
      }
      const status = await query('minecraft-java', { host: '127.0.0.1', port }, { connect, timeout: 3000 });
      return Response.json(status);
    } catch (e) {
      return Response.json({ error: { code: e.code, message: e.message } }, { status: 500 });
    }
  },
};
