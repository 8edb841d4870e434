'use strict';
// Human output for the CLI: what the core's describeStatus says about a status (its fields,
// rules, players), aligned for a terminal with the server's text cleaned of control codes.

/** Server text may carry terminal control sequences: drop C0 (but newline where kept), DEL and C1. */
function clean(value, keepNewlines = false) {
  const text = String(value);
  return keepNewlines ? text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '') : text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

function table(rows, headers) {
  rows = rows.map((r) => r.map((c) => (typeof c === 'number' ? c : clean(c ?? ''))));
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  // A column of numbers is right-aligned whether the protocol sends them as numbers or as
  // text (GameSpy's scores, Quake's pings): every protocol's table reads alike.
  // (UT99 pads its pings with a space: ` 48`.)
  const number = (c) => typeof c === 'number' || /^\s*-?\d+(\.\d+)?\s*$/.test(c);
  const numeric = headers.map((_, i) => rows.some((r) => r[i] !== '') && rows.every((r) => r[i] === '' || number(r[i])));
  const cell = (c, i) => (numeric[i] ? String(c).trim().padStart(widths[i]) : String(c).padEnd(widths[i]));
  const line = (cells, header = false) => cells.map((c, i) => (header ? String(c).padEnd(widths[i]) : cell(c, i))).join('  ').trimEnd();
  return [line(headers, true), line(widths.map((w) => '-'.repeat(w)), true), ...rows.map((r) => line(r))].join('\n');
}

function fields(pairs) {
  const width = Math.max(...pairs.map(([k]) => k.length));
  const hang = `\n${' '.repeat(width + 2)}`;
  return pairs
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    // The MOTD may span lines; in colour it is core's ANSI rendering, already cleaned.
    .map(([k, v]) => [k, k === 'motd' ? String(v) : clean(v)])
    .map(([k, v]) => `${clean(k).padEnd(width)}  ${v.split('\n').join(hang)}`)
    .join('\n');
}

/** Prints a Status for people, as the core describes it; `color`: ANSI colours (the MOTD's own). */
function printStatus(s, { color = false } = {}) {
  const { describeStatus } = require('../index.js');
  const d = describeStatus(s, { color });
  const host = s.address.includes(':') ? `[${s.address}]:${s.port}` : `${s.address}:${s.port}`;
  d.fields.splice(1, 0, ['address', host]);
  console.log(fields(d.fields));
  for (const section of d.sections) {
    console.log(`\n${section.title}`);
    console.log(section.headers ? table(section.rows, section.headers) : fields(section.fields));
  }
  for (const note of d.notes) console.log(`\n${note}`);
  for (const w of d.warnings) console.log(`warning: ${w}`);
}

/** A hex dump of one traced datagram or chunk, for `--debug`. */
function hexDump(event) {
  const head = `${event.direction === 'send' ? '→' : '←'} ${event.address.includes(':') ? `[${event.address}]` : event.address}:${event.port}  ${event.bytes.length} bytes  +${event.time.toFixed(1)} ms`;
  const lines = [head];
  for (let at = 0; at < event.bytes.length; at += 16) {
    const row = event.bytes.subarray(at, at + 16);
    const hex = [...row].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const text = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`  ${at.toString(16).padStart(4, '0')}  ${hex.padEnd(47)}  ${text}`);
  }
  return lines.join('\n');
}

module.exports = { printStatus, clean, hexDump };
