import { Type } from '@sinclair/typebox';
import { EmptyResponseDto } from '../../phone-inventory/phone-inventory.schemas.js';
import { toPolicyDto } from '../retention.dto.js';
import { CreateInboxRetentionPolicyForAccountOptions, InboxRetentionPolicyDto, InboxRetentionPolicyOptionalDto } from '../retention.schemas.js';
import { retentionOperation } from './define.js';

export const getInboxRetentionPolicyForAccount = retentionOperation({
  operationId: 'getInboxRetentionPolicyForAccount', method: 'GET', path: '/user/inbox-retention-policies/account',
  summary: "Get the account's inbox retention policy (policy null when there is none)",
  response: Type.Ref(InboxRetentionPolicyOptionalDto),
  handler: async ({ tenantId }, { retention }) => {
    const policy = await retention.getAccountPolicy(tenantId);
    return { policy: policy ? toPolicyDto(policy) : null };
  },
});

export const createOrUpdateInboxRetentionPolicyForAccount = retentionOperation({
  operationId: 'createOrUpdateInboxRetentionPolicyForAccount', method: 'POST', path: '/user/inbox-retention-policies/account',
  summary: "Create or change the account's inbox retention policy: inboxes are deleted retentionDays after their creation, by the scheduled runs (PIGEONHOLE_RETENTION_INTERVAL) and by createInboxRetentionPolicyRun",
  body: CreateInboxRetentionPolicyForAccountOptions,
  response: Type.Ref(InboxRetentionPolicyDto),
  handler: async ({ tenantId, body }, { retention }) => toPolicyDto(await retention.setAccountPolicy(tenantId, body.retentionDays)),
});

export const deleteInboxRetentionPolicyForAccount = retentionOperation({
  operationId: 'deleteInboxRetentionPolicyForAccount', method: 'DELETE', path: '/user/inbox-retention-policies/account',
  summary: "Delete the account's inbox retention policy (none is not an error)",
  response: Type.Ref(EmptyResponseDto),
  handler: async ({ tenantId }, { retention }) => {
    await retention.deleteAccountPolicy(tenantId);
    return {};
  },
});
