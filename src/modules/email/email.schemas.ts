import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, Uuid } from '../shared/schemas.js';

/** Wire models with the official client's names and fields (Email, EmailPreview, ...). */
const Address = {
  rawValue: Type.String(),
  emailAddress: Type.String(),
  name: Nullable(Type.String()),
};
export const Sender = Type.Object(Address, { $id: 'Sender' });
export const Recipient = Type.Object(Address, { $id: 'Recipient' });
export const EmailRecipients = Type.Object(
  {
    to: Type.Array(Type.Ref(Recipient)),
    cc: Type.Array(Type.Ref(Recipient)),
    bcc: Type.Array(Type.Ref(Recipient)),
  },
  { $id: 'EmailRecipients' },
);

const common = {
  id: Uuid,
  inboxId: Uuid,
  domainId: Nullable(Type.String()),
  subject: Nullable(Type.String()),
  to: Type.Array(Type.String()),
  from: Nullable(Type.String()),
  cc: Type.Array(Type.String()),
  bcc: Type.Array(Type.String()),
  sender: Nullable(Type.Ref(Sender)),
  recipients: Type.Ref(EmailRecipients),
  createdAt: DateTime,
  read: Type.Boolean(),
  attachments: Type.Array(Type.String()),
  threadId: Nullable(Type.String()),
  messageId: Nullable(Type.String()),
  inReplyTo: Nullable(Type.String()),
  favourite: Type.Boolean(),
  bodyPartContentTypes: Type.Array(Type.String()),
  sizeBytes: Type.Integer(),
};

export const EmailPreview = Type.Object(
  { ...common, plusAddress: Nullable(Type.String()) },
  { $id: 'EmailPreview', description: 'Summary of an email; fetch the full email by id' },
);

export const EmailProjection = Type.Object(
  {
    ...common,
    textExcerpt: Nullable(Type.String()),
    bodyExcerpt: Nullable(Type.String()),
    plusAddress: Nullable(Type.String()),
    teamAccess: Type.Boolean(),
  },
  { $id: 'EmailProjection' },
);

/** SPF/DKIM/DMARC verdicts of mail received over SMTP (PASS, FAIL, GRAY, TEMPERROR, PERMERROR); spam and virus are not checked (null). */
export const EmailAnalysis = Type.Object(
  {
    spamVerdict: Nullable(Type.String()),
    virusVerdict: Nullable(Type.String()),
    spfVerdict: Nullable(Type.String()),
    dkimVerdict: Nullable(Type.String()),
    dmarcVerdict: Nullable(Type.String()),
  },
  { $id: 'EmailAnalysis', description: 'Authentication verdicts this server found when the email came in over SMTP' },
);

export const Email = Type.Object(
  {
    ...common,
    userId: Uuid,
    replyTo: Nullable(Type.String()),
    headers: Type.Record(Type.String(), Type.String()),
    headersMap: Type.Record(Type.String(), Type.Array(Type.String())),
    body: Nullable(Type.String()),
    bodyExcerpt: Nullable(Type.String()),
    textExcerpt: Nullable(Type.String()),
    bodyMD5Hash: Type.String(),
    isHTML: Type.Boolean(),
    html: Type.Boolean(),
    charset: Nullable(Type.String()),
    updatedAt: DateTime,
    teamAccess: Type.Boolean(),
    isXAmpHtml: Type.Boolean(),
    xampHtml: Type.Boolean(),
    externalId: Nullable(Type.String()),
    analysis: Nullable(Type.Ref(EmailAnalysis)),
  },
  { $id: 'Email', description: 'A received email with its parsed body and headers' },
);

export const PageEmailPreview = PageOf(Type.Ref(EmailPreview), 'PageEmailPreview');
export const PageEmailProjection = PageOf(Type.Ref(EmailProjection), 'PageEmailProjection');

export const AttachmentMetaData = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    contentType: Type.String(),
    contentLength: Type.Integer(),
    contentId: Nullable(Type.String()),
  },
  { $id: 'AttachmentMetaData' },
);
export const DownloadAttachmentDto = Type.Object(
  { base64FileContents: Type.String(), contentType: Type.String(), sizeBytes: Type.Integer() },
  { $id: 'DownloadAttachmentDto' },
);
export const RawEmailJson = Type.Object({ content: Type.String() }, { $id: 'RawEmailJson' });
export const UnreadCount = Type.Object({ count: Type.Integer() }, { $id: 'UnreadCount' });

export const EmailIdParams = Type.Object({ emailId: Uuid });

export const emailModelSchemas = [
  Sender, Recipient, EmailRecipients, EmailPreview, EmailProjection, EmailAnalysis, Email, PageEmailPreview, PageEmailProjection,
  AttachmentMetaData, DownloadAttachmentDto, RawEmailJson, UnreadCount,
];
