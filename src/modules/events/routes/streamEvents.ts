import type { ServerResponse } from 'node:http';
import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import type { TypedApp } from '../../inbox/routes/kit.js';
import type { EventBus } from '../../../events/bus.js';
import type { InboxService } from '../../inbox/inbox.service.js';
import { frame, streamTenantEvents } from '../event-stream.js';

/** A comment line keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export const EventsQuery = Type.Object({
  inboxId: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { description: 'only these inboxes (repeatable)' })),
});

/**
 * GET /events: the caller's events as they happen, as text/event-stream. Not part of the
 * MailSlurp API (it has no streaming endpoint); for the dashboard and for scripts.
 */
export function streamEvents(app: TypedApp, deps: { bus: EventBus; inboxes: InboxService }): void {
  // Streams never finish by themselves; shutdown drops their connections so closing does not
  // wait on clients (an ended response would leave a keep-alive connection behind).
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.destroy();
  });

  app.get('/events', {
    schema: {
      operationId: 'streamEvents', tags: ['EventStream'],
      summary: "Server-sent events of the caller's account: email.received, missed-email.recorded, delivery-status.created",
      querystring: EventsQuery,
      response: { 200: { type: 'string', description: 'text/event-stream' } },
    },
  }, async (request, reply) => {
    const { tenantId } = principalOf(request);
    const inboxIds = request.query.inboxId;
    // An inbox that is not the caller's is 404 before the stream opens, as everywhere else.
    for (const id of inboxIds ?? []) await deps.inboxes.get(tenantId, id);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream
      'x-accel-buffering': 'no',
    });
    open.add(res);
    let id = 0;
    res.write(': connected\n\n');
    const unsubscribe = streamTenantEvents(deps.bus, { tenantId, inboxIds: inboxIds ? new Set(inboxIds) : undefined }, (name, payload) => {
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
  });
}
