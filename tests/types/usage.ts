// Compile-only checks of the shipped declarations (`tsc -p tests/types`).
import { query, serve, rcon, decodeResponse, encodeRequest, type GamequeryError, type SampServerState } from 'gamequery';
import init, * as wasm from 'gamequery-wasm';

export async function typed(): Promise<void> {
  await init();
  const status = await query('samp', '127.0.0.1:7777', { players: 'd', encoding: 'windows-1251', timeout: 500 });
  const raw: SampServerState = status.raw;
  const hostname: string = raw.info.hostname;
  const score: number = raw.players[0].score;
  const open: boolean = raw.isOpenMp;
  const bytes: Uint8Array = encodeRequest('samp', { opcode: 'p', payload: '01020304', ip: '127.0.0.1', port: 7777 });
  const reply = decodeResponse('samp', bytes, { encoding: 'auto' });
  if (reply.opcode === 'i') {
    const max: number = reply.maxPlayers;
    void max;
  }
  const wasmReply = wasm.decodeResponse('samp', bytes);
  void wasmReply.opcode;
  const server = await serve('samp', raw, { port: 0, legacy: true, rcon: { password: 'x', handler: (cmd) => [cmd] } });
  server.update({ info: raw.info });
  const lines: string[] = await rcon('samp', { host: '::1', port: server.port }, { password: 'x' }, 'players');
  try {
    decodeResponse('samp', new Uint8Array(2));
  } catch (e) {
    const code: GamequeryError['code'] = (e as GamequeryError).code;
    void code;
  }
  void [hostname, score, open, lines];
}

export async function misuse(): Promise<void> {
  // @ts-expect-error: misspelt protocol
  await query('sanp', 'host');
  // @ts-expect-error: players is not a free-form string
  await query('samp', 'host', { players: 'all' });
  // @ts-expect-error: opcode 'z' does not exist
  encodeRequest('samp', { opcode: 'z' });
  // @ts-expect-error: a ping request needs its payload
  encodeRequest('samp', { opcode: 'p' });
  // @ts-expect-error: serve state needs info
  await serve('samp', { rules: {} });
}
