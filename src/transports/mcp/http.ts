import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../core/errors.js';
import { apiKeyFromHeaders } from '../api-key-header.js';
import type {} from '../route-config.js';
import type { InProcessApi } from './inject-caller.js';

/**
 * The MCP SDK and the tools (with zod, about 1.5 MB of code) load on the first MCP request:
 * a server that no agent talks to never holds them.
 */
const loadMcp = async () => ({
  ...(await import('@modelcontextprotocol/sdk/server/streamableHttp.js')),
  ...(await import('./server.js')),
});

export interface McpHttpOptions {
  version: string;
  /** origins whose pages may call the API (PIGEONHOLE_CORS_ORIGINS); '*' = any */
  corsOrigins: '*' | readonly string[];
  /** the API of this process, its hook listening in the API's context */
  api: InProcessApi;
}

/**
 * MCP over streamable HTTP at `/mcp`, registered inside the context that checks the API key
 * (so a missing or wrong key is the API's 401 JSON, counted by the failed-login throttle).
 *
 * Stateless: each POST gets a fresh server and transport, and nothing is kept between requests,
 * so any node of a cluster answers any request and no session needs expiring or binding to a
 * key. The tools need no server-initiated messages, so GET (a standalone event stream) and
 * DELETE (ending a session) are 405, as the protocol allows. A client that disconnects closes
 * the server, which aborts its tool calls and with them any held wait.
 *
 * The tools act through `inject` with the request's own key and address: every call is an API
 * call, under key scopes, team access, the rate limit and the audit log.
 *
 * DNS rebinding: a page that rebinds a name to this server cannot send the key (a header, never
 * a cookie), so it gets the 401; when CORS origins are configured, the SDK's Origin check also
 * refuses any other origin with 403, as CORS withholds their answers on the other routes.
 */
export async function mcpHttpRoutes(app: FastifyInstance, options: McpHttpOptions): Promise<void> {
  const originCheck = options.corsOrigins === '*' ? {} : { enableDnsRebindingProtection: true, allowedOrigins: [...options.corsOrigins] };

  app.post('/mcp', { schema: { hide: true }, config: { viaOperations: true } }, async (request, reply) => {
    // The auth hook also accepts ?apiKey=, but it removes the key from the query before handlers run.
    const apiKey = apiKeyFromHeaders(request.headers);
    if (!apiKey) throw unauthorized('MCP needs the API key in the x-api-key header or as Authorization: Bearer <key>');
    const { createMcpServer, StreamableHTTPServerTransport } = await loadMcp();
    const server = createMcpServer(options.api.caller(app, apiKey, request.ip), options.version);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, ...originCheck });
    reply.raw.once('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The transport writes the answer itself; the headers hooks set so far (CORS) go with it.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  const noSessions = { schema: { hide: true }, config: { viaOperations: true } };
  const methodNotAllowed = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.status(405).header('allow', 'POST').send({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'This MCP server is stateless: send every message with POST /mcp (no sessions, no standalone event stream)' },
      id: null,
    });
  app.get('/mcp', noSessions, methodNotAllowed);
  app.delete('/mcp', noSessions, methodNotAllowed);
}
