#!/usr/bin/env node
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { ConfigError, loadConfig } from '../config/config.js';
import { SETTINGS, type SettingKey } from '../config/settings.js';
import { systemClock } from '../core/clock.js';
import { AppError } from '../core/errors.js';
import { UserService } from '../modules/user/user.service.js';
import { ADMIN_KEY_FILE, migrateDatabase, openConfiguredStore, packageVersion, startServer } from '../main.js';

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
    const { url } = server;
    // One write, docs line last: whoever reads the banner gets all of it or none.
    const banner = [`Pigeonhole ${packageVersion()} listening on ${url} (database: ${server.store.dialect})`];
    if (server.generatedAdminKey) {
      banner.push(
        '',
        `Generated the admin API key (shown once; also saved to ${join(config.dataDir, ADMIN_KEY_FILE)}):`,
        `  ${server.generatedAdminKey}`,
        '',
      );
    }
    banner.push(`API docs: ${url}/docs`);
    process.stdout.write(`${banner.join('\n')}\n`);
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

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof AppError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
