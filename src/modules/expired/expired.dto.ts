import type { Static } from '@sinclair/typebox';
import type { ExpiredInboxRecord } from '../../storage/ports.js';
import type { ExpiredInboxDto, ExpiredInboxRecordProjection } from './expired.schemas.js';

export const toExpiredInboxDto = (r: ExpiredInboxRecord): Static<typeof ExpiredInboxDto> => ({
  id: r.id,
  inboxId: r.inboxId,
  emailAddress: r.emailAddress,
});

export const toExpiredInboxProjection = (r: ExpiredInboxRecord): Static<typeof ExpiredInboxRecordProjection> => ({
  id: r.id,
  userId: r.tenantId,
  inboxId: r.inboxId,
  createdAt: r.createdAt.toISOString(),
  emailAddress: r.emailAddress,
});
