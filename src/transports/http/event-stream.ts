import type { OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EventStream } from '../../core/operation.js';

/** A comment line keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** Open streams per HTTP server, dropped at shutdown so closing does not wait on clients. */
const openStreams = new WeakMap<Server, Set<ServerResponse>>();

/** One server-sent event, framed per the EventSource spec (an id line, an event line, data). */
export function frame(id: number, name: string, payload: unknown): string {
  // JSON has no raw newlines, so the data fits the single data line the framing needs.
  return `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * Streams never finish by themselves; shutdown drops their connections (an ended response
 * would leave a keep-alive connection behind).
 */
export function closeStreamsOnShutdown(app: FastifyInstance): void {
  app.addHook('preClose', async () => {
    for (const res of openStreams.get(app.server) ?? []) res.destroy();
  });
}

/** Answers with text/event-stream and writes the stream's events until the client leaves. */
export function sendEventStream(reply: FastifyReply, stream: EventStream): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    // headers set before the handler (CORS) go out too: the reply is written by hand from here
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream
    'x-accel-buffering': 'no',
  });
  const server = reply.server.server;
  const open = openStreams.get(server) ?? new Set<ServerResponse>();
  openStreams.set(server, open);
  open.add(res);
  let id = 0;
  res.write(': connected\n\n');
  const unsubscribe = stream.open((name, payload) => {
    res.write(frame(++id, name, payload));
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  // The response's close is the connection's: the request's fires once its body is read.
  res.on('close', () => {
    open.delete(res);
    clearInterval(heartbeat);
    unsubscribe();
  });
}
