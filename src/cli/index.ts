#!/usr/bin/env node
// first: evaluated before every other module (see the module)
import './limit-heap-growth.js';
import { basename } from 'node:path';
import { Command, Option } from 'commander';
import { ConfigError, loadConfig } from '../config/config.js';
import { SETTINGS, type SettingKey } from '../config/settings.js';
import { AppError } from '../core/errors.js';
import { packageVersion } from '../core/version.js';
import { ApiError } from './api-client.js';
import { adminCommands } from './commands/admin.js';
import type { ClientContext } from './commands/client.js';
import { inboxCommands } from './commands/inbox.js';
import { mailCommands } from './commands/mail.js';
import { SENDMAIL_USAGE } from './sendmail/args.js';
import { runSendmail } from './sendmail/index.js';

// `sendmail` (through a link of that name, or as the first argument) has sendmail's own option
// syntax and exit codes, so it is run before commander parses anything.
const invokedAs = basename(process.argv[1] ?? '');
if (invokedAs === 'sendmail' || process.argv[2] === 'sendmail') {
  const args = process.argv.slice(invokedAs === 'sendmail' ? 2 : 3);
  runSendmail(args, {
    env: process.env, stdin: process.stdin,
    stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text),
  }).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`sendmail: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(70); // EX_SOFTWARE
    },
  );
} else {
  runProgram();
}

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

function runProgram(): void {
  const program = new Command('pigeonhole')
    .description('Self-hosted email and SMS testing service speaking the MailSlurp API')
    .version(packageVersion());
  // The server's code (Fastify, the databases, ...) is loaded only by the commands that run it,
  // so the client commands start in a fraction of the time.
  const main = () => import('../main.js');

  withSettingFlags(program.command('serve').description('start the service (HTTP API)'))
    .action(async (opts: Record<string, string | undefined>) => {
      const config = configFrom(opts);
      const [{ startServer }, { startupBanner }] = await Promise.all([main(), import('./banner.js')]);
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
      const applied = await (await main()).migrateDatabase(configFrom(opts));
      process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date\n');
    });

  program.command('sendmail')
    .description('read a message on standard input and submit it to a running server, as sendmail does (see sendmail --help)')
    .helpOption(false).allowUnknownOption().allowExcessArguments()
    .action(() => void process.stdout.write(SENDMAIL_USAGE));

  const context: ClientContext = { env: process.env, out: (text) => process.stdout.write(text) };
  inboxCommands(program, context);
  mailCommands(program, context);

  const user = program.command('user').description('manage users (tenants) and their API keys');
  withSettingFlags(user.command('create').argument('<email>', "the user's email").description('create a user and print its API key (opens the database directly)'))
    .option('--name <name>', 'display name')
    .action(async (email: string, opts: Record<string, string | undefined>) => {
      const config = configFrom(opts);
      const [{ openConfiguredStore }, { UserService }, { systemClock }] = await Promise.all([
        main(), import('../modules/user/user.service.js'), import('../core/clock.js'),
      ]);
      const store = await openConfiguredStore(config);
      try {
        const { key } = await new UserService(store.repos, systemClock).createUser({ email, name: opts.name });
        process.stdout.write(`${key.apiKey}\n`);
      } finally {
        await store.close();
      }
    });
  adminCommands(user, program, context);

  program.command('mcp')
    .description('an MCP server on stdio for AI agents, acting on a Pigeonhole server with your API key')
    .option('--url <url>', 'base URL of the Pigeonhole server [env PIGEONHOLE_URL] (default: http://127.0.0.1:7080)')
    .option('--api-key <key>', 'the API key the tools act with [env PIGEONHOLE_API_KEY]')
    .action(async (opts: { url?: string; apiKey?: string }) => {
      const [{ loadMcpClientConfig }, { runStdioMcpServer }] = await Promise.all([
        import('../config/mcp-client.js'), import('../transports/mcp/stdio.js'),
      ]);
      const { url, apiKey } = loadMcpClientConfig(process.env, opts);
      await runStdioMcpServer({ url, apiKey, version: packageVersion() });
      process.exit(0);
    });

  program.parseAsync(process.argv).catch((err: unknown) => {
    if (err instanceof ConfigError || err instanceof AppError || err instanceof ApiError || (err instanceof Error && err.name === 'StartupError')) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    }
    process.exit(1);
  });
}
