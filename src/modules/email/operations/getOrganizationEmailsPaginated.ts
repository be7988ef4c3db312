import { tenantEmailPage } from './email-list-query.js';

/**
 * Team access is always on and a user is its own organization (as getOrganizationInboxes),
 * so the organization's emails are the caller's own.
 */
export const getOrganizationEmailsPaginated = tenantEmailPage(
  'getOrganizationEmailsPaginated', '/emails/organization',
  "Page through the organization's emails (the caller's own: each user is its own organization)",
);
