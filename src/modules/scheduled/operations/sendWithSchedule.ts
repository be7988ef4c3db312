import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { SendEmailOptions } from '../../sending/sending.schemas.js';
import { ScheduledJobDto, SendWithScheduleQuery } from '../scheduled.schemas.js';
import { toScheduledJobDto } from '../scheduled.service.js';
import { scheduledOperation } from './define.js';

export const sendWithSchedule = scheduledOperation({
  operationId: 'sendWithSchedule', method: 'POST', path: '/inboxes/{inboxId}/with-schedule',
  summary: 'Send an email from the inbox at a given time (sendAtTimestamp) or after a delay (sendAtNowPlusSeconds)',
  description: 'Stored as a durable job: it survives restarts. With validateBeforeEnqueue=true every check of sendEmail runs first '
    + 'and a refusal is a 400 with nothing scheduled. A time already past sends at once.',
  params: InboxIdParams,
  query: SendWithScheduleQuery,
  body: Type.Ref(SendEmailOptions),
  response: Type.Ref(ScheduledJobDto),
  handler: async ({ tenantId, params, query, body }, { scheduledSends }) => toScheduledJobDto(await scheduledSends.schedule(
    tenantId, params.inboxId, body,
    { sendAtTimestamp: toDate(query.sendAtTimestamp), sendAtNowPlusSeconds: query.sendAtNowPlusSeconds },
    query.validateBeforeEnqueue ?? false,
  )),
});
