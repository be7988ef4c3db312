import { Type } from '@sinclair/typebox';
import { Nullable } from '../shared/schemas.js';

const Strings = Nullable(Type.Array(Type.String()));

export const ForwardEmailOptions = Type.Object(
  {
    to: Type.Array(Type.String(), { description: 'recipients of the forwarded email' }),
    subject: Type.Optional(Nullable(Type.String({ description: 'unset = "Fwd: " and the original subject' }))),
    cc: Type.Optional(Strings),
    bcc: Type.Optional(Strings),
    from: Type.Optional(Nullable(Type.String({ description: "must be the forwarding inbox's own address" }))),
    useInboxName: Type.Optional(Nullable(Type.Boolean())),
    filterBouncedRecipients: Type.Optional(Nullable(Type.Boolean())),
  },
  { $id: 'ForwardEmailOptions' },
);

export const CanSendEmailResults = Type.Object(
  {
    isSendingPermitted: Type.Boolean(),
    message: Nullable(Type.String({ description: 'why sending would be refused; null when permitted' })),
  },
  { $id: 'CanSendEmailResults' },
);

export const forwardAndCheckModelSchemas = [ForwardEmailOptions, CanSendEmailResults];
