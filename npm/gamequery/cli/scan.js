'use strict';
// `gamequery scan FILE|-`: many servers from a list, as qstat's -f does — lines of
// `game-or-protocol host[:port]` (or bare addresses with --game), run through queryMany,
// one NDJSON object (or CSV row) per server as it finishes; a progress bar on stderr when
// it is a terminal, and a summary there at the end.
const { createReadStream, readFileSync } = require('node:fs');
const { queryMany } = require('../index.js');

/** The list's servers: `{ line, query, target }` from `game host[:port]` lines (`#` comments, blank lines skipped). */
function parseList(text, game) {
  const items = [];
  const bad = [];
  for (const [k, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const words = line.split(/\s+/);
    if (game ? words.length === 1 : words.length === 2) {
      items.push({ line: k + 1, query: game ?? words[0], target: words.at(-1) });
    } else {
      bad.push({ line: k + 1, message: `line ${k + 1}: ${JSON.stringify(raw)} is not ${game ? '<host[:port]>' : '<game-or-protocol> <host[:port]>'}` });
    }
  }
  return { items, bad };
}

async function readInput(source) {
  if (source !== '-') return readFileSync(source, 'utf8');
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const CSV_COLUMNS = ['line', 'query', 'target', 'result', 'name', 'online', 'max', 'map', 'version', 'queryPort', 'connect', 'pingMs', 'error'];

function csvCell(value) {
  const text = value === undefined || value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(item, status, error) {
  const row = {
    line: item.line, query: item.query, target: item.target, result: error ? error.code : 'ok',
    name: status?.name, online: status?.players.online, max: status?.players.max, map: status?.map, version: status?.version,
    queryPort: status?.port, connect: status?.connect, pingMs: status?.pingMs, error: error?.message,
  };
  return CSV_COLUMNS.map((c) => csvCell(row[c])).join(',');
}

/** How each result counts in the summary. */
function kind(error) {
  if (!error) return 'answered';
  return { GQ_PORT_CLOSED: 'closed', GQ_TIMEOUT: 'silent', GQ_WRONG_PROTOCOL: 'wrong protocol' }[error.code] ?? 'other';
}

/** `done/total  answered  rate  ETA` on one line, redrawn. */
function progress(stream, total) {
  const started = performance.now();
  let last = 0;
  return {
    update(done, answered, force = false) {
      const now = performance.now();
      if (!force && now - last < 100) return;
      last = now;
      const seconds = (now - started) / 1000;
      const rate = done / Math.max(seconds, 0.001);
      const eta = done < total ? `ETA ${Math.ceil((total - done) / Math.max(rate, 0.001))} s` : 'done';
      const width = 24;
      const filled = Math.round((width * done) / Math.max(total, 1));
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}  ${answered} answered  ${rate.toFixed(0)}/s  ${eta}\x1b[K`);
    },
    end() {
      stream.write('\r\x1b[K');
    },
  };
}

async function scan(source, { game, csv, concurrency, timeout, retries }) {
  const { items, bad } = parseList(await readInput(source), game);
  if (items.length === 0 && bad.length === 0) {
    // Nothing to scan is nothing answered: most likely the wrong file (or an empty pipe).
    process.stderr.write('scan: the list has no servers (lines of `game-or-protocol host[:port]`)\n');
    return 1;
  }
  const out = process.stdout;
  if (csv) out.write(`${CSV_COLUMNS.join(',')}\n`);
  const counts = { answered: 0, closed: 0, silent: 0, 'wrong protocol': 0, other: 0, malformed: 0 };
  // A line that is no server is reported as its own result; the others are still scanned.
  for (const b of bad) {
    counts.malformed++;
    const error = { code: 'GQ_INVALID_ARGUMENT', message: b.message };
    out.write(csv ? `${csvRow({ line: b.line }, undefined, error)}\n` : `${JSON.stringify({ line: b.line, error })}\n`);
  }
  const bar = process.stderr.isTTY ? progress(process.stderr, items.length) : undefined;
  let done = 0;
  const summary = () => {
    const parts = Object.entries(counts).filter(([k, n]) => n > 0 || k === 'answered').map(([k, n]) => `${n} ${k}`);
    const unfinished = items.length - done;
    return `${items.length + bad.length} servers: ${parts.join(', ')}${unfinished ? `, ${unfinished} not finished` : ''}\n`;
  };
  // Ctrl-C: what was found so far, and how many were not finished.
  const interrupted = () => {
    bar?.end();
    process.stderr.write(summary());
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  const queries = items.map((item) => ({ protocol: item.query, target: item.target }));
  const byQuery = new Map(queries.map((q, k) => [q, items[k]]));
  for await (const { target: q, status, error } of queryMany(queries, { concurrency, timeout, retries })) {
    const item = byQuery.get(q);
    done++;
    counts[kind(error)]++;
    if (csv) out.write(`${csvRow(item, status, error)}\n`);
    else {
      const failure = error && { code: error.code, message: error.message, ...(error.candidates ? { candidates: error.candidates } : {}) };
      out.write(`${JSON.stringify({ line: item.line, query: item.query, target: item.target, ...(error ? { error: failure } : { status }) })}\n`);
    }
    bar?.update(done, counts.answered);
  }
  process.removeListener('SIGINT', interrupted);
  bar?.update(done, counts.answered, true);
  bar?.end();
  process.stderr.write(summary());
  // Nothing answered (of a list with servers): the scan failed.
  return items.length > 0 && counts.answered === 0 ? 1 : 0;
}

module.exports = { scan, parseList, progress };
