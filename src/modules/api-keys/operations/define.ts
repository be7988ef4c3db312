import { operationsOf } from '../../../core/operation.js';
import type { ApiKeyRecord } from '../../../storage/ports.js';
import type { Services } from '../../services.js';

/** The caller's own API keys (not in the MailSlurp client: this server's addition, spec §5.4). */
export const apiKeyOperation = operationsOf<Services>('ApiKeyController');

export const toApiKeyDto = (k: ApiKeyRecord) => ({
  id: k.id,
  userId: k.tenantId,
  name: k.name ?? null,
  keyPrefix: k.keyPrefix,
  scope: k.scope ? { permissions: k.scope.permissions, inboxIds: k.scope.inboxIds } : null,
  createdAt: k.createdAt.toISOString(),
  expiresAt: k.expiresAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export const toCreatedApiKeyDto = (k: ApiKeyRecord, apiKey: string) => {
  const { revokedAt: _revoked, ...dto } = toApiKeyDto(k);
  return { ...dto, apiKey };
};
