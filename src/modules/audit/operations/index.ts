import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import type { AuditLogRecord } from '../../../storage/ports.js';
import type { Services } from '../../services.js';
import { DateTime } from '../../shared/schemas.js';
import { AuditLogEventDto, AuditLogPageDto, AuditLogSearchOptions, auditFilterFields } from '../audit.schemas.js';
import type { AuditSearch } from '../audit.service.js';

export const auditOperation = operationsOf<Services>('ApiAuditLogController');

export const toAuditLogEventDto = (r: AuditLogRecord) => ({
  tenantId: r.tenantId,
  dt: r.eventTs.toISOString().slice(0, 10),
  eventId: r.id,
  eventTs: r.eventTs.toISOString(),
  action: r.action,
  userId: r.userId,
  actorUserId: r.actorUserId,
  targetUserId: r.targetUserId,
  resourceType: r.resourceType,
  resourceId: r.resourceId,
  outcome: r.outcome,
  requestId: r.requestId,
  ipAddress: r.ipAddress,
  metadataJson: r.metadataJson,
});

type SearchInput = { [K in keyof AuditSearch]?: (AuditSearch[K] extends Date | undefined ? string : AuditSearch[K]) | null };

/** Wire options → a search: nulls dropped, dates parsed. */
function searchOf(input: SearchInput): AuditSearch {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    out[name] = name === 'since' || name === 'before' ? new Date(value as string) : value;
  }
  return out as AuditSearch;
}

const toPage = (page: { items: AuditLogRecord[]; nextCursor: string | null }) => ({ items: page.items.map(toAuditLogEventDto), nextCursor: page.nextCursor });

export const getAuditLogs = auditOperation({
  operationId: 'getAuditLogs', method: 'GET', path: '/audit-logs',
  summary: "The account's audit log, newest first, filtered and paged with an opaque cursor",
  query: Type.Object(auditFilterFields),
  response: Type.Ref(AuditLogPageDto),
  handler: async ({ tenantId, query }, { auditLog }) => toPage(await auditLog.search(tenantId, searchOf(query))),
});

export const searchAuditLogs = auditOperation({
  operationId: 'searchAuditLogs', method: 'POST', path: '/audit-logs/search',
  summary: 'Search the audit log by any field of AuditLogSearchOptions',
  permission: 'ACCOUNT_READ',
  body: Type.Ref(AuditLogSearchOptions),
  response: Type.Ref(AuditLogPageDto),
  handler: async ({ tenantId, body }, { auditLog }) => toPage(await auditLog.search(tenantId, searchOf(body))),
});

export const getAuditLogByEventId = auditOperation({
  operationId: 'getAuditLogByEventId', method: 'GET', path: '/audit-logs/{eventId}',
  summary: 'One audit log event (since/before narrow where it is looked for)',
  params: Type.Object({ eventId: Type.String({ minLength: 1, maxLength: 100 }) }),
  query: Type.Object({ since: Type.Optional(DateTime), before: Type.Optional(DateTime) }),
  response: Type.Ref(AuditLogEventDto),
  handler: async ({ tenantId, params, query }, { auditLog }) =>
    toAuditLogEventDto(await auditLog.get(tenantId, params.eventId, {
      since: query.since ? new Date(query.since) : undefined, before: query.before ? new Date(query.before) : undefined,
    })),
});

export const auditOperations = [getAuditLogs, searchAuditLogs, getAuditLogByEventId];
