import { bulkCreateInboxes } from './bulkCreateInboxes.js';
import { bulkDeleteInboxes } from './bulkDeleteInboxes.js';
import { bulkSendEmails } from './bulkSendEmails.js';

/** BulkActionsController: many inboxes at once, through InboxService and SendingService. */
export const bulkActionsOperations = [bulkCreateInboxes, bulkDeleteInboxes, bulkSendEmails];
