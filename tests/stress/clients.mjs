// What the flood and slowloris runs share: the responder in a process of its own (its
// memory and descriptors read from /proc), and fifty clients that query it once a second
// each from addresses of their own, with the query's defaults.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { query } from 'gamequery';

const CLIENTS = 50;

/** `serve-one.mjs <protocol>`: its `{ port, rconPort }`, `memory()` and `close()`. */
export async function responder(protocol) {
  const child = spawn(process.execPath, [new URL('./serve-one.mjs', import.meta.url).pathname, protocol], { stdio: ['pipe', 'pipe', 'inherit'] });
  const { port, rconPort } = await new Promise((resolve) => child.stdout.once('data', (d) => resolve(JSON.parse(String(d)))));
  return {
    port,
    rconPort,
    memory: () => ({
      rssKb: Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]),
      fds: readdirSync(`/proc/${child.pid}/fd`).length,
    }),
    close: () => {
      child.stdin.end();
      return new Promise((r) => child.on('exit', r));
    },
  };
}

/**
 * Fifty clients (127.2.0.1–50) querying `target` once a second each until `until` (ms,
 * `performance.now()`); an answer whose name is not `name` (when given) is counted wrong.
 */
export async function clients(protocol, target, until, name) {
  const results = [];
  await Promise.all(Array.from({ length: CLIENTS }, async (_, i) => {
    // Spread over the second, so the responder sees a steady trickle.
    await new Promise((r) => setTimeout(r, (i * 1000) / CLIENTS));
    const localAddress = `127.2.0.${i + 1}`;
    for (let next = performance.now(); performance.now() < until; next += 1000) {
      const t0 = performance.now();
      try {
        const s = await query(protocol, target, { localAddress });
        results.push({ ms: performance.now() - t0, ok: true, wrong: name !== undefined && s.name !== name });
      } catch (e) {
        results.push({ ms: performance.now() - t0, ok: false, code: e.code });
      }
      await new Promise((r) => setTimeout(r, Math.max(0, next + 1000 - performance.now())));
    }
  }));
  return summary(results);
}

/** Queries, answered, wrong, the answered ones' p50 / p99 / max in ms, and the errors' codes. */
function summary(results) {
  const ms = results.filter((r) => r.ok).map((r) => r.ms).sort((a, b) => a - b);
  const at = (q) => (ms.length ? Number(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1)) : null);
  const codes = {};
  for (const r of results) if (!r.ok) codes[r.code] = (codes[r.code] ?? 0) + 1;
  return { queries: results.length, answered: ms.length, wrong: results.filter((r) => r.wrong).length, p50: at(0.5), p99: at(0.99), max: at(1), codes };
}
