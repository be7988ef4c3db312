import type { Static } from '@sinclair/typebox';
import type { ReplierEventRecord, ReplierRecord } from '../../storage/ports.js';
import type { InboxReplierDto, InboxReplierEventProjection } from './replier.schemas.js';

type Dto = Static<typeof InboxReplierDto>;

// InboxReplierDto has no body: the client's model leaves it out, so it is not answered
export const toReplierDto = (r: ReplierRecord): Dto => ({
  id: r.id,
  inboxId: r.inboxId,
  name: r.name,
  field: r.field as Dto['field'],
  match: r.match,
  replyTo: r.replyTo,
  subject: r.subject,
  from: r.from,
  charset: r.charset,
  isHTML: r.isHtml,
  templateId: r.templateId,
  templateVariables: r.templateVariables,
  ignoreReplyTo: r.ignoreReplyTo,
  createdAt: r.createdAt.toISOString(),
  should: r.should as Dto['should'],
  matchOptions: r.matchOptions as Dto['matchOptions'],
  active: r.active,
});

export const toReplierEvent = (e: ReplierEventRecord): Static<typeof InboxReplierEventProjection> => ({
  message: e.message,
  id: e.id,
  recipients: e.recipients,
  status: e.status,
  userId: e.tenantId,
  emailId: e.emailId,
  inboxId: e.inboxId,
  createdAt: e.createdAt.toISOString(),
  sentId: e.sentId,
  replierId: e.replierId,
});
