import { tenantEmailPage } from './email-list-query.js';

/**
 * Team access is always on (spec §2.2): the emails of every member of the caller's
 * organisation (as getOrganizationInboxes); outside any organisation, the caller's own.
 */
export const getOrganizationEmailsPaginated = tenantEmailPage(
  'getOrganizationEmailsPaginated', '/emails/organization',
  "Page through the organization's emails (every member's; the caller's own outside an organization)",
  true,
);
