import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { EventBus } from '../../../events/bus.js';
import type { InboxService } from '../../inbox/inbox.service.js';
import { streamEvents } from './streamEvents.js';

export interface EventsRouteDeps {
  bus: EventBus;
  inboxes: InboxService;
}

/** The live event stream (GET /events). */
export const eventsPlugin: FastifyPluginAsyncTypebox<EventsRouteDeps> = async (app, deps) => {
  streamEvents(app, deps);
};
