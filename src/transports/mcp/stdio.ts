import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { httpApiCaller } from './api-caller.js';
import { createMcpServer } from './server.js';

/**
 * MCP over stdio for a desktop agent (`pigeonhole mcp`): the tools call the Pigeonhole server
 * at `url` over HTTP with `apiKey`. Standard output carries the protocol only. Resolves when
 * the agent closes the connection.
 */
export async function runStdioMcpServer(options: { url: string; apiKey: string; version: string }): Promise<void> {
  const server = createMcpServer(httpApiCaller(options.url, options.apiKey), options.version);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  // The SDK's stdio transport does not watch for the end of its input: an agent that quits closes it.
  process.stdin.once('end', () => void server.close());
  await server.connect(transport);
  await closed;
}
