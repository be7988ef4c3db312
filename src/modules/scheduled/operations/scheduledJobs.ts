import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { Uuid } from '../../shared/schemas.js';
import { JobIdParams, PageScheduledJobs, ScheduledJobDto, ScheduledJobsQuery } from '../scheduled.schemas.js';
import { toScheduledJobDto } from '../scheduled.service.js';
import { scheduledOperation } from './define.js';

// Static paths: /inboxes/scheduled-jobs is matched before /inboxes/{inboxId}.
export const getAllScheduledJobs = scheduledOperation({
  operationId: 'getAllScheduledJobs', method: 'GET', path: '/inboxes/scheduled-jobs',
  summary: "Page through the account's scheduled sends, optionally of one inbox",
  query: Type.Object({ ...ScheduledJobsQuery.properties, inboxId: Type.Optional(Uuid) }),
  response: Type.Ref(PageScheduledJobs),
  handler: async ({ tenantId, query: q }, { scheduledSends }) => {
    const { slice, request } = await scheduledSends.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toScheduledJobDto), slice.total, request);
  },
});

export const getScheduledJobsByInboxId = scheduledOperation({
  operationId: 'getScheduledJobsByInboxId', method: 'GET', path: '/inboxes/{inboxId}/scheduled-jobs',
  summary: "Page through an inbox's scheduled sends",
  params: InboxIdParams,
  query: ScheduledJobsQuery,
  response: Type.Ref(PageScheduledJobs),
  handler: async ({ tenantId, params, query: q }, { scheduledSends }) => {
    const { slice, request } = await scheduledSends.pageOfInbox(tenantId, params.inboxId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toScheduledJobDto), slice.total, request);
  },
});

export const getScheduledJob = scheduledOperation({
  operationId: 'getScheduledJob', method: 'GET', path: '/inboxes/scheduled-jobs/{jobId}',
  summary: 'Get a scheduled send',
  params: JobIdParams,
  response: Type.Ref(ScheduledJobDto),
  handler: async ({ tenantId, params }, { scheduledSends }) => toScheduledJobDto(await scheduledSends.get(tenantId, params.jobId)),
});

export const cancelScheduledJob = scheduledOperation({
  operationId: 'cancelScheduledJob', method: 'DELETE', path: '/inboxes/scheduled-jobs/{jobId}',
  summary: 'Cancel a scheduled send that has not run yet (409 once it has)',
  params: JobIdParams,
  response: Type.Ref(ScheduledJobDto),
  handler: async ({ tenantId, params }, { scheduledSends }) => toScheduledJobDto(await scheduledSends.cancel(tenantId, params.jobId)),
});
