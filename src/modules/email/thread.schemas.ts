import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, StringEnum, Uuid } from '../shared/schemas.js';
import { EmailRecipients, Sender } from './email.schemas.js';

/** Wire models of conversation threads, with the official client's names and fields. */

const Address = {
  rawValue: Type.String(),
  emailAddress: Type.String(),
  name: Nullable(Type.String()),
};
export const SenderProjection = Type.Object(Address, { $id: 'SenderProjection' });
export const RecipientProjection = Type.Object(Address, { $id: 'RecipientProjection' });
export const EmailRecipientsProjection = Type.Object(
  {
    to: Type.Array(Type.Ref(RecipientProjection)),
    cc: Type.Array(Type.Ref(RecipientProjection)),
    bcc: Type.Array(Type.Ref(RecipientProjection)),
  },
  { $id: 'EmailRecipientsProjection' },
);

/** What a thread shows of its first message. */
const opening = {
  id: Uuid,
  userId: Uuid,
  inboxId: Nullable(Uuid),
  from: Nullable(Type.String()),
  to: Type.Array(Type.String()),
  cc: Nullable(Type.Array(Type.String())),
  bcc: Nullable(Type.Array(Type.String())),
  subject: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
};

export const EmailThreadDto = Type.Object(
  {
    ...opening,
    sender: Nullable(Type.Ref(Sender)),
    recipients: Nullable(Type.Ref(EmailRecipients)),
  },
  { $id: 'EmailThreadDto', description: 'A conversation: the subject and parties of its first message; updatedAt is its latest message' },
);

export const EmailThreadProjection = Type.Object(
  {
    ...opening,
    sender: Nullable(Type.Ref(SenderProjection)),
    recipients: Nullable(Type.Ref(EmailRecipientsProjection)),
    lastSender: Nullable(Type.Ref(SenderProjection)),
    lastFrom: Nullable(Type.String()),
    hasAttachments: Type.Boolean(),
    unread: Type.Boolean({ description: 'a received message of the thread is unread' }),
    messageCount: Type.Integer(),
    lastBodyExcerpt: Nullable(Type.String()),
    lastTextExcerpt: Nullable(Type.String()),
    lastCreatedAt: Nullable(DateTime),
  },
  { $id: 'EmailThreadProjection' },
);
export const PageEmailThreadProjection = PageOf(Type.Ref(EmailThreadProjection), 'PageEmailThreadProjection');

export const EmailThreadItem = Type.Object(
  {
    itemType: StringEnum(['RECEIVED_EMAIL', 'SENT_EMAIL']),
    entityId: Uuid,
    bodyExcerpt: Nullable(Type.String()),
    textExcerpt: Nullable(Type.String()),
    subject: Nullable(Type.String()),
    to: Type.Array(Type.String()),
    from: Nullable(Type.String()),
    bcc: Nullable(Type.Array(Type.String())),
    cc: Nullable(Type.Array(Type.String())),
    attachments: Nullable(Type.Array(Type.String())),
    createdAt: DateTime,
    read: Type.Boolean(),
    inReplyTo: Nullable(Type.String()),
    messageId: Nullable(Type.String()),
    threadId: Nullable(Type.String()),
    sender: Nullable(Type.Ref(Sender)),
    recipients: Nullable(Type.Ref(EmailRecipients)),
  },
  { $id: 'EmailThreadItem', description: 'A received email (entityId = email id) or a sent email (entityId = sent email id)' },
);
export const EmailThreadItemsDto = Type.Object({ items: Type.Array(Type.Ref(EmailThreadItem)) }, { $id: 'EmailThreadItemsDto' });

export const ThreadIdParams = Type.Object({ threadId: Uuid });

export const threadModelSchemas = [
  SenderProjection, RecipientProjection, EmailRecipientsProjection, EmailThreadDto, EmailThreadProjection,
  PageEmailThreadProjection, EmailThreadItem, EmailThreadItemsDto,
];
