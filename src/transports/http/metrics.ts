import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerMetrics } from '../metrics.js';

/**
 * Counts every answered request by its route TEMPLATE (`/inboxes/:inboxId`, as Fastify
 * matched it), never the raw URL: ids in paths would make one series per id. A request no
 * route matched is 'unmatched'. Serves `GET /metrics` on the API port too, unless
 * `ownPort` (PIGEONHOLE_METRICS_PORT moves it to a listener of its own).
 */
export function registerMetrics(app: FastifyInstance, metrics: ServerMetrics, options: { route: boolean }): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    done();
  });
  if (!options.route) return;
  // Outside the API key's context: Prometheus scrapes with its own token (PIGEONHOLE_METRICS_TOKEN) or none.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const answer = await metrics.scrape(request.headers.authorization);
    return reply.status(answer.status).type(answer.contentType).send(answer.body);
  });
}

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own (PIGEONHOLE_METRICS_PORT), a bare node:http server:
 * nothing else is served there, so it can be opened to a monitoring network alone.
 */
export async function startMetricsListener(host: string, port: number, metrics: ServerMetrics): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not Found', message: 'only GET /metrics is served on this port' }));
      return;
    }
    metrics.scrape(request.headers.authorization).then(
      (answer) => response.writeHead(answer.status, { 'content-type': answer.contentType }).end(request.method === 'HEAD' ? undefined : answer.body),
      () => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Internal Server Error', message: 'collecting the metrics failed' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
