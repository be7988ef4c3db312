import { pagedInboxOperation } from './getAllInboxes.js';

export const getAllInboxesOffsetPaginated = pagedInboxOperation(
  '/inboxes/offset-paginated', 'getAllInboxesOffsetPaginated',
  'Page through inboxes by page index and size (same filters as getAllInboxes)',
);
