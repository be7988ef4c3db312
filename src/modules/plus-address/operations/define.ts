import { operationsOf } from '../../../core/operation.js';
import { toDate } from '../../../core/dates.js';
import type { Services } from '../../services.js';

/** Plus addresses are InboxController operations. */
export const plusAddressOperation = operationsOf<Services>('InboxController');

/** The service's page query from the operations' query. */
export const plusQueryOf = (q: { page?: number; size?: number; sort?: 'ASC' | 'DESC'; since?: string; before?: string }) => ({
  page: q.page, size: q.size, sort: q.sort, since: toDate(q.since), before: toDate(q.before),
});
