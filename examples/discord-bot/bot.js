// @ts-check
// A minimal bot around the `/status` command. DISCORD_TOKEN and DISCORD_APP_ID come from
// the environment; `node bot.js --register` publishes the command once.
import { Client, Events, GatewayIntentBits, REST, Routes } from 'discord.js';
import * as status from './status-command.js';

const token = process.env.DISCORD_TOKEN;
const appId = process.env.DISCORD_APP_ID;
if (!token || !appId) {
  console.error('set DISCORD_TOKEN and DISCORD_APP_ID');
  process.exit(2);
}

if (process.argv.includes('--register')) {
  await new REST().setToken(token).put(Routes.applicationCommands(appId), { body: [status.data.toJSON()] });
  console.log('registered /status');
  process.exit(0);
}

const client = new Client({ intents: [GatewayIntentBits.Guilds] });
client.on(Events.InteractionCreate, async (interaction) => {
  if (interaction.isAutocomplete() && interaction.commandName === status.data.name) {
    await status.autocomplete(interaction).catch((e) => console.error('autocomplete failed:', e));
  }
  if (interaction.isChatInputCommand() && interaction.commandName === status.data.name) {
    await status.execute(interaction).catch((e) => console.error('reply failed:', e));
  }
});
client.once(Events.ClientReady, (c) => console.log(`ready as ${c.user.tag}`));
await client.login(token);
