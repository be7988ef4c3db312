import { Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../shared/schemas.js';
import { MAX_AUDIT_PAGE_SIZE } from './audit.service.js';

const Text = Type.String({ maxLength: 500 });

export const AuditLogEventDto = Type.Object(
  {
    tenantId: Type.String(),
    dt: Nullable(Type.String({ description: 'the day of the event, YYYY-MM-DD (UTC)' })),
    eventId: Type.String(),
    eventTs: DateTime,
    action: Type.String({ description: 'the operationId of the call, graphql.<mutation field>, or login.api-key / login.smtp / login.imap' }),
    userId: Nullable(Type.String()),
    actorUserId: Nullable(Type.String()),
    targetUserId: Nullable(Type.String()),
    resourceType: Nullable(Type.String()),
    resourceId: Nullable(Type.String()),
    outcome: Nullable(Type.String({ description: 'SUCCESS or FAILURE' })),
    requestId: Nullable(Type.String()),
    ipAddress: Nullable(Type.String()),
    metadataJson: Nullable(Type.String({ description: 'JSON: status, apiKeyId, method, route; never bodies or secrets' })),
  },
  { $id: 'AuditLogEventDto' },
);

export const AuditLogPageDto = Type.Object(
  {
    items: Type.Array(Type.Ref(AuditLogEventDto)),
    nextCursor: Nullable(Type.String({ description: 'pass as cursor for the next (older) page; null on the last page' })),
  },
  { $id: 'AuditLogPageDto' },
);

const PageSize = Type.Integer({ minimum: 1, maximum: MAX_AUDIT_PAGE_SIZE, description: `events per page (default 50, at most ${MAX_AUDIT_PAGE_SIZE})` });

/** The filters of getAuditLogs and searchAuditLogs (each given one must match exactly). */
export const auditFilterFields = {
  since: Type.Optional(Nullable(DateTime)),
  before: Type.Optional(Nullable(DateTime)),
  action: Type.Optional(Nullable(Text)),
  userId: Type.Optional(Nullable(Text)),
  actorUserId: Type.Optional(Nullable(Text)),
  targetUserId: Type.Optional(Nullable(Text)),
  resourceType: Type.Optional(Nullable(Text)),
  resourceId: Type.Optional(Nullable(Text)),
  outcome: Type.Optional(Nullable(Text)),
  requestId: Type.Optional(Nullable(Text)),
  ipAddress: Type.Optional(Nullable(Text)),
  pageSize: Type.Optional(Nullable(PageSize)),
  cursor: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
};

export const AuditLogSearchOptions = Type.Object(
  { ...auditFilterFields, eventId: Type.Optional(Nullable(Text)) },
  { $id: 'AuditLogSearchOptions' },
);

export const auditModelSchemas = [AuditLogEventDto, AuditLogPageDto, AuditLogSearchOptions];
