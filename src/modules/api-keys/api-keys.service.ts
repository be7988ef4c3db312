import type { Clock } from '../../core/clock.js';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import type { ApiKeyRecord, ApiKeyRepository, ApiKeyScope, InboxRepository } from '../../storage/ports.js';
import type { IssuedKey, UserService } from '../user/user.service.js';
import { isPermission, PERMISSION_NAMES } from './permissions.js';

export interface CreateKeyInput {
  name?: string | null;
  permissions?: string[] | null;
  inboxIds?: string[] | null;
  expiresAt?: string | null;
}

/** The caller's own API keys, full or agent-scoped (spec §5.4). */
export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly inboxes: Pick<InboxRepository, 'findById'>,
    private readonly users: Pick<UserService, 'issueKey'>,
    private readonly clock: Clock,
  ) {}

  list(tenantId: string): Promise<ApiKeyRecord[]> {
    return this.keys.listForTenant(tenantId);
  }

  async get(tenantId: string, keyId: string): Promise<ApiKeyRecord> {
    const key = await this.keys.findForTenant(tenantId, keyId);
    if (!key) throw notFound(`No API key ${keyId}`);
    return key;
  }

  async revoke(tenantId: string, keyId: string): Promise<void> {
    if (!(await this.keys.revoke(tenantId, keyId, this.clock.now()))) throw notFound(`No active API key ${keyId}`);
  }

  /**
   * A new key of `userId` (the caller's own, or any user's for an admin). `caller`'s scope caps
   * what it may hand out: a scoped key never makes a key with more than it has.
   */
  async create(userId: string, input: CreateKeyInput, caller?: Principal): Promise<IssuedKey> {
    const scope = await this.scopeOf(userId, input);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= this.clock.now().getTime()) throw badRequest('expiresAt must be in the future');
    if (caller?.keyScope) this.mustNotExceed(caller.keyScope, scope);
    return this.users.issueKey(userId, undefined, { name: input.name?.trim() || null, scope, expiresAt });
  }

  private async scopeOf(userId: string, input: CreateKeyInput): Promise<ApiKeyScope | null> {
    const permissions = input.permissions ?? null;
    const inboxIds = input.inboxIds ?? null;
    if (permissions === null) {
      if (inboxIds !== null) throw badRequest('inboxIds needs permissions: name what the key may do in those inboxes');
      return null;
    }
    const unknown = permissions.filter((p) => !isPermission(p));
    if (unknown.length > 0) throw badRequest(`Unknown permission ${unknown.join(', ')}: one of ${PERMISSION_NAMES.join(', ')}`);
    if (inboxIds) {
      for (const id of inboxIds) {
        if (!(await this.inboxes.findById(userId, id))) throw notFound(`No inbox ${id}`);
      }
    }
    return { permissions: [...new Set(permissions)], inboxIds: inboxIds ? [...new Set(inboxIds)] : null };
  }

  private mustNotExceed(own: NonNullable<Principal['keyScope']>, wanted: ApiKeyScope | null): void {
    if (!wanted) throw forbidden('This API key is scoped: it may only create keys scoped to no more than it holds');
    const extra = wanted.permissions.filter((p) => !own.permissions.includes(p));
    if (extra.length > 0) throw forbidden(`This API key lacks ${extra.join(', ')}: it cannot give them to a new key`);
    if (own.inboxIds) {
      if (!wanted.inboxIds) throw forbidden('This API key is limited to some inboxes: a key it creates must name inboxIds among them');
      const outside = wanted.inboxIds.filter((id) => !own.inboxIds!.includes(id));
      if (outside.length > 0) throw forbidden(`This API key may not use inbox ${outside[0]}`);
    }
  }
}
