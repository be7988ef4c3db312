#!/usr/bin/env node
import { Command, Option } from 'commander';
import { ConfigError, loadConfig } from '../config/config.js';
import { SETTINGS, type SettingKey } from '../config/settings.js';
import { systemClock } from '../core/clock.js';
import { AppError } from '../core/errors.js';
import { UserService } from '../modules/user/user.service.js';
import { migrateDatabase, openConfiguredStore, packageVersion, startServer, StartupError } from '../main.js';
import { startupBanner } from './banner.js';
import { loadMcpClientConfig } from '../config/mcp-client.js';
import { runStdioMcpServer } from '../transports/mcp/stdio.js';

const program = new Command('pigeonhole')
  .description('Self-hosted email and SMS testing service speaking the MailSlurp API')
  .version(packageVersion());

/** Every setting is a flag of each command that reads configuration, documented from one table. */
function withSettingFlags(command: Command): Command {
  for (const spec of SETTINGS) {
    const option = new Option(`${spec.flag} <value>`, `${spec.help} [env ${spec.env}]`);
    if (spec.default !== undefined) option.default(undefined, spec.default);
    command.addOption(option);
  }
  return command;
}

function configFrom(opts: Record<string, string | undefined>) {
  const flags: Partial<Record<SettingKey, string>> = {};
  for (const spec of SETTINGS) {
    const value = opts[spec.key];
    if (value !== undefined) flags[spec.key] = value;
  }
  return loadConfig(process.env, flags);
}

withSettingFlags(program.command('serve').description('start the service (HTTP API)'))
  .action(async (opts: Record<string, string | undefined>) => {
    const config = configFrom(opts);
    const server = await startServer(config);
    // One write, docs line last: whoever reads the banner gets all of it or none.
    process.stdout.write(startupBanner(server, config, packageVersion()));
    const stop = async (signal: string) => {
      server.app.log.info({ signal }, 'shutting down');
      await server.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  });

withSettingFlags(program.command('migrate').description('apply pending database migrations and exit'))
  .action(async (opts: Record<string, string | undefined>) => {
    const applied = await migrateDatabase(configFrom(opts));
    process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date\n');
  });

const user = program.command('user').description('manage users (tenants) and their API keys');
withSettingFlags(user.command('create').argument('<email>', "the user's email").description('create a user and print its API key'))
  .option('--name <name>', 'display name')
  .action(async (email: string, opts: Record<string, string | undefined>) => {
    const config = configFrom(opts);
    const store = await openConfiguredStore(config);
    try {
      const { key } = await new UserService(store.repos, systemClock).createUser({ email, name: opts.name });
      process.stdout.write(`${key.apiKey}\n`);
    } finally {
      await store.close();
    }
  });

program.command('mcp')
  .description('an MCP server on stdio for AI agents, acting on a Pigeonhole server with your API key')
  .option('--url <url>', 'base URL of the Pigeonhole server [env PIGEONHOLE_URL] (default: http://127.0.0.1:7080)')
  .option('--api-key <key>', 'the API key the tools act with [env PIGEONHOLE_API_KEY]')
  .action(async (opts: { url?: string; apiKey?: string }) => {
    const { url, apiKey } = loadMcpClientConfig(process.env, opts);
    await runStdioMcpServer({ url, apiKey, version: packageVersion() });
    process.exit(0);
  });

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof AppError || err instanceof StartupError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
