import { Type } from '@sinclair/typebox';
import { EmptyResponseDto } from '../../phone-inventory/phone-inventory.schemas.js';
import { toPolicyDto } from '../retention.dto.js';
import { InboxRetentionPolicyDto, PolicyIdParams, UpdateInboxRetentionPolicyOptions } from '../retention.schemas.js';
import { retentionOperation } from './define.js';

export const getInboxRetentionPolicy = retentionOperation({
  operationId: 'getInboxRetentionPolicy', method: 'GET', path: '/user/inbox-retention-policies/{policyId}',
  summary: 'Get an inbox retention policy of the caller by id',
  params: PolicyIdParams,
  response: Type.Ref(InboxRetentionPolicyDto),
  handler: async ({ tenantId, params }, { retention }) => toPolicyDto(await retention.getPolicy(tenantId, params.policyId)),
});

export const updateInboxRetentionPolicy = retentionOperation({
  operationId: 'updateInboxRetentionPolicy', method: 'PUT', path: '/user/inbox-retention-policies/{policyId}',
  summary: 'Change an inbox retention policy of the caller',
  params: PolicyIdParams,
  body: UpdateInboxRetentionPolicyOptions,
  response: Type.Ref(InboxRetentionPolicyDto),
  handler: async ({ tenantId, params, body }, { retention }) => toPolicyDto(await retention.updatePolicy(tenantId, params.policyId, body.retentionDays)),
});

export const deleteInboxRetentionPolicy = retentionOperation({
  operationId: 'deleteInboxRetentionPolicy', method: 'DELETE', path: '/user/inbox-retention-policies/{policyId}',
  summary: 'Delete an inbox retention policy of the caller',
  params: PolicyIdParams,
  response: Type.Ref(EmptyResponseDto),
  handler: async ({ tenantId, params }, { retention }) => {
    await retention.deletePolicy(tenantId, params.policyId);
    return {};
  },
});
