'use strict';
// Human output for the CLI: aligned fields, then a players table.

/** Server text may carry terminal control sequences: drop C0 (but newline where kept), DEL and C1. */
function clean(value, keepNewlines = false) {
  const text = String(value);
  return keepNewlines ? text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '') : text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

function table(rows, headers) {
  rows = rows.map((r) => r.map((c) => (typeof c === 'number' ? c : clean(c ?? ''))));
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Milliseconds as people read them: 0.42 ms on a LAN, 87 ms across the world. */
function ms(value) {
  return `${value < 10 ? value.toFixed(2) : Math.round(value)} ms`;
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

/** Any protocol's Status, for one that has no fields of its own below. */
function statusFields(s) {
  return [
    ['name', s.name],
    ['protocol', s.protocol],
    ['mode', s.mode],
    ['map', s.map],
    ['version', s.version],
    ['players', `${s.players.online}/${s.players.max}${s.players.bots ? ` (${s.players.bots} of them bots)` : ''}`],
    ['password', s.password ? 'yes' : 'no'],
    ['ping', s.pingMs != null ? ms(s.pingMs) : undefined],
  ];
}

function sampFields(s) {
  const raw = s.raw;
  const pairs = [
    ['name', s.name],
    ['protocol', `samp${raw.isOpenMp ? ' (open.mp)' : ''}`],
    ['mode', s.mode],
    ['map', s.map],
    ['version', s.version],
    ['language', raw.info?.language],
    ['players', `${s.players.online}/${s.players.max}`],
    ['password', s.password ? 'yes' : 'no'],
    ['ping', s.pingMs != null ? `${ms(s.pingMs)}${raw.latencySource === 'info' ? ' (from the info reply)' : ''}` : undefined],
    ['encoding', raw.encoding],
  ];
  if (raw.openMp) pairs.push(['discord', raw.openMp.discord], ['banner', raw.openMp.lightBanner], ['logo', raw.openMp.logo]);
  return pairs;
}

function minecraftFields(s, color) {
  const raw = s.raw;
  const motd = color ? raw.motd.ansi : clean(raw.motd.plain, true);
  const via = raw.latencySource === 'status' ? ' (status round trip)' : '';
  const pairs = [
    ['motd', motd],
    ['protocol', s.protocol + (raw.legacy ? ' (legacy ping fallback)' : '') + (raw.variant ? ` (${raw.variant} reply)` : '')],
    ['version', s.version != null ? `${s.version}${raw.version?.protocol != null ? ` (protocol ${raw.version.protocol})` : raw.protocol != null ? ` (protocol ${raw.protocol})` : ''}` : undefined],
    ['players', `${s.players.online}/${s.players.max}`],
    ['ping', s.pingMs != null ? `${ms(s.pingMs)}${via}` : undefined],
    ['srv', raw.srv ? `${raw.srv.target}:${raw.srv.port}` : undefined],
    ['favicon', raw.favicon ? `${raw.favicon.mimeType}, ${raw.favicon.byteLength} bytes` : undefined],
    ['forge', raw.forge ? `FML${raw.forge.fml}, ${raw.forge.mods.length} mods` : undefined],
    ['secure chat', raw.enforcesSecureChat != null ? (raw.enforcesSecureChat ? 'enforced' : 'not enforced') : undefined],
  ];
  return pairs;
}

function bedrockFields(s, color) {
  const raw = s.raw;
  const render = (m) => (m ? (color ? m.ansi : clean(m.plain, true)) : undefined);
  return [
    ['motd', render(raw.motd)],
    ['protocol', `minecraft-bedrock (${raw.edition === 'MCEE' ? 'Education Edition' : raw.edition})`],
    ['version', s.version != null ? `${s.version}${raw.protocol != null ? ` (protocol ${raw.protocol})` : ''}` : undefined],
    ['world', raw.levelName?.plain ? render(raw.levelName) : undefined],
    ['mode', s.mode],
    ['players', `${s.players.online}/${s.players.max}`],
    ['ping', s.pingMs != null ? ms(s.pingMs) : undefined],
    ['ports', raw.portV4 != null ? `IPv4 ${raw.portV4}${raw.portV6 > 0 ? `, IPv6 ${raw.portV6}` : ''}` : undefined],
    ['server guid', raw.serverGuid],
  ];
}

function queryFields(s, color) {
  const raw = s.raw;
  return [
    ['motd', color ? raw.motd.ansi : clean(raw.motd.plain, true)],
    ['protocol', `minecraft-query (${raw.full ? 'full' : 'basic'} stat)`],
    ['version', s.version],
    ['software', raw.serverMod],
    ['plugins', raw.pluginList?.length ? raw.pluginList.join(', ') : undefined],
    ['map', s.map],
    ['players', `${s.players.online}/${s.players.max}`],
    ['ping', s.pingMs != null ? ms(s.pingMs) : undefined],
    ['game port', raw.hostPort],
  ];
}

/** `query('minecraft')`: the edition that answered first in the fields, both named. */
function raceFields(s, color) {
  const raw = s.raw;
  const edition = raw.java ? { ...s, protocol: 'minecraft-java', raw: raw.java } : { ...s, protocol: 'minecraft-bedrock', raw: raw.bedrock };
  const pairs = raw.java ? minecraftFields(edition, color) : bedrockFields(edition, color);
  pairs.splice(1, 1, ['editions', raw.editions.join(' + ') + (raw.query ? ' (+ Query full stat)' : '')]);
  for (const [part, e] of Object.entries(raw.errors)) pairs.push([`no ${part}`, `${e.code}: ${e.message}`]);
  return pairs;
}

function a2sFields(s) {
  const raw = s.raw;
  const info = raw.info ?? raw.goldSrc;
  const bots = s.players.bots ? ` (${s.players.bots} of them bots)` : '';
  return [
    ['name', s.name],
    ['protocol', `a2s${raw.goldSrc ? ' (GoldSrc)' : ` (protocol ${info.protocol})`}`],
    ['game', `${s.mode ?? ''} (${info.folder}${raw.info?.appId ? `, app ${raw.info.appId}` : ''})`],
    ['map', s.map],
    ['players', `${s.players.online}/${s.players.max}${bots}`],
    ['version', s.version],
    ['password', s.password ? 'yes' : undefined],
    ['VAC', info.vac ? 'secured' : undefined],
    ['game port', raw.info?.gamePort],
    ['keywords', raw.info?.keywords],
    ['ping', s.pingMs != null ? ms(s.pingMs) : undefined],
  ];
}

function sqpFields(s) {
  const raw = s.raw;
  return [
    ['name', s.name],
    ['protocol', `sqp (version ${raw.version})`],
    ['mode', s.mode],
    ['map', s.map],
    ['build', s.version],
    ['players', raw.info ? `${s.players.online}/${s.players.max}` : undefined],
    ['game port', raw.info?.port],
    ['ping', s.pingMs != null ? ms(s.pingMs) : undefined],
    ['metrics', raw.metrics?.join(', ')],
    ['missing', raw.missing?.length ? `${raw.missing.join(', ')} (requested, not sent)` : undefined],
  ];
}

function records(title, r) {
  if (!r || r.records.length === 0) return;
  console.log(`\n${title} (${r.records.length})`);
  console.log(table(r.records.map((rec) => r.fields.map((f) => rec[f.name])), r.fields.map((f) => f.name)));
}

/** Prints a Status for people; `color`: ANSI colours (the MOTD's own). */
function printStatus(s, { color = false } = {}) {
  const raw = s.raw ?? {};
  const host = s.address.includes(':') ? `[${s.address}]:${s.port}` : `${s.address}:${s.port}`;
  const byProtocol = { samp: sampFields, sqp: sqpFields, a2s: a2sFields, 'minecraft-java': minecraftFields, 'minecraft-legacy': minecraftFields, 'minecraft-bedrock': bedrockFields, 'minecraft-query': queryFields, minecraft: raceFields };
  const pairs = (byProtocol[s.protocol] ?? statusFields)(s, color);
  pairs.splice(1, 0, ['address', host]);
  console.log(fields(pairs));
  if ((s.protocol === 'samp' || s.protocol === 'a2s') && raw.rules && Object.keys(raw.rules).length) {
    console.log('\nrules');
    console.log(fields(Object.entries(raw.rules).map(([k, v]) => [`  ${k}`, v])));
  }
  if (s.protocol === 'sqp') {
    if (raw.rules && Object.keys(raw.rules).length) {
      console.log('\nrules');
      console.log(fields(Object.entries(raw.rules).map(([k, v]) => [`  ${k}`, `${v.value} (${v.type})`])));
    }
    records('players', raw.players);
    records('teams', raw.teams);
    return;
  }
  const list = s.players.list;
  if (list.length) {
    console.log(`\nplayers (${list.length}${s.players.partial ? ` of ${s.players.online}` : ''})`);
    if (s.protocol === 'samp') {
      const detailed = list.some((p) => p.ping !== undefined);
      const rows = list.map((p) => (detailed ? [Number(p.id), p.name, p.score, p.ping] : [p.name, p.score]));
      console.log(table(rows, detailed ? ['id', 'name', 'score', 'ping'] : ['name', 'score']));
    } else if (s.protocol === 'a2s') {
      const time = (sec) => `${Math.floor(sec / 60)}m${String(Math.floor(sec % 60)).padStart(2, '0')}s`;
      console.log(table(raw.players.map((p) => [p.name, p.score, time(p.duration)]), ['name', 'score', 'time']));
    } else {
      const ids = list.some((p) => p.id !== undefined);
      console.log(table(list.map((p) => (ids ? [p.name, p.id ?? ''] : [p.name])), ids ? ['name', 'id'] : ['name']));
    }
  } else if (raw.playersWithheld) {
    console.log(`\nplayers: none listed (${raw.playersWithheld})`);
  }
  for (const w of raw.warnings ?? []) console.log(`warning: ${w}`);
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
