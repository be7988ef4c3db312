import { Type } from '@sinclair/typebox';
import { DateTime, INT32_MAX, PageOf, PageQuery, StringEnum, Uuid } from '../shared/schemas.js';

/** The client's statuses; ABORTED is never answered here (a job either runs, fails or is cancelled). */
export const SCHEDULED_JOB_STATUSES = ['SUBMITTED', 'COMPLETED', 'ABORTED', 'FAILED', 'CANCELLED'] as const;

const scheduledJobFields = {
  id: Uuid,
  userId: Uuid,
  inboxId: Uuid,
  jobId: Type.String({ description: 'the same as id' }),
  groupId: Type.String({ description: 'the kind of job: always scheduled-send' }),
  triggerId: Type.String({ description: 'the same as id' }),
  status: StringEnum(SCHEDULED_JOB_STATUSES, { description: 'SUBMITTED until it runs, then COMPLETED or FAILED; CANCELLED when cancelled first' }),
  sendAtTimestamp: DateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
};

export const ScheduledJobDto = Type.Object(scheduledJobFields, { $id: 'ScheduledJobDto' });
export const ScheduledJob = Type.Object(scheduledJobFields, { $id: 'ScheduledJob' });
export const PageScheduledJobs = PageOf(Type.Ref(ScheduledJob), 'PageScheduledJobs');

export const SendWithScheduleQuery = Type.Object({
  sendAtTimestamp: Type.Optional(DateTime),
  sendAtNowPlusSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'seconds from now' })),
  validateBeforeEnqueue: Type.Optional(Type.Boolean({ description: "run sendEmail's checks before scheduling" })),
});

export const ScheduledJobsQuery = Type.Object({
  ...PageQuery,
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});

export const JobIdParams = Type.Object({ jobId: Uuid });

export const scheduledModelSchemas = [ScheduledJobDto, ScheduledJob, PageScheduledJobs];
