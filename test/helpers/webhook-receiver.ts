import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** the raw body, exactly as sent (signatures are over these bytes) */
  body: string;
  json: Record<string, unknown>;
  receivedAt: number;
}

/**
 * A real local HTTP receiver for webhook deliveries. Every request is recorded; `respond`
 * decides the status (200 by default). Tests wait on requests, never on time: `waitFor`
 * resolves once `count` requests (matching `filter`) have arrived.
 */
export interface WebhookReceiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  respond: (request: ReceivedRequest) => number;
  /** hold each answer this long (a slow receiver keeps deliveries in flight) */
  answerDelayMs: number;
  waitFor(count: number, filter?: (r: ReceivedRequest) => boolean): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    requests,
    respond: () => 200,
    answerDelayMs: 0,
    waitFor(count, filter = () => true) {
      return new Promise((resolve) => {
        const check = () => {
          const matching = requests.filter(filter);
          if (matching.length < count) return false;
          waiters.delete(check);
          resolve(matching);
          return true;
        };
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // not JSON (a body template); tests read `body`
      }
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json, receivedAt: performance.now() };
      requests.push(request);
      res.statusCode = receiver.respond(request);
      for (const check of [...waiters]) check();
      const answer = () => res.end(res.statusCode < 300 ? 'ok' : `status ${res.statusCode}`);
      if (receiver.answerDelayMs > 0) setTimeout(answer, receiver.answerDelayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}
