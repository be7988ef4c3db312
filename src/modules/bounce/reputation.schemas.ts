import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, StringEnum, Uuid } from '../shared/schemas.js';

/** The client's AccountRegion values (SES accounts of the hosted service). */
export const ACCOUNT_REGIONS = [
  'US_WEST_2_ACCOUNT_STAGING', 'US_EAST_1_ACCOUNT_STAGING', 'EU_WEST_1_ACCOUNT_STAGING', 'US_WEST_2_ACCOUNT_SES_1',
  'EU_WEST_1_ACCOUNT_SES_1', 'US_WEST_2_ACCOUNT_SES_2', 'EU_WEST_1_ACCOUNT_SES_2', 'US_WEST_2_ACCOUNT_SES_3',
  'US_WEST_2_ACCOUNT_BYTEWISE', 'EU_WEST_1_ACCOUNT_BYTEWISE', 'US_WEST_2', 'EU_WEST_1', 'US_EAST_1',
] as const;
export type AccountRegion = (typeof ACCOUNT_REGIONS)[number];
const REGION = 'this server has no SES regions: the accountRegion asked for, US_EAST_1 when none was';

export const Complaint = Type.Object(
  {
    id: Uuid,
    userId: Nullable(Uuid),
    eventType: Nullable(Type.String({ description: 'the Feedback-Type of the ARF report: abuse, fraud, virus, other, not-spam' })),
    mailSource: Nullable(Type.String({ description: 'the sending address of the original' })),
    mailMessageId: Nullable(Type.String({ description: 'the Message-ID of the original' })),
    complaintRecipient: Type.String({ description: 'the address that complained (Original-Rcpt-To)' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Complaint', description: 'An ARF feedback report (RFC 5965) about a sent email' },
);
export const PageComplaint = PageOf(Type.Ref(Complaint), 'PageComplaint');

export const ListUnsubscribeRecipientProjection = Type.Object(
  {
    id: Uuid,
    createdAt: DateTime,
    emailAddress: Type.String(),
    domainId: Nullable(Uuid),
  },
  { $id: 'ListUnsubscribeRecipientProjection', description: 'An address that unsubscribed with a one-click POST (RFC 8058)' },
);
export const PageListUnsubscribeRecipients = PageOf(Type.Ref(ListUnsubscribeRecipientProjection), 'PageListUnsubscribeRecipients');

export const ReputationItemProjection = Type.Object(
  {
    id: Uuid,
    severity: StringEnum(['INFO', 'WARNING', 'DANGER'], { description: 'DANGER: a permanent bounce or an abuse, fraud or virus complaint' }),
    source: Nullable(Type.String({ description: 'the sending address' })),
    createdAt: DateTime,
    recipient: Nullable(Type.String()),
    reputationType: StringEnum(['COMPLAINT', 'BOUNCE']),
  },
  { $id: 'ReputationItemProjection' },
);
export const PageReputationItems = PageOf(Type.Ref(ReputationItemProjection), 'PageReputationItems');

export const TenantReputationFindingDto = Type.Object(
  {
    accountRegion: StringEnum(ACCOUNT_REGIONS, { description: REGION }),
    tenantName: Type.String({ description: 'the sending inbox address the finding is about' }),
    tenantArn: Nullable(Type.String({ description: 'always null: no SES here' })),
    type: Nullable(Type.String({ description: 'BOUNCE_RATE, COMPLAINT_RATE, DAILY_BOUNCES or ACCOUNT_BOUNCES' })),
    impact: Nullable(Type.String({ description: 'HIGH (over the threshold: sending is blocked) or LOW (over half of it)' })),
    status: Nullable(Type.String({ description: 'ACTIVE' })),
    description: Nullable(Type.String()),
    createdTimestamp: Nullable(DateTime),
    lastUpdatedTimestamp: Nullable(DateTime),
  },
  { $id: 'TenantReputationFindingDto' },
);

export const TenantReputationFindingsDto = Type.Object(
  { generatedAt: DateTime, userId: Uuid, findings: Type.Array(Type.Ref(TenantReputationFindingDto)) },
  { $id: 'TenantReputationFindingsDto' },
);

export const TenantReputationStatusRowDto = Type.Object(
  {
    accountRegion: StringEnum(ACCOUNT_REGIONS, { description: REGION }),
    tenantName: Type.String({ description: 'the sending inbox address' }),
    tenantArn: Nullable(Type.String({ description: 'always null: no SES here' })),
    sendingStatus: Nullable(Type.String({ description: 'ENABLED, or DISABLED while the account is blocked (getAccountBounceBlockStatus)' })),
    reputationStatus: Nullable(Type.String({ description: 'HEALTHY, WARNING (over half a threshold) or BLOCKED; null below PIGEONHOLE_REPUTATION_MIN_SENDS sends' })),
    reputationPolicy: Nullable(Type.String({ description: 'the thresholds applied' })),
    customerManagedSendingStatus: Nullable(Type.String({ description: 'always null: no SES here' })),
    awsManagedSendingStatus: Nullable(Type.String({ description: 'always null: no SES here' })),
    findingCount: Type.Integer(),
    bounceRate: Nullable(Type.Number({ description: 'sends with a permanent bounce / sends, over the window (0..1)' })),
    complaintRate: Nullable(Type.Number({ description: 'sends with a complaint / sends, over the window (0..1)' })),
    sendLastHour: Nullable(Type.Integer()),
    metricTimestamp: Nullable(DateTime),
    error: Nullable(Type.String()),
  },
  { $id: 'TenantReputationStatusRowDto' },
);

export const TenantReputationStatusSummaryDto = Type.Object(
  { generatedAt: DateTime, userId: Uuid, rows: Type.Array(Type.Ref(TenantReputationStatusRowDto)) },
  { $id: 'TenantReputationStatusSummaryDto' },
);

export const AccountBounceBlockDto = Type.Object(
  {
    isFrozen: Type.Boolean({ description: 'always false: accounts are not frozen by hand here' }),
    isSendingBlocked: Type.Boolean({ description: 'a threshold is passed (see the README, "Complaints, list-unsubscribe and reputation")' }),
    bounceCount: Type.Integer({ description: 'bounced emails in all' }),
    bounceCountToday: Type.Integer({ description: 'bounced emails since midnight UTC' }),
    maximumDailyBounces: Type.Integer({ description: 'PIGEONHOLE_MAX_DAILY_BOUNCES' }),
    maximumAccountBounces: Type.Integer({ description: 'PIGEONHOLE_MAX_ACCOUNT_BOUNCES' }),
  },
  { $id: 'AccountBounceBlockDto' },
);

export const ComplaintIdParams = Type.Object({ id: Uuid });
export const ComplaintListQuery = Type.Object({ ...PageQuery, since: Type.Optional(DateTime), before: Type.Optional(DateTime) });
export const UnsubscribeListQuery = Type.Object({ ...PageQuery, domainId: Type.Optional(Uuid) });
export const RegionQuery = Type.Object({ accountRegion: Type.Optional(StringEnum(ACCOUNT_REGIONS)) });
export const UnsubscribeTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2048 }) });

export const reputationModelSchemas = [
  Complaint, PageComplaint, ListUnsubscribeRecipientProjection, PageListUnsubscribeRecipients, ReputationItemProjection,
  PageReputationItems, TenantReputationFindingDto, TenantReputationFindingsDto, TenantReputationStatusRowDto,
  TenantReputationStatusSummaryDto, AccountBounceBlockDto,
];
