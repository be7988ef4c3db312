import { ConfigError } from './config.js';

/** What `pigeonhole mcp` (the stdio MCP server) needs: the server to call and the key to act with. */
export interface McpClientConfig {
  /** base URL of the Pigeonhole HTTP API */
  url: string;
  apiKey: string;
}

export const DEFAULT_MCP_URL = 'http://127.0.0.1:7080';

/**
 * `--url` or PIGEONHOLE_URL (default the local server), `--api-key` or PIGEONHOLE_API_KEY (the
 * caller's key, not necessarily an admin key: the tools can do what the key can).
 */
export function loadMcpClientConfig(
  env: Record<string, string | undefined> = process.env,
  flags: { url?: string; apiKey?: string } = {},
): McpClientConfig {
  const problems: string[] = [];
  const rawUrl = (flags.url ?? env.PIGEONHOLE_URL ?? DEFAULT_MCP_URL).trim();
  let url = rawUrl.replace(/\/+$/, '');
  try {
    const parsed = new URL(rawUrl);
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.search || parsed.hash) throw new Error('not a base URL');
  } catch {
    problems.push(`--url / PIGEONHOLE_URL must be the http:// or https:// base URL of a Pigeonhole server (got "${rawUrl}")`);
    url = '';
  }
  const apiKey = (flags.apiKey ?? env.PIGEONHOLE_API_KEY ?? '').trim();
  if (apiKey === '') problems.push('an API key is needed: --api-key <key> or PIGEONHOLE_API_KEY');
  if (problems.length > 0) throw new ConfigError(problems);
  return { url, apiKey };
}
