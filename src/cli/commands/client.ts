/**
 * What every command that talks to a running server over HTTP shares: the flags naming the
 * server and the key, the client built from them, and output as a table or as the API's JSON.
 */
import type { Command } from 'commander';
import { httpTarget } from '../../config/client.js';
import { apiClient, apiKeyFor, type ApiClient } from '../api-client.js';

export interface ClientFlags {
  url?: string;
  host?: string;
  httpPort?: string;
  apiKey?: string;
  dataDir?: string;
  json?: boolean;
}

export interface ClientContext {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
}

export function withClientFlags(command: Command, admin = false): Command {
  return command
    .option('--url <url>', 'base URL of the server\'s HTTP API (default http://{--host}:{--http-port})')
    .option('--host <host>', 'the server\'s bind address [env PIGEONHOLE_HOST, default 127.0.0.1; 0.0.0.0 is reached on 127.0.0.1]')
    .option('--http-port <port>', 'the server\'s HTTP port [env PIGEONHOLE_HTTP_PORT, default 7080]')
    .option('--api-key <key>', admin
      ? 'an admin API key [env PIGEONHOLE_API_KEY; default: the admin-api-key serve saved in --data-dir]'
      : 'API key [env PIGEONHOLE_API_KEY]')
    .option('--data-dir <dir>', 'the server\'s data directory, for its saved admin key [env PIGEONHOLE_DATA_DIR, default ./data]')
    .option('--json', 'print the API\'s JSON instead of a table');
}

export function clientFrom(flags: ClientFlags, context: ClientContext, admin = false): ApiClient {
  const target = httpTarget(context.env, flags);
  // A user's own key works for every command; the saved admin key is only a default where admin is needed.
  return apiClient(target.url, apiKeyFor(target, admin));
}

/** The API's JSON with --json, else the human form. */
export function output(flags: ClientFlags, context: ClientContext, json: unknown, human: () => string): void {
  context.out(flags.json ? `${JSON.stringify(json, null, 2)}\n` : human());
}
