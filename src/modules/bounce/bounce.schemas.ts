import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, Uuid } from '../shared/schemas.js';

const BOUNCE_TYPE = 'Permanent (5xx refusal) or Transient (4xx refusal, or no server reached)';
const Addresses = Nullable(Type.Array(Type.String()));

export const BouncedEmailDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    notificationType: Type.String({ description: 'BOUNCE' }),
    sentToRecipients: Addresses,
    sender: Type.String({ description: 'the sending inbox address' }),
    bounceMta: Nullable(Type.String({ description: 'the server that refused: the relay host, or "local" for an inbox of this server' })),
    bounceType: Nullable(Type.String({ description: BOUNCE_TYPE })),
    bounceRecipients: Addresses,
    bounceSubType: Nullable(Type.String({ description: 'General, NoEmail, MailboxFull or MessageTooLarge' })),
    sentEmailId: Nullable(Uuid),
    subject: Nullable(Type.String()),
    createdAt: DateTime,
  },
  { $id: 'BouncedEmailDto', description: 'A sent email that some recipients refused' },
);

export const BounceProjection = Type.Object(
  {
    id: Uuid,
    sender: Type.String(),
    subject: Nullable(Type.String()),
    createdAt: DateTime,
    bounceType: Nullable(Type.String({ description: BOUNCE_TYPE })),
    bounceMta: Nullable(Type.String()),
  },
  { $id: 'BounceProjection' },
);
export const PageBouncedEmail = PageOf(Type.Ref(BounceProjection), 'PageBouncedEmail');

export const BouncedRecipientDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    sentEmailId: Nullable(Uuid),
    recipient: Type.String(),
    diagnosticCode: Nullable(Type.String({ description: 'the refusing server\'s reply, e.g. "smtp; 550 5.1.1 No such user"' })),
    action: Nullable(Type.String({ description: 'failed: no further delivery attempts are made' })),
    bounceType: Nullable(Type.String({ description: BOUNCE_TYPE })),
    status: Nullable(Type.String({ description: 'RFC 3463 enhanced status, e.g. 5.1.1' })),
    createdAt: DateTime,
  },
  { $id: 'BouncedRecipientDto' },
);

export const BounceRecipientProjection = Type.Object(
  {
    id: Uuid,
    status: Nullable(Type.String()),
    sentEmailId: Nullable(Uuid),
    createdAt: DateTime,
    action: Nullable(Type.String()),
    recipient: Type.String(),
    bounceType: Nullable(Type.String({ description: BOUNCE_TYPE })),
    // Not in the client's model (which drops it); listing readers get the reason without a second call.
    diagnosticCode: Nullable(Type.String()),
  },
  { $id: 'BounceRecipientProjection' },
);
export const PageBouncedRecipients = PageOf(Type.Ref(BounceRecipientProjection), 'PageBouncedRecipients');

export const FilterBouncedRecipientsOptions = Type.Object(
  { emailRecipients: Type.Array(Type.String(), { description: 'addresses to check against past permanent bounces' }) },
  { $id: 'FilterBouncedRecipientsOptions' },
);

export const FilterBouncedRecipientsResult = Type.Object(
  {
    filteredRecipients: Type.Array(Type.String(), { description: 'the given addresses without a permanent bounce, in the given order' }),
    // Not in the client's model: the complement, for callers that want to know what was removed.
    bouncedRecipients: Type.Array(Type.String(), { description: 'the given addresses that bounced permanently' }),
  },
  { $id: 'FilterBouncedRecipientsResult' },
);


export const BounceIdParams = Type.Object({ id: Uuid });
export const BounceListQuery = Type.Object({ ...PageQuery, since: Type.Optional(DateTime), before: Type.Optional(DateTime) });

export const bounceModelSchemas = [
  BouncedEmailDto, BounceProjection, PageBouncedEmail, BouncedRecipientDto, BounceRecipientProjection, PageBouncedRecipients,
  FilterBouncedRecipientsOptions, FilterBouncedRecipientsResult,
];
