import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, Uuid } from '../shared/schemas.js';
import { spamScoreModelSchemas } from './spam-score.schemas.js';

export const SpamEmailProjection = Type.Object(
  {
    id: Uuid,
    from: Type.Optional(Nullable(Type.String())),
    userId: Uuid,
    inboxId: Uuid,
    to: Type.String(),
    createdAt: DateTime,
    subjectSnippet: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'SpamEmailProjection', description: 'A received email a spam check flagged' },
);
export const PageSpamEmailProjection = PageOf(Type.Ref(SpamEmailProjection), 'PageSpamEmailProjection');

export const SpamEmailsQuery = Type.Object({
  ...PageQuery,
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  inboxId: Type.Optional(Uuid),
});

export const spamModelSchemas = [SpamEmailProjection, PageSpamEmailProjection, ...spamScoreModelSchemas];
