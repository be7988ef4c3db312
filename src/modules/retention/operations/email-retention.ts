import { Type } from '@sinclair/typebox';
import { EmptyResponseDto } from '../../phone-inventory/phone-inventory.schemas.js';
import type { EmailRetentionService } from '../email-retention.service.js';
import type { EmailRetentionPolicyRecord } from '../../../storage/ports.js';
import { EmailRetentionPolicyDto, EmailRetentionPolicyOptions, EmailRetentionRunResult } from '../email-retention.schemas.js';
import { retentionOperation } from './define.js';

// Pigeonhole's own operations (MailSlurp has no email retention): ids with "EmailRetention" in them, which no client operation has.

const toDto = (service: EmailRetentionService, policy: EmailRetentionPolicyRecord | undefined) => ({
  maxEmailsPerInbox: policy?.maxEmailsPerInbox ?? null,
  maxEmailsPerAccount: policy?.maxEmailsPerAccount ?? null,
  maxAgeSeconds: policy?.maxAgeSeconds ?? null,
  server: service.serverLimits(),
  effective: service.effectiveLimits(policy),
  updatedAt: policy?.updatedAt.toISOString() ?? null,
});

export const getEmailRetentionPolicy = retentionOperation({
  operationId: 'getEmailRetentionPolicy', method: 'GET', path: '/user/email-retention',
  summary: "Get the account's email retention policy, the server's limits and the limits in force",
  response: Type.Ref(EmailRetentionPolicyDto),
  handler: async ({ tenantId }, { emailRetention }) => toDto(emailRetention, await emailRetention.getPolicy(tenantId)),
});

export const updateEmailRetentionPolicy = retentionOperation({
  operationId: 'updateEmailRetentionPolicy', method: 'PUT', path: '/user/email-retention',
  summary: "Set the account's email retention limits (replacing the previous ones); the retention pass deletes the oldest emails beyond them",
  body: EmailRetentionPolicyOptions,
  response: Type.Ref(EmailRetentionPolicyDto),
  handler: async ({ tenantId, body }, { emailRetention }) => toDto(emailRetention, await emailRetention.setPolicy(tenantId, body)),
});

export const deleteEmailRetentionPolicy = retentionOperation({
  operationId: 'deleteEmailRetentionPolicy', method: 'DELETE', path: '/user/email-retention',
  summary: "Delete the account's email retention policy: only the server's limits apply (none is not an error)",
  response: Type.Ref(EmptyResponseDto),
  handler: async ({ tenantId }, { emailRetention }) => {
    await emailRetention.deletePolicy(tenantId);
    return {};
  },
});

export const runEmailRetention = retentionOperation({
  operationId: 'runEmailRetention', method: 'POST', path: '/user/email-retention/run',
  summary: "Delete the account's emails beyond the limits in force now, as the scheduled pass does, and say how many",
  // It deletes mail: the permission that deleteEmail needs, not the account's.
  permission: 'EMAIL_MANAGE',
  response: Type.Ref(EmailRetentionRunResult),
  handler: async ({ tenantId }, { emailRetention }) => {
    const { deleted, batches, longestBatchMs } = await emailRetention.prune(tenantId);
    return { deleted, batches, longestBatchMs: Math.round(longestBatchMs * 10) / 10 };
  },
});
