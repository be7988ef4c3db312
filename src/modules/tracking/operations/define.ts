import { operationsOf } from '../../../core/operation.js';
import { toDate } from '../../../core/dates.js';
import type { Services } from '../../services.js';

/** Declares a TrackingController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const trackingOperation = operationsOf<Services>('TrackingController');
/** InboxController.listInboxTrackingPixels lives here, with the pixels. */
export const inboxTrackingOperation = operationsOf<Services>('InboxController');
/** The SentEmailsController pixel lists. */
export const sentTrackingOperation = operationsOf<Services>('SentEmailsController');

/** The service's query from a TrackingPixelsQuery. */
export const queryOf = (q: { page?: number; size?: number; sort?: 'ASC' | 'DESC'; searchFilter?: string; since?: string; before?: string }) => ({
  page: q.page, size: q.size, sort: q.sort, search: q.searchFilter, since: toDate(q.since), before: toDate(q.before),
});
