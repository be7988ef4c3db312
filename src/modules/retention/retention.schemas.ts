import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, StringEnum, Uuid } from '../shared/schemas.js';

/** Longest retention a policy may name: a hundred years. */
export const MAX_RETENTION_DAYS = 36_500;

const RetentionDays = Type.Integer({
  minimum: 1, maximum: MAX_RETENTION_DAYS,
  description: 'days an inbox is kept after its creation; a run deletes the inboxes created longer ago than this',
});

export const InboxRetentionPolicyDto = Type.Object(
  {
    id: Uuid,
    inboxId: Type.Optional(Nullable(Uuid)),
    retentionDays: Type.Integer(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'InboxRetentionPolicyDto', description: 'A retention policy: inboxId null = every inbox of the account' },
);

export const InboxRetentionPolicyOptionalDto = Type.Object(
  { policy: Type.Optional(Nullable(Type.Ref(InboxRetentionPolicyDto))) },
  { $id: 'InboxRetentionPolicyOptionalDto', description: 'The account policy, or policy null when there is none' },
);

export const CreateInboxRetentionPolicyForAccountOptions = Type.Object(
  { retentionDays: RetentionDays },
  { $id: 'CreateInboxRetentionPolicyForAccountOptions' },
);

export const UpdateInboxRetentionPolicyOptions = Type.Object(
  { retentionDays: RetentionDays },
  { $id: 'UpdateInboxRetentionPolicyOptions', description: 'New settings of a retention policy (spec §4.7)' },
);

export const InboxRetentionPolicyRunDto = Type.Object(
  {
    id: Uuid,
    status: StringEnum(['SUBMITTED', 'RUNNING', 'COMPLETED', 'FAILED']),
    source: StringEnum(['USER_API', 'SCHEDULE'], { description: 'USER_API: createInboxRetentionPolicyRun; SCHEDULE: the server\'s scheduled pass' }),
    matchedPolicies: Type.Integer({ description: 'policies of the account when the run started' }),
    appliedPolicies: Type.Integer({ description: 'policies the run carried out' }),
    deletedInboxCount: Type.Integer({ description: 'inboxes the run deleted' }),
    deletedInboxIds: Type.Array(Uuid, { description: 'the ids of the inboxes the run deleted' }),
    errorMessage: Type.Optional(Nullable(Type.String())),
    startedAt: Type.Optional(Nullable(DateTime)),
    completedAt: Type.Optional(Nullable(DateTime)),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'InboxRetentionPolicyRunDto' },
);

export const PageInboxRetentionPolicyRunProjection = PageOf(Type.Ref(InboxRetentionPolicyRunDto), 'PageInboxRetentionPolicyRunProjection');

export const PolicyIdParams = Type.Object({ policyId: Uuid });
export const RunIdParams = Type.Object({ runId: Uuid });
export const RunsQuery = Type.Object({ ...PageQuery });

export const retentionModelSchemas = [
  InboxRetentionPolicyDto, InboxRetentionPolicyOptionalDto, CreateInboxRetentionPolicyForAccountOptions, UpdateInboxRetentionPolicyOptions,
  InboxRetentionPolicyRunDto, PageInboxRetentionPolicyRunProjection,
];
