import type { TypedApp } from '../../inbox/routes/kit.js';
import type { TrackingService } from '../tracking.service.js';

export interface TrackingRouteDeps {
  tracking: TrackingService;
}
export type TrackingRoute = (app: TypedApp, deps: TrackingRouteDeps) => void;

export const TAG = ['TrackingController'];
export const INBOX_TAG = ['InboxController'];
export const SENT_TAG = ['SentEmailsController'];
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);

/** The service's query from a TrackingPixelsQuery. */
export const queryOf = (q: { page?: number; size?: number; sort?: 'ASC' | 'DESC'; searchFilter?: string; since?: string; before?: string }) => ({
  page: q.page, size: q.size, sort: q.sort, search: q.searchFilter, since: toDate(q.since), before: toDate(q.before),
});
