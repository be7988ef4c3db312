import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../shared/schemas.js';
import { SendEmailOptions } from '../sending/sending.schemas.js';

/** Most inboxes one bulk call creates, deletes or sends from. */
export const BULK_MAX = 100;

export const BulkCreateInboxesQuery = Type.Object({
  count: Type.Integer({ minimum: 1, maximum: BULK_MAX, description: `how many inboxes to create, 1 to ${BULK_MAX}` }),
});

/** bulkDeleteInboxes' body: the inbox ids. */
export const InboxIdList = Type.Array(Uuid, { maxItems: BULK_MAX, description: `ids of the caller's inboxes, at most ${BULK_MAX}` });

export const BulkSendEmailOptions = Type.Object(
  {
    inboxIds: Type.Array(Uuid, { minItems: 1, maxItems: BULK_MAX, description: `inboxes to send from, 1 to ${BULK_MAX}` }),
    sendEmailOptions: Type.Ref(SendEmailOptions),
  },
  { $id: 'BulkSendEmailOptions', description: 'The same email sent once from each inbox' },
);
export type BulkSendEmailOptions = Static<typeof BulkSendEmailOptions>;

export const bulkActionsModelSchemas = [BulkSendEmailOptions];
