import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, StringEnum, Uuid } from '../shared/schemas.js';
import { EmailRecipients, Sender } from '../email/email.schemas.js';

const Strings = Nullable(Type.Array(Type.String()));

export const SendEmailOptions = Type.Object(
  {
    toContacts: Type.Optional(Strings),
    toGroup: Type.Optional(Nullable(Type.String())),
    to: Type.Optional(Strings),
    from: Type.Optional(Nullable(Type.String())),
    fromName: Type.Optional(Nullable(Type.String())),
    cc: Type.Optional(Strings),
    bcc: Type.Optional(Strings),
    subject: Type.Optional(Nullable(Type.String())),
    replyTo: Type.Optional(Nullable(Type.String())),
    customHeaders: Type.Optional(Nullable(Type.Record(Type.String(), Type.String()))),
    body: Type.Optional(Nullable(Type.String())),
    html: Type.Optional(Nullable(Type.Boolean())),
    isHTML: Type.Optional(Nullable(Type.Boolean())),
    charset: Type.Optional(Nullable(Type.String())),
    attachments: Type.Optional(Strings),
    templateVariables: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
    template: Type.Optional(Nullable(Type.String())),
    sendStrategy: Type.Optional(Nullable(StringEnum(['SINGLE_MESSAGE']))),
    useInboxName: Type.Optional(Nullable(Type.Boolean())),
    addTrackingPixel: Type.Optional(Nullable(Type.Boolean())),
    filterBouncedRecipients: Type.Optional(Nullable(Type.Boolean())),
    validateEmailAddresses: Type.Optional(Nullable(StringEnum(['VALIDATE_FILTER_REMOVE_INVALID', 'VALIDATE_ERROR_IF_INVALID', 'NO_VALIDATION']))),
    ignoreEmptyRecipients: Type.Optional(Nullable(Type.Boolean())),
    isXAmpHtml: Type.Optional(Nullable(Type.Boolean())),
    bodyParts: Type.Optional(Nullable(Type.Array(Type.Unknown()))),
  },
  { $id: 'SendEmailOptions' },
);
export type SendEmailOptions = Static<typeof SendEmailOptions>;

export const SendSMTPEnvelopeOptions = Type.Object(
  { rcptTo: Type.Array(Type.String()), mailFrom: Type.String(), data: Type.String({ description: 'the RFC 5322 message' }) },
  { $id: 'SendSMTPEnvelopeOptions' },
);

export const ReplyToEmailOptions = Type.Object(
  {
    body: Type.String(),
    isHTML: Type.Boolean(),
    from: Type.Optional(Nullable(Type.String())),
    replyTo: Type.Optional(Nullable(Type.String())),
    customHeaders: Type.Optional(Nullable(Type.Record(Type.String(), Type.String()))),
    charset: Type.Optional(Nullable(Type.String())),
    attachments: Type.Optional(Strings),
    templateVariables: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
    template: Type.Optional(Nullable(Type.String())),
    sendStrategy: Type.Optional(Nullable(StringEnum(['SINGLE_MESSAGE']))),
    useInboxName: Type.Optional(Nullable(Type.Boolean())),
    html: Type.Optional(Nullable(Type.Boolean())),
  },
  { $id: 'ReplyToEmailOptions' },
);

const sentCommon = {
  id: Uuid,
  userId: Uuid,
  inboxId: Uuid,
  from: Nullable(Type.String()),
  sender: Nullable(Type.Ref(Sender)),
  recipients: Type.Ref(EmailRecipients),
  to: Type.Array(Type.String()),
  cc: Type.Array(Type.String()),
  bcc: Type.Array(Type.String()),
  subject: Nullable(Type.String()),
  attachments: Type.Array(Type.String()),
  messageId: Nullable(Type.String()),
  inReplyTo: Nullable(Type.String()),
  threadId: Nullable(Type.String()),
  virtualSend: Type.Boolean(),
  createdAt: DateTime,
  bodyExcerpt: Nullable(Type.String()),
  textExcerpt: Nullable(Type.String()),
};

export const SentEmailDto = Type.Object(
  {
    ...sentCommon,
    domainId: Nullable(Type.String()),
    replyTo: Nullable(Type.String()),
    body: Nullable(Type.String({ description: 'never stored: always null; compare bodyMD5Hash instead' })),
    bodyMD5Hash: Type.String({ description: 'MD5 hex of the body as given' }),
    toContacts: Type.Array(Type.String()),
    toGroup: Nullable(Type.String()),
    charset: Nullable(Type.String()),
    isHTML: Type.Boolean(),
    html: Type.Boolean(),
    sentAt: DateTime,
    pixelIds: Type.Array(Type.String()),
    messageIds: Type.Array(Type.String()),
    templateId: Nullable(Type.String()),
    headers: Type.Record(Type.String(), Type.String()),
    favourite: Type.Boolean(),
    sizeBytes: Type.Integer(),
  },
  { $id: 'SentEmailDto', description: 'Receipt of a sent email; the body is never stored, its MD5 hash is' },
);

export const SentEmailProjection = Type.Object(sentCommon, { $id: 'SentEmailProjection' });
export const PageSentEmailProjection = PageOf(Type.Ref(SentEmailProjection), 'PageSentEmailProjection');

export const DeliveryStatusDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    sentId: Uuid,
    inboxId: Uuid,
    recipients: Type.Array(Type.String()),
    smtpResponse: Nullable(Type.String()),
    smtpStatusCode: Nullable(Type.Integer()),
    reportingMta: Nullable(Type.String()),
    remoteMtaIp: Nullable(Type.String()),
    processingTimeMillis: Type.Integer(),
    received: Nullable(DateTime),
    subject: Nullable(Type.String()),
    outcome: StringEnum(['DELIVERED', 'RELAYED', 'CAPTURED', 'VIRTUAL', 'FAILED'], {
      description: 'Pigeonhole: delivered to an inbox here, relayed, captured (no relay), virtual inbox, or failed',
    }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DeliveryStatusDto' },
);
export const PageDeliveryStatus = PageOf(Type.Ref(DeliveryStatusDto), 'PageDeliveryStatus');

export const sendingModelSchemas = [
  SendEmailOptions, SendSMTPEnvelopeOptions, ReplyToEmailOptions, SentEmailDto, SentEmailProjection,
  PageSentEmailProjection, DeliveryStatusDto, PageDeliveryStatus,
];
