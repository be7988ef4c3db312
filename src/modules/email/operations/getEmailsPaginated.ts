import { tenantEmailPage } from './email-list-query.js';

export const getEmailsPaginated = tenantEmailPage(
  'getEmailsPaginated', '/emails',
  "Page through the caller's emails, optionally of some inboxes, unread, favourite or matching a search",
);
