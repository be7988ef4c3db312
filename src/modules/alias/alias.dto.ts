import type { Static } from '@sinclair/typebox';
import type { AliasRecord, AliasThreadRecord } from '../../storage/ports.js';
import type { AliasDto, AliasProjection, AliasThreadProjection } from './alias.schemas.js';

export const toAliasDto = (a: AliasRecord): Static<typeof AliasDto> => ({
  id: a.id,
  emailAddress: a.aliasAddress,
  maskedEmailAddress: a.hiddenAddress,
  userId: a.tenantId,
  inboxId: a.inboxId,
  name: a.name,
  useThreads: a.useThreads,
  isVerified: a.verified,
  domainId: a.domainId,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

export const toAliasProjection = (a: AliasRecord): Static<typeof AliasProjection> => ({
  name: a.name,
  id: a.id,
  userId: a.tenantId,
  inboxId: a.inboxId,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
  emailAddress: a.aliasAddress,
  useThreads: a.useThreads,
});

export const toAliasThreadProjection = (t: AliasThreadRecord): Static<typeof AliasThreadProjection> => ({
  name: t.name,
  id: t.id,
  subject: t.subject,
  userId: t.tenantId,
  inboxId: t.inboxId,
  to: t.to,
  createdAt: t.createdAt.toISOString(),
  cc: t.cc,
  bcc: t.bcc,
  updatedAt: t.updatedAt.toISOString(),
  aliasId: t.aliasId,
});
