import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toRunDto } from '../retention.dto.js';
import { InboxRetentionPolicyRunDto, PageInboxRetentionPolicyRunProjection, RunIdParams, RunsQuery } from '../retention.schemas.js';
import { retentionOperation } from './define.js';

export const createInboxRetentionPolicyRun = retentionOperation({
  operationId: 'createInboxRetentionPolicyRun', method: 'POST', path: '/user/inbox-retention-policies/account/run',
  summary: "Run the account's inbox retention policies now: answers the finished run (COMPLETED or FAILED) with the inboxes it deleted",
  response: Type.Ref(InboxRetentionPolicyRunDto),
  handler: async ({ tenantId }, { retention }) => toRunDto(await retention.run(tenantId, 'USER_API')),
});

export const getInboxRetentionPolicyRun = retentionOperation({
  operationId: 'getInboxRetentionPolicyRun', method: 'GET', path: '/user/inbox-retention-policies/runs/{runId}',
  summary: 'Get an inbox retention policy run of the caller',
  params: RunIdParams,
  response: Type.Ref(InboxRetentionPolicyRunDto),
  handler: async ({ tenantId, params }, { retention }) => toRunDto(await retention.getRun(tenantId, params.runId)),
});

export const getInboxRetentionPolicyRuns = retentionOperation({
  operationId: 'getInboxRetentionPolicyRuns', method: 'GET', path: '/user/inbox-retention-policies/runs',
  summary: "Page through the account's inbox retention policy runs, on demand and scheduled",
  query: RunsQuery,
  response: Type.Ref(PageInboxRetentionPolicyRunProjection),
  handler: async ({ tenantId, query }, { retention }) => {
    const { slice, request } = await retention.pageRuns(tenantId, query);
    return toPage(slice.items.map(toRunDto), slice.total, request);
  },
});
