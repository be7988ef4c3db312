import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Stopping the HTTP server waits for its connections to end. Node closes the keep-alive ones
 * between requests itself, but not a connection that has not finished sending a request: one
 * that sent nothing yet (a browser's preconnect, a pooled client's spare socket) or half a
 * request. Those held a stop for Node's headers timeout (a minute). At shutdown every
 * connection with no request in progress is closed at once; one with a request in progress
 * answers it (with `Connection: close` when its headers are not out yet) and is closed after.
 */
export function closeIdleOnShutdown(app: FastifyInstance): void {
  const server: Server = app.server;
  /** the responses in progress on each open connection (more than one when a client pipelines) */
  const connections = new Map<Socket, Set<ServerResponse>>();
  let closing = false;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, new Set());
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request, response: ServerResponse) => {
    const socket = request.socket;
    const responses = connections.get(socket);
    if (!responses) return;
    responses.add(response);
    if (closing) response.shouldKeepAlive = false;
    response.once('close', () => {
      responses.delete(response);
      if (closing && responses.size === 0) socket.destroySoon();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const [socket, responses] of connections) {
      if (responses.size === 0) socket.destroy();
      for (const response of responses) if (!response.headersSent) response.shouldKeepAlive = false;
    }
  });
}
