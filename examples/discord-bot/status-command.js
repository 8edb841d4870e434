// @ts-check
// `/status game address`: defer at once (Discord allows 3 s for the first answer), query
// within a deadline that fits that promise, and say what went wrong in words a player
// understands rather than an error code. `game` is any game gamequery can query (Rust,
// CS2, V Rising, Minecraft, SA:MP … with autocomplete over its games table) or a
// protocol's name; the address is what players type (the game port): the query port is
// found from the game's rule.
import { EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import { games, isGameQueryError, query, PROTOCOLS } from 'gamequery';

/** @typedef {import('gamequery').QueryGame} Game */
/** @typedef {import('gamequery').AnyStatus & { game?: import('gamequery').GameMatch }} AnyStatus */

export const data = new SlashCommandBuilder()
  .setName('status')
  .setDescription('Is the game server up, and who is on it?')
  .addStringOption((o) =>
    o.setName('game').setDescription('The game (start typing: Rust, Counter-Strike 2, Minecraft …)').setRequired(true).setAutocomplete(true),
  )
  .addStringOption((o) => o.setName('address').setDescription('What players connect to, e.g. play.example.org:28015').setRequired(true));

/** The games `query` takes, and the protocols' own names for servers of no listed game. */
const CHOICES = [
  ...Object.values(games).filter((g) => g.supported).map((g) => ({ name: g.name, value: g.id, search: `${g.name} ${g.id} ${g.oldIds.join(' ')}`.toLowerCase() })),
  ...PROTOCOLS.filter((p) => p !== 'source-rcon' && !(p in games)).map((p) => ({ name: `${p} (protocol)`, value: p, search: p })),
];

/**
 * Discord asks for choices as the user types (25 at most): names and ids that contain
 * every word typed, those that start with it first.
 * @param {string} typed
 */
export function choicesFor(typed) {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const found = CHOICES.filter((c) => words.every((w) => c.search.includes(w)));
  const first = words[0] ?? '';
  found.sort((a, b) => Number(!a.search.startsWith(first)) - Number(!b.search.startsWith(first)) || a.name.localeCompare(b.name));
  return found.slice(0, 25).map(({ name, value }) => ({ name: name.slice(0, 100), value }));
}

/** @param {import('discord.js').AutocompleteInteraction} interaction */
export async function autocomplete(interaction) {
  await interaction.respond(choicesFor(interaction.options.getFocused()));
}

/** @type {Record<string, string>} */
const PROTOCOL_NAMES = {
  samp: 'SA:MP / open.mp',
  'minecraft-java': 'Minecraft',
  'minecraft-legacy': 'Minecraft',
  'minecraft-bedrock': 'Minecraft Bedrock',
  'minecraft-query': 'Minecraft',
  sqp: 'SQP',
  a2s: 'Valve',
};

/** A game's name for people, from its id or a protocol's name. @param {string} game */
const nameOf = (game) => PROTOCOL_NAMES[game] ?? /** @type {Record<string, { name: string }>} */ (games)[game]?.name ?? game;

/**
 * A sentence for each way a query can fail.
 * @param {unknown} error
 * @param {string} address what the user typed
 * @param {string} game
 */
export function sentenceFor(error, address, game) {
  if (!isGameQueryError(error)) return `Something went wrong while asking ${address}; please try again.`;
  switch (error.code) {
    case 'GQ_TIMEOUT':
      return `${address} did not answer in time: the server is offline, or a firewall drops queries.`;
    case 'GQ_PORT_CLOSED':
      return error.candidates
        ? `${address} is reachable, but nothing is listening on ports ${error.candidates.map((c) => c.port).join(', ')}: the server is down or the address is wrong.`
        : `${address} is reachable, but nothing is listening on that port: the server is down or the port is wrong.`;
    case 'GQ_WRONG_PROTOCOL':
      return `${address} answered, but it is not a ${nameOf(game)} server. Is the port right?`;
    case 'GQ_DNS':
      return `I could not find ${address}: check the host name.`;
    case 'GQ_UNSUPPORTED_GAME':
      return `I cannot check ${nameOf(game)} servers yet.`;
    case 'GQ_INVALID_ARGUMENT':
      return /unknown protocol or game/.test(error.message)
        ? `I do not know the game "${game}"; pick one from the list.`
        : `"${address}" is not an address I can query; write it as host:port.`;
    case 'GQ_NETWORK':
      return `The connection to ${address} failed; try again in a moment.`;
    case 'GQ_ABORTED':
      return 'The query was cancelled.';
    default:
      return `${address} sent a reply I could not read (${error.code}).`;
  }
}

/** @param {AnyStatus} status */
export function embedFor(status) {
  const { players } = status;
  const names = players.list.map((p) => p.name).slice(0, 20);
  const more = players.online - names.length;
  const list = names.length ? names.join(', ') + (more > 0 ? ` and ${more} more` : '') : players.online ? 'not listed' : 'nobody';
  const embed = new EmbedBuilder()
    .setTitle(status.name || `${status.address}:${status.port}`)
    .addFields(
      // `online` counts bots too, as the list does; `bots` says how many (A2S), else null.
      { name: 'Players', value: `${players.online} / ${players.max}${players.bots ? ` (${players.bots} bot${players.bots === 1 ? '' : 's'})` : ''}`, inline: true },
      { name: 'Ping', value: status.pingMs == null ? 'unknown' : `${Math.round(status.pingMs)} ms`, inline: true },
      { name: 'Online', value: list.slice(0, 1024) },
    );
  if (status.map) embed.addFields({ name: 'Map', value: status.map, inline: true });
  if (status.version) embed.addFields({ name: 'Version', value: status.version, inline: true });
  // Where players join, and which port the query found the server on.
  embed.addFields({ name: 'Connect', value: status.connect, inline: true });
  if (status.game) embed.addFields({ name: 'Query port', value: String(status.game.queryPort), inline: true });
  return embed;
}

/**
 * @param {import('discord.js').ChatInputCommandInteraction} interaction
 * @param {{ timeout?: number }} [options] the whole query's budget, ms
 */
export async function execute(interaction, { timeout = 2500 } = {}) {
  await interaction.deferReply();
  const game = /** @type {Game} */ (interaction.options.getString('game', true));
  const address = interaction.options.getString('address', true);
  try {
    const status = await query(game, address, { timeout });
    await interaction.editReply({ embeds: [embedFor(status)] });
  } catch (error) {
    await interaction.editReply({ content: sentenceFor(error, address, game) });
  }
}
