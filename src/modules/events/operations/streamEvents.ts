import { Type } from '@sinclair/typebox';
import { eventStreamOperation } from './define.js';

export const EventsQuery = Type.Object({
  inboxId: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { description: 'only these inboxes (repeatable)' })),
});

/**
 * GET /events: the caller's events as they happen, as text/event-stream. Not part of the
 * MailSlurp API (it has no streaming endpoint); for the dashboard and for scripts.
 */
export const streamEvents = eventStreamOperation({
  operationId: 'streamEvents', method: 'GET', path: '/events',
  summary: "Server-sent events of the caller's account: email.received, missed-email.recorded, delivery-status.created",
  query: EventsQuery,
  response: { type: 'string', description: 'text/event-stream' },
  handler: ({ tenantId, query }, { eventStream }) => eventStream.open(tenantId, query.inboxId),
});
