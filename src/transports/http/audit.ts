import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditEntry } from '../../modules/audit/audit.service.js';

export interface AuditSink {
  record(entry: AuditEntry): void;
}

/** The resource a call names: its last path id (`inboxId` → inbox). */
function resourceOf(params: unknown): { resourceType: string | null; resourceId: string | null } {
  if (!params || typeof params !== 'object') return { resourceType: null, resourceId: null };
  const ids = Object.entries(params as Record<string, unknown>).filter(([, v]) => typeof v === 'string' && v !== '');
  const last = ids[ids.length - 1];
  if (!last) return { resourceType: null, resourceId: null };
  return { resourceType: last[0].replace(/Id$/, ''), resourceId: String(last[1]) };
}

/**
 * Every state-changing operation call (not GET) of the authenticated context is recorded after
 * its answer has been sent (onResponse; the audit log batches the writes): who, which key,
 * the operation, the ids of its path, the outcome and status. Never bodies, queries or keys.
 */
export function registerAuditHook(app: FastifyInstance, audit: AuditSink): void {
  app.addHook('onResponse', async (request, reply) => {
    const op = request.routeOptions.config?.operation;
    const principal = request.principal;
    if (!op || op.method === 'GET' || !principal) return;
    // A call refused as not found or forbidden names ids that are not the caller's (another
    // tenant's, perhaps): its event keeps the route and status but not those ids, so the log
    // never holds anything of another tenant.
    const refused = reply.statusCode === 403 || reply.statusCode === 404;
    const params = refused ? undefined : (request.params as Record<string, unknown> | undefined);
    audit.record({
      tenantId: principal.tenantId,
      action: op.operationId,
      userId: principal.userId,
      actorUserId: principal.userId,
      targetUserId: typeof params?.userId === 'string' ? params.userId : null,
      ...resourceOf(params),
      outcome: reply.statusCode < 400 ? 'SUCCESS' : 'FAILURE',
      requestId: request.id,
      ipAddress: request.ip,
      metadata: { status: reply.statusCode, apiKeyId: principal.apiKeyId, method: op.method, route: op.path, ...(principal.keyScope ? { scopedKey: true } : {}) },
    });
  });
}

/** A wrong API key (the auth hook's 401), recorded as a failed login; the tenant is unknown. */
export const auditRefusedKey = (audit: AuditSink) => (request: FastifyRequest): void =>
  audit.record({
    tenantId: '',
    action: 'login.api-key',
    outcome: 'FAILURE',
    requestId: request.id,
    ipAddress: request.ip,
    metadata: { status: 401, method: request.method, route: request.routeOptions.url ?? null },
  });
