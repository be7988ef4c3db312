import type { Static } from '@sinclair/typebox';
import type { WarmupProgramRecord } from '../../storage/ports.js';
import type { ProgramProgress } from './warmup.service.js';
import type { EmailWarmupProgramDto } from './warmup.schemas.js';

export const toWarmupProgramDto = (
  p: WarmupProgramRecord, progress: ProgramProgress, totals: { sent: number; failed: number } | undefined,
): Static<typeof EmailWarmupProgramDto> => ({
  id: p.id,
  userId: p.tenantId,
  name: p.name,
  state: p.state,
  senderInboxIds: p.senderInboxIds,
  seedAddresses: p.seedAddresses,
  startVolume: p.startVolume,
  dailyIncrease: p.dailyIncrease,
  maxDailyVolume: p.maxDailyVolume,
  durationDays: p.durationDays,
  subject: p.subject,
  currentDay: progress.day === undefined ? null : progress.day + 1,
  todayTarget: progress.target ?? null,
  sentToday: progress.sentToday,
  sentTotal: totals?.sent ?? 0,
  failedTotal: totals?.failed ?? 0,
  startedAt: p.startedAt?.toISOString() ?? null,
  completedAt: p.completedAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
