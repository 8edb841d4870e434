'use strict';
// Human output for the CLI: aligned fields, then a players table.

function table(rows, headers) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function fields(pairs) {
  const width = Math.max(...pairs.map(([k]) => k.length));
  return pairs.filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}

function printStatus(s) {
  const raw = s.raw ?? {};
  const host = s.address.includes(':') ? `[${s.address}]:${s.port}` : `${s.address}:${s.port}`;
  const pairs = [
    ['name', s.name],
    ['address', host],
    ['protocol', s.protocol + (raw.isOpenMp ? ' (open.mp)' : '')],
    ['mode', s.mode],
    ['map', s.map],
    ['version', s.version],
    ['language', raw.info?.language],
    ['players', `${s.players.online}/${s.players.max}`],
    ['password', s.password ? 'yes' : 'no'],
    ['ping', s.pingMs != null ? `${s.pingMs} ms${raw.latencySource === 'info' ? ' (from the info reply)' : ''}` : undefined],
    ['encoding', raw.encoding],
  ];
  if (raw.openMp) {
    pairs.push(['discord', raw.openMp.discord], ['banner', raw.openMp.lightBanner], ['logo', raw.openMp.logo]);
  }
  console.log(fields(pairs));
  if (raw.rules && Object.keys(raw.rules).length) {
    console.log('\nrules');
    console.log(fields(Object.entries(raw.rules).map(([k, v]) => [`  ${k}`, v])));
  }
  const list = s.players.list;
  if (list.length) {
    const detailed = list.some((p) => p.ping !== undefined);
    const rows = list.map((p) => (detailed ? [Number(p.id), p.name, p.score, p.ping] : [p.name, p.score]));
    console.log(`\nplayers (${list.length})`);
    console.log(table(rows, detailed ? ['id', 'name', 'score', 'ping'] : ['name', 'score']));
  } else if (raw.playersWithheld) {
    console.log(`\nplayers: none listed (${raw.playersWithheld})`);
  }
  for (const w of raw.warnings ?? []) console.log(`warning: ${w}`);
}

module.exports = { printStatus };
