import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ConnectionCounter } from '../connection-limits.js';

export interface HttpConnectionSettings {
  /** open connections per source address; 0 = no limit */
  perSource: number;
  /** open connections in all; 0 = no limit */
  total: number;
  /** ms a connection may sit before its first request (between requests: the server's keepAliveTimeout) */
  idleTimeoutMs: number;
}

/**
 * Caps and idle timeout for the HTTP listener. A connection over a cap is answered 503 (a
 * plain HTTP answer written at once, so the client sees why) and closed. A connection that
 * sends no request within `idleTimeoutMs` is closed by Node's own socket timeout handling
 * (no request, no response: it destroys the socket). Once a request is in, the timer is off:
 * a held wait-for or an /events stream is active however long it is silent; after its
 * response Node arms keepAliveTimeout for the wait before the next request.
 */
export function limitHttpConnections(server: Server, settings: HttpConnectionSettings): ConnectionCounter {
  const counter = new ConnectionCounter({ perSource: settings.perSource, total: settings.total });
  server.on('connection', (socket: Socket) => {
    const admitted = counter.admit(socket.remoteAddress);
    if ('reason' in admitted) return refuse(socket, admitted.reason);
    socket.once('close', admitted.release);
    socket.setTimeout(settings.idleTimeoutMs);
  });
  server.on('request', (request) => request.socket.setTimeout(0));
  return counter;
}

function refuse(socket: Socket, reason: string): void {
  const body = JSON.stringify({ timestamp: new Date().toISOString(), status: 503, error: 'Service Unavailable', message: reason, path: '' });
  socket.on('error', () => socket.destroy());
  socket.end([
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Retry-After: 1',
    'Connection: close',
    '',
    body,
  ].join('\r\n'));
}
