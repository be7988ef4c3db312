import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseBody, pathWithQuery, type ApiCaller } from './api-caller.js';

/** Names a call made through `inject`, so the hook below can find its abort signal. */
const CALL_HEADER = 'x-pigeonhole-mcp-call';

/**
 * Calls the API of this very process through Fastify's `inject` (the streamable HTTP MCP
 * endpoint): each call runs every hook and route a request over the network runs, with the MCP
 * caller's key and address, so nothing bypasses the API.
 *
 * Cancellation: light-my-request drops a call's abort signal once the request body has been
 * read (it listens only until the simulated request ends), so a held wait sent with a body
 * would never hear it. Instead each call is named by a random id in a header, and an onRequest
 * hook of the API's context (`listen`) destroys the simulated response when the call's signal
 * aborts: the response's 'close' is what a held wait listens to (transports/http/disconnect.ts),
 * exactly as when a client hangs up. Only ids of calls in flight here mean anything.
 */
export class InProcessApi {
  private readonly signals = new Map<string, AbortSignal>();

  /** Add to the context of the API's routes, before they are registered. */
  listen(api: FastifyInstance): void {
    api.addHook('onRequest', async (request, reply) => {
      const id = request.headers[CALL_HEADER];
      const signal = typeof id === 'string' ? this.signals.get(id) : undefined;
      if (!signal) return;
      const hangUp = () => reply.raw.destroy();
      if (signal.aborted) return hangUp();
      signal.addEventListener('abort', hangUp, { once: true });
      reply.raw.once('close', () => signal.removeEventListener('abort', hangUp));
    });
  }

  /** A caller acting with `apiKey`, seen by the API as coming from `remoteAddress`. */
  caller(app: FastifyInstance, apiKey: string, remoteAddress: string): ApiCaller {
    return {
      call: async (request) => {
        const headers: Record<string, string> = { 'x-api-key': apiKey, accept: 'application/json' };
        if (request.body !== undefined) headers['content-type'] = 'application/json';
        const id = request.signal ? randomUUID() : undefined;
        if (id) {
          request.signal!.throwIfAborted();
          headers[CALL_HEADER] = id;
          this.signals.set(id, request.signal!);
        }
        try {
          const response = await app.inject({
            method: request.method,
            url: pathWithQuery(request),
            headers,
            remoteAddress,
            ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
          });
          return { status: response.statusCode, body: parseBody(response.body) };
        } catch (err) {
          // A response destroyed by the abort rejects the inject: report the abort, not the symptom.
          request.signal?.throwIfAborted();
          throw err;
        } finally {
          if (id) this.signals.delete(id);
        }
      },
    };
  }
}
