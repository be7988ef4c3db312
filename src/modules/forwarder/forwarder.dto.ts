import type { Static } from '@sinclair/typebox';
import type { ForwarderEventRecord, ForwarderRecord } from '../../storage/ports.js';
import type { InboxForwarderDto, InboxForwarderEventDto } from './forwarder.schemas.js';

export const toForwarderDto = (f: ForwarderRecord): Static<typeof InboxForwarderDto> => ({
  id: f.id,
  inboxId: f.inboxId,
  name: f.name,
  field: f.field as Static<typeof InboxForwarderDto>['field'],
  match: f.match,
  forwardToRecipients: f.forwardTo,
  createdAt: f.createdAt.toISOString(),
  should: f.should as Static<typeof InboxForwarderDto>['should'],
  matchOptions: f.matchOptions as Static<typeof InboxForwarderDto>['matchOptions'],
  ...(f.attachmentTextExtractionMethod ? { attachmentTextExtractionMethod: f.attachmentTextExtractionMethod as 'AUTO' } : {}),
});

/** InboxForwarderEventDto and InboxForwarderEventProjection have the same fields. */
export const toForwarderEventDto = (e: ForwarderEventRecord): Static<typeof InboxForwarderEventDto> => ({
  id: e.id,
  inboxId: e.inboxId,
  emailId: e.emailId,
  sentId: e.sentId,
  userId: e.tenantId,
  forwarderId: e.forwarderId,
  message: e.message,
  status: e.status,
  createdAt: e.createdAt.toISOString(),
});
