import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, StringEnum, Uuid } from '../shared/schemas.js';
import { MAX_SEATS } from '../sender-seats/sender-seats.schemas.js';

export const WARMUP_STATES = ['DRAFT', 'ACTIVE', 'PAUSED', 'COMPLETED'] as const;
/** Most emails a program sends in one day. */
export const MAX_DAILY_VOLUME = 10_000;
export const MAX_DURATION_DAYS = 365;
const MAX_LIST = 100;

const fields = {
  name: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  senderInboxIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_LIST, uniqueItems: true, description: 'inboxes of yours the program sends from, in turn' }),
  seedAddresses: Type.Array(Type.String({ format: 'email', maxLength: 320 }), {
    minItems: 1, maxItems: MAX_LIST, uniqueItems: true, description: 'addresses it sends to, in turn (inboxes of this server receive them)',
  }),
  startVolume: Type.Integer({ minimum: 1, maximum: MAX_DAILY_VOLUME, description: 'emails on day 1' }),
  dailyIncrease: Type.Integer({ minimum: 0, maximum: MAX_DAILY_VOLUME, description: 'more emails each following day' }),
  maxDailyVolume: Type.Integer({ minimum: 1, maximum: MAX_DAILY_VOLUME, description: 'the daily volume never goes over this' }),
  durationDays: Type.Integer({ minimum: 1, maximum: MAX_DURATION_DAYS, description: 'days of active time; then the program completes' }),
  subject: Type.Optional(Nullable(Type.String({ maxLength: 998, description: 'subject of the warmup emails; a default when absent' }))),
};

export const CreateEmailWarmupProgramOptions = Type.Object(fields, { $id: 'CreateEmailWarmupProgramOptions' });

export const UpdateEmailWarmupProgramOptions = Type.Object(
  {
    name: fields.name,
    senderInboxIds: Type.Optional(fields.senderInboxIds),
    seedAddresses: Type.Optional(fields.seedAddresses),
    startVolume: Type.Optional(fields.startVolume),
    dailyIncrease: Type.Optional(fields.dailyIncrease),
    maxDailyVolume: Type.Optional(fields.maxDailyVolume),
    durationDays: Type.Optional(fields.durationDays),
    subject: fields.subject,
  },
  { $id: 'UpdateEmailWarmupProgramOptions' },
);

export const EmailWarmupProgramCommandOptions = Type.Object(
  {
    confirm: Type.Boolean({ description: 'must be true: deleting a program also deletes the record of its sends' }),
    reason: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { $id: 'EmailWarmupProgramCommandOptions' },
);

export const EmailWarmupProgramDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    name: Nullable(Type.String()),
    state: StringEnum(WARMUP_STATES, { description: 'DRAFT (editable) → ACTIVE ⇄ PAUSED → COMPLETED' }),
    senderInboxIds: Type.Array(Uuid),
    seedAddresses: Type.Array(Type.String()),
    startVolume: Type.Integer(),
    dailyIncrease: Type.Integer(),
    maxDailyVolume: Type.Integer(),
    durationDays: Type.Integer(),
    subject: Nullable(Type.String()),
    currentDay: Nullable(Type.Integer({ description: 'the program day (1-based, in active time) while it runs; null for drafts' })),
    todayTarget: Nullable(Type.Integer({ description: 'emails the current day sends; null unless active or paused' })),
    sentToday: Type.Integer({ description: 'emails sent on the current day' }),
    sentTotal: Type.Integer(),
    failedTotal: Type.Integer({ description: 'sends that were refused or failed' }),
    startedAt: Nullable(DateTime),
    completedAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'EmailWarmupProgramDto' },
);
export const PageEmailWarmupPrograms = PageOf(Type.Ref(EmailWarmupProgramDto), 'PageEmailWarmupPrograms');

export const UpdateEmailWarmupSenderSeatsOptions = Type.Object(
  { seats: Type.Integer({ minimum: 0, maximum: MAX_SEATS, description: 'how many distinct sender inboxes running (active or paused) programs may use together' }) },
  { $id: 'UpdateEmailWarmupSenderSeatsOptions' },
);

export const EmailWarmupUsageSummaryDto = Type.Object(
  {
    senderSeats: Nullable(Type.Integer({ description: 'the warmup sender cap; null when there is none' })),
    senderSeatsUsed: Type.Integer({ description: 'distinct sender inboxes of active and paused programs' }),
    senderSeatsAvailable: Nullable(Type.Integer()),
    senderInboxIds: Type.Array(Uuid),
    programs: Type.Integer(),
    activePrograms: Type.Integer(),
    sentToday: Type.Integer({ description: 'warmup emails sent since 00:00 UTC' }),
    sentTotal: Type.Integer(),
    failedTotal: Type.Integer(),
    days: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD (UTC)' }), sent: Type.Integer() }), { description: 'the last 30 days with sends' }),
    perProgram: Type.Array(Type.Object({ programId: Uuid, name: Nullable(Type.String()), state: StringEnum(WARMUP_STATES), sent: Type.Integer(), failed: Type.Integer() })),
  },
  { $id: 'EmailWarmupUsageSummaryDto' },
);

export const ProgramIdParams = Type.Object({ programId: Uuid });
export const ProgramsQuery = Type.Object(PageQuery);

export const warmupModelSchemas = [
  CreateEmailWarmupProgramOptions, UpdateEmailWarmupProgramOptions, EmailWarmupProgramCommandOptions, EmailWarmupProgramDto, PageEmailWarmupPrograms,
  UpdateEmailWarmupSenderSeatsOptions, EmailWarmupUsageSummaryDto,
];
