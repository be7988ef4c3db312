import { cancelScheduledJob, getAllScheduledJobs, getScheduledJob, getScheduledJobsByInboxId } from './scheduledJobs.js';
import { sendWithSchedule } from './sendWithSchedule.js';

export const scheduledOperations = [sendWithSchedule, getAllScheduledJobs, getScheduledJobsByInboxId, getScheduledJob, cancelScheduledJob];
