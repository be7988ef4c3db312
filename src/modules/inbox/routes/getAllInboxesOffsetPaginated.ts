import { pagedInboxRoute } from './getAllInboxes.js';

export const getAllInboxesOffsetPaginated = pagedInboxRoute(
  '/inboxes/offset-paginated', 'getAllInboxesOffsetPaginated',
  'Page through inboxes by page index and size (same filters as getAllInboxes)',
);
