import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TeamAccessService, TeamTargets } from '../../modules/team/team-access.service.js';

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const fieldOf = (source: unknown, name: string): string | undefined =>
  source && typeof source === 'object' && !Array.isArray(source) && !Buffer.isBuffer(source)
    ? stringOf((source as Record<string, unknown>)[name])
    : undefined;
const present = (...ids: Array<string | undefined>): string[] => ids.filter((id): id is string => id !== undefined);

/**
 * The inboxes and emails a request names: `inboxId` and `emailId` in the path or as single
 * query values, a top-level `inboxId` of a JSON body (waitFor's conditions), and the receipt
 * id of the `/sent/{id}` routes. (Lists of ids, as getEmailsPaginated's, stay the caller's.)
 */
export function teamTargetsOf(request: FastifyRequest): TeamTargets {
  const { params, query, body } = request;
  const sentRoute = request.routeOptions.url?.startsWith('/sent/:id') ?? false;
  return {
    inboxIds: present(fieldOf(params, 'inboxId'), fieldOf(query, 'inboxId'), fieldOf(body, 'inboxId')),
    emailIds: present(fieldOf(params, 'emailId'), fieldOf(query, 'emailId')),
    sentIds: sentRoute ? present(fieldOf(params, 'id')) : [],
  };
}

/**
 * Team inboxes (modules/team): a request of a member of an organisation that names another
 * member's inbox or email runs as that member (reads; changes by an organisation ADMIN) or is
 * refused with 403 (changes by a MEMBER). A preHandler, so it sees the validated input and the
 * principal the key resolved to; callers outside any organisation are never looked up.
 */
export function registerTeamAccess(app: FastifyInstance, teams: TeamAccessService): void {
  app.addHook('preHandler', async (request) => {
    const principal = request.principal;
    if (!principal?.organizationId) return;
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId) return;
    const targets = teamTargetsOf(request);
    if (targets.inboxIds.length + targets.emailIds.length + targets.sentIds.length === 0) return;
    const tenantId = await teams.tenantFor(principal, operationId, targets);
    if (tenantId !== principal.tenantId) request.principal = { ...principal, tenantId };
  });
}
