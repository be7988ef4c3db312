import { operationsOf } from '../../../core/operation.js';
import { toDate } from '../../../core/dates.js';
import type { Services } from '../../services.js';

/** Declares a ContactController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
export const contactOperation = operationsOf<Services>('ContactController');
/** Declares a GroupController operation. */
export const groupOperation = operationsOf<Services>('GroupController');

/** The service's list query from a ContactsQuery or GroupsQuery. */
export const listQueryOf = (q: { page?: number; size?: number; sort?: 'ASC' | 'DESC'; since?: string; before?: string; search?: string }) => ({
  page: q.page, size: q.size, sort: q.sort, since: toDate(q.since), before: toDate(q.before), search: q.search,
});
