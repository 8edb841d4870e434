// @ts-check
// `/status game address`: defer at once (Discord allows 3 s for the first answer), query
// within a deadline that fits that promise, and say what went wrong in words a player
// understands rather than an error code.
import { EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import { isGameQueryError, query } from 'gamequery';

/** @typedef {import('gamequery').QueryProtocol} Protocol */
/** @typedef {import('gamequery').AnyStatus} AnyStatus */

export const data = new SlashCommandBuilder()
  .setName('status')
  .setDescription('Is the game server up, and who is on it?')
  .addStringOption((o) =>
    o
      .setName('game')
      .setDescription('What kind of server')
      .setRequired(true)
      .addChoices(
        { name: 'SA:MP / open.mp', value: 'samp' },
        { name: 'Minecraft Java', value: 'minecraft-java' },
        { name: 'Minecraft (before 1.7)', value: 'minecraft-legacy' },
        { name: 'Minecraft Bedrock', value: 'minecraft-bedrock' },
        { name: 'Minecraft (Query, full player list)', value: 'minecraft-query' },
        { name: 'Unity SQP', value: 'sqp' },
        { name: 'Valve (Source / GoldSrc)', value: 'a2s' },
      ),
  )
  .addStringOption((o) => o.setName('address').setDescription('host:port, e.g. play.example.org:7777').setRequired(true));

/** @type {Record<string, string>} */
const GAME_NAMES = {
  samp: 'SA:MP / open.mp',
  'minecraft-java': 'Minecraft',
  'minecraft-legacy': 'Minecraft',
  'minecraft-bedrock': 'Minecraft Bedrock',
  'minecraft-query': 'Minecraft',
  sqp: 'SQP',
  a2s: 'Valve',
};

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
      return `${address} is reachable, but nothing is listening on that port: the server is down or the port is wrong.`;
    case 'GQ_WRONG_PROTOCOL':
      return `${address} answered, but it is not a ${GAME_NAMES[game] ?? game} server. Is the port right?`;
    case 'GQ_DNS':
      return `I could not find ${address}: check the host name.`;
    case 'GQ_INVALID_ARGUMENT':
      return `"${address}" is not an address I can query; write it as host:port.`;
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
  return embed;
}

/**
 * @param {import('discord.js').ChatInputCommandInteraction} interaction
 * @param {{ timeout?: number }} [options] the whole query's budget, ms
 */
export async function execute(interaction, { timeout = 2500 } = {}) {
  await interaction.deferReply();
  const game = /** @type {Protocol} */ (interaction.options.getString('game', true));
  const address = interaction.options.getString('address', true);
  try {
    const status = await query(game, address, { timeout });
    await interaction.editReply({ embeds: [embedFor(status)] });
  } catch (error) {
    await interaction.editReply({ content: sentenceFor(error, address, game) });
  }
}
