import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import { KeyScopeChecker, type ScopeLookups } from './key-scope.js';
import { ApiKeyService } from './api-keys.service.js';
import { ManualClock } from '../../core/clock.js';
import type { ApiKeyRecord } from '../../storage/ports.js';

const X = '11111111-1111-4111-8111-111111111111';
const Y = '22222222-2222-4222-8222-222222222222';
const EMAIL_X = 'e0000000-0000-4000-8000-00000000000x';
const EMAIL_Y = 'e0000000-0000-4000-8000-00000000000y';

/** Tenant t1 owns inboxes X and Y and one email in each; lookups count their calls. */
function lookups(): ScopeLookups & { calls: number } {
  const state = { calls: 0 };
  const inboxes = new Set([X, Y]);
  const emails = new Map([[EMAIL_X, X], [EMAIL_Y, Y]]);
  const find = <T>(value: T | undefined) => {
    state.calls++;
    return Promise.resolve(value);
  };
  const none = () => find(undefined);
  return Object.assign(state, {
    inboxes: { findById: (t: string, id: string) => find(t === 't1' && inboxes.has(id) ? ({ id } as never) : undefined) },
    emails: { findById: (t: string, id: string) => find(t === 't1' && emails.has(id) ? ({ inboxId: emails.get(id) } as never) : undefined) },
    sent: { findById: none }, webhooks: { find: (t: string, id: string) => find(id === 'account-hook' ? ({ inboxId: null } as never) : undefined) },
    attachments: { findById: none }, rulesets: { findById: none }, forwarders: { findById: none }, repliers: { findById: none },
  }) as ScopeLookups & { calls: number };
}

const principal = (keyScope: Principal['keyScope']): Principal => ({ userId: 't1', tenantId: 't1', email: 'a@x', isAdmin: false, apiKeyId: 'k', keyScope });
const getEmail = { operationId: 'getEmail', method: 'GET' as const, tag: 'EmailController', path: '/emails/{emailId}' };
const sendEmail = { operationId: 'sendEmail', method: 'POST' as const, tag: 'InboxController', path: '/inboxes/{inboxId}' };
const getInboxes = { operationId: 'getInboxes', method: 'GET' as const, tag: 'InboxController', path: '/inboxes' };
const forbidden = (message: RegExp) => (err: unknown) => err instanceof AppError && err.code === 'FORBIDDEN' && message.test(err.message);

describe('KeyScopeChecker', () => {
  test('a full key passes without a lookup', async () => {
    const l = lookups();
    await new KeyScopeChecker(l).check(principal(null), getEmail, { params: { emailId: EMAIL_Y } });
    assert.equal(l.calls, 0);
  });

  test('a missing permission is a 403 naming it', async () => {
    const checker = new KeyScopeChecker(lookups());
    await assert.rejects(checker.check(principal({ permissions: ['EMAIL_READ'], inboxIds: null }), sendEmail, { params: { inboxId: X } }), forbidden(/lacks EMAIL_SEND/));
    await checker.check(principal({ permissions: ['EMAIL_SEND'], inboxIds: null }), sendEmail, { params: { inboxId: Y } });
  });

  test('an inbox-limited key: its inbox passes, another inbox of the tenant is 403, an unknown id is left to the 404', async () => {
    const checker = new KeyScopeChecker(lookups());
    const key = principal({ permissions: ['EMAIL_READ', 'EMAIL_SEND', 'INBOX_READ'], inboxIds: [X] });
    await checker.check(key, getEmail, { params: { emailId: EMAIL_X } });
    await assert.rejects(checker.check(key, getEmail, { params: { emailId: EMAIL_Y } }), forbidden(new RegExp(`may not use inbox ${Y}`)));
    await checker.check(key, getEmail, { params: { emailId: 'e0000000-0000-4000-8000-000000000404' } });
    await assert.rejects(checker.check(key, sendEmail, { params: { inboxId: Y } }), forbidden(new RegExp(`may not use inbox ${Y}`)));
    await checker.check(key, sendEmail, { params: { inboxId: 'ffffffff-0000-4000-8000-000000000000' } });
    await assert.rejects(checker.check(key, getInboxes, { query: {} }), forbidden(/limited to inboxes .* getInboxes is account-wide/));
    await assert.rejects(checker.check(key, getInboxes, { query: { inboxId: [X, Y] } }), forbidden(new RegExp(`may not use inbox ${Y}`)));
  });

  test('an entity of no inbox (an account webhook) is refused to an inbox-limited key', async () => {
    const checker = new KeyScopeChecker(lookups());
    const key = principal({ permissions: ['WEBHOOK_READ'], inboxIds: [X] });
    await assert.rejects(checker.check(key, { operationId: 'getWebhook', method: 'GET', tag: 'WebhookController', path: '/webhooks/{webhookId}' },
      { params: { webhookId: 'account-hook' } }), forbidden(/belongs to no inbox/));
  });
});

describe('ApiKeyService', () => {
  const issued: Array<{ userId: string; options: unknown }> = [];
  const users = {
    issueKey: async (userId: string, _key: string | undefined, options: { name?: string | null; scope?: ApiKeyRecord['scope']; expiresAt?: Date | null } = {}) => {
      issued.push({ userId, options });
      const record: ApiKeyRecord = { id: 'k2', tenantId: userId, keyPrefix: 'ph_abcd', createdAt: new Date(), revokedAt: null, ...options };
      return { record, apiKey: 'ph_abcd' };
    },
  };
  const keys = { listForTenant: async () => [], findForTenant: async () => undefined, revoke: async () => false, create: async () => {}, findActiveByHash: async () => undefined };
  const service = new ApiKeyService(keys, lookups().inboxes, users, new ManualClock(new Date('2026-01-01T00:00:00Z')));

  test('no permissions = a full key; permissions and inboxes are checked', async () => {
    assert.equal((await service.create('t1', {})).record.scope, null);
    assert.deepEqual((await service.create('t1', { permissions: ['EMAIL_READ', 'EMAIL_READ'], inboxIds: [X] })).record.scope, { permissions: ['EMAIL_READ'], inboxIds: [X] });
    await assert.rejects(service.create('t1', { permissions: ['NOPE'] }), (e: unknown) => e instanceof AppError && e.code === 'BAD_REQUEST');
    await assert.rejects(service.create('t1', { inboxIds: [X] }), (e: unknown) => e instanceof AppError && e.code === 'BAD_REQUEST');
    await assert.rejects(service.create('t1', { permissions: ['EMAIL_READ'], inboxIds: ['ffffffff-0000-4000-8000-000000000000'] }), (e: unknown) => e instanceof AppError && e.code === 'NOT_FOUND');
  });

  test('a scoped caller never hands out more than it holds', async () => {
    const caller = principal({ permissions: ['EMAIL_READ', 'ACCOUNT_MANAGE'], inboxIds: [X] });
    await assert.rejects(service.create('t1', {}, caller), forbidden(/only create keys scoped/));
    await assert.rejects(service.create('t1', { permissions: ['EMAIL_SEND'], inboxIds: [X] }, caller), forbidden(/lacks EMAIL_SEND/));
    await assert.rejects(service.create('t1', { permissions: ['EMAIL_READ'] }, caller), forbidden(/must name inboxIds/));
    await assert.rejects(service.create('t1', { permissions: ['EMAIL_READ'], inboxIds: [Y] }, caller), forbidden(/may not use inbox/));
    assert.deepEqual((await service.create('t1', { permissions: ['EMAIL_READ'], inboxIds: [X] }, caller)).record.scope, { permissions: ['EMAIL_READ'], inboxIds: [X] });
  });
});
