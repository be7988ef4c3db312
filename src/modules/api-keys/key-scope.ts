/**
 * Enforces an agent-scoped key's scope on an operation call: the operation's permission
 * (permissions.ts), then, for a key limited to inboxes, that every inbox the call names is one
 * of them. An inbox is named by a parameter (path, query or JSON body) in RESOLVERS: the id of
 * an inbox, or of an entity that belongs to one, looked up by id within the caller's tenant
 * (one row, never a list). An id of nothing the tenant owns is let through, so the operation
 * answers its own 404 (another tenant's email is a 404, as for a full key; another inbox of the
 * same tenant is a 403). A call naming no inbox is account-wide: refused to inbox-limited keys.
 */
import { forbidden } from '../../core/errors.js';
import type { Operation } from '../../core/operation.js';
import type { Principal } from '../../core/principal.js';
import type {
  AttachmentRepository, EmailRepository, ForwarderRepository, InboxRepository, ReplierRepository, RulesetRepository,
  SentEmailRepository, WebhookRepository,
} from '../../storage/ports.js';
import { permissionOf } from './permissions.js';

export interface ScopeLookups {
  inboxes: Pick<InboxRepository, 'findById'>;
  emails: Pick<EmailRepository, 'findById'>;
  sent: Pick<SentEmailRepository, 'findById'>;
  webhooks: Pick<WebhookRepository, 'find'>;
  attachments: Pick<AttachmentRepository, 'findById'>;
  rulesets: Pick<RulesetRepository, 'findById'>;
  forwarders: Pick<ForwarderRepository, 'findById'>;
  repliers: Pick<ReplierRepository, 'findById'>;
}

/** The inbox of an entity: a string, null (the entity is account-wide), undefined (no such entity of the tenant). */
type Resolver = (lookups: ScopeLookups, tenantId: string, id: string) => Promise<string | null | undefined>;

const inboxOf = (record: { inboxId?: string | null } | undefined) => (record ? (record.inboxId ?? null) : undefined);

/** By parameter name, wherever it appears (path, query, JSON body). */
export const RESOLVERS: Readonly<Record<string, Resolver>> = {
  inboxId: async (l, t, id) => ((await l.inboxes.findById(t, id)) ? id : undefined),
  emailId: async (l, t, id) => inboxOf(await l.emails.findById(t, id)),
  sentEmailId: async (l, t, id) => inboxOf(await l.sent.findById(t, id)),
  sentId: async (l, t, id) => inboxOf(await l.sent.findById(t, id)),
  webhookId: async (l, t, id) => inboxOf(await l.webhooks.find(t, id)),
  attachmentId: async (l, t, id) => inboxOf(await l.attachments.findById(t, id)),
  rulesetId: async (l, t, id) => inboxOf(await l.rulesets.findById(t, id)),
  forwarderId: async (l, t, id) => inboxOf(await l.forwarders.findById(t, id)),
  replierId: async (l, t, id) => inboxOf(await l.repliers.findById(t, id)),
};

/** A path parameter called just `id` names the entity of the path's first segments. */
const ID_BY_PREFIX: ReadonlyArray<[string, Resolver]> = [
  ['/sent/', RESOLVERS.sentId!],
  ['/rulesets/', RESOLVERS.rulesetId!],
  ['/forwarders/', RESOLVERS.forwarderId!],
  ['/repliers/', RESOLVERS.replierId!],
];

/** Parameters naming several inboxes at once. */
const INBOX_LISTS = ['inboxIds'];

export interface CallInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value) ? (value as Record<string, unknown>) : undefined;

export class KeyScopeChecker {
  constructor(private readonly lookups: ScopeLookups) {}

  /** The permission half: a 403 naming the permission the key lacks (before the input is validated). */
  checkPermission(principal: Principal, op: Pick<Operation, 'operationId' | 'method' | 'tag' | 'permission'>): void {
    const scope = principal.keyScope;
    if (!scope) return;
    const permission = permissionOf(op);
    if (!permission) throw forbidden(`${op.operationId} has no permission an agent-scoped API key could hold; use a full key`);
    if (!scope.permissions.includes(permission)) throw forbidden(`This API key lacks ${permission}`);
  }

  /** Both halves: throws a 403 naming what the key lacks; resolves when the call is within the scope. */
  async check(principal: Principal, op: Pick<Operation, 'operationId' | 'method' | 'tag' | 'permission' | 'path'>, input: CallInput): Promise<void> {
    this.checkPermission(principal, op);
    await this.checkInboxes(principal, op, input);
  }

  /** The inbox half, on the validated input: a 403 naming the inbox the key may not use. */
  async checkInboxes(principal: Principal, op: Pick<Operation, 'operationId' | 'path'>, input: CallInput): Promise<void> {
    const scope = principal.keyScope;
    if (!scope?.inboxIds) return;
    const allowed = new Set(scope.inboxIds);
    let named = false;
    for (const source of [input.params, input.query, input.body]) {
      const values = asRecord(source);
      if (!values) continue;
      for (const [name, resolve] of Object.entries(RESOLVERS)) {
        const id = values[name];
        if (typeof id !== 'string' || id === '') continue;
        named = true;
        // An inbox id of the list needs no lookup.
        if (name === 'inboxId' && allowed.has(id)) continue;
        const inbox = await resolve(this.lookups, principal.tenantId, id);
        if (inbox === undefined) continue;
        if (inbox === null) throw forbidden(`This API key is limited to some inboxes: ${name} ${id} belongs to no inbox`);
        if (!allowed.has(inbox)) throw forbidden(`This API key may not use inbox ${inbox}`);
      }
      for (const name of [...INBOX_LISTS, 'inboxId']) {
        const ids = values[name];
        if (!Array.isArray(ids)) continue;
        for (const id of ids) {
          if (typeof id !== 'string') continue;
          named = true;
          if (allowed.has(id)) continue;
          if (await this.lookups.inboxes.findById(principal.tenantId, id)) throw forbidden(`This API key may not use inbox ${id}`);
        }
      }
    }
    const pathId = asRecord(input.params)?.id;
    const byPrefix = ID_BY_PREFIX.find(([prefix]) => op.path.startsWith(prefix));
    if (typeof pathId === 'string' && byPrefix) {
      named = true;
      const inbox = await byPrefix[1](this.lookups, principal.tenantId, pathId);
      if (inbox === null) throw forbidden(`This API key is limited to some inboxes: id ${pathId} belongs to no inbox`);
      if (inbox !== undefined && !allowed.has(inbox)) throw forbidden(`This API key may not use inbox ${inbox}`);
    }
    if (!named) {
      throw forbidden(`This API key is limited to inboxes ${[...allowed].join(', ')}: ${op.operationId} is account-wide and names none of them`);
    }
  }
}
