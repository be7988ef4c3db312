import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '../shared/schemas.js';

/** sendEmailSimple's body, as the client's SimpleSendEmailOptions. */
export const SimpleSendEmailOptions = Type.Object(
  {
    senderId: Type.Optional(Nullable(Uuid)),
    to: Type.String({ minLength: 1, description: 'one recipient address' }),
    body: Type.Optional(Nullable(Type.String())),
    subject: Type.Optional(Nullable(Type.String())),
  },
  {
    $id: 'SimpleSendEmailOptions',
    description: 'A send from inbox senderId (else from a new inbox made for it) to one address; a body with HTML tags is sent as HTML',
  },
);
export type SimpleSendEmailOptions = Static<typeof SimpleSendEmailOptions>;

/** sendEmailQuery: the same options as query parameters. */
export const SendEmailQuery = Type.Object({
  to: Type.String({ minLength: 1, description: 'one recipient address' }),
  senderId: Type.Optional(Uuid),
  body: Type.Optional(Type.String()),
  subject: Type.Optional(Type.String()),
});

/** deleteEmailAddress and emptyInbox name their inbox in the query. */
export const InboxIdQuery = Type.Object({ inboxId: Uuid });

export const commonActionsModelSchemas = [SimpleSendEmailOptions];
