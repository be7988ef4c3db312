import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from '../shared/schemas.js';

/** Pigeonhole extension (not a MailSlurp model): spamd's verdict on one received email. */
export const SpamRuleHitDto = Type.Object(
  {
    name: Type.String({ description: 'SpamAssassin rule name, e.g. GTUBE, MISSING_DATE' }),
    score: Type.Number({ description: 'points the rule added (negative: taken away)' }),
    description: Nullable(Type.String({ description: 'the rule\'s description from spamd\'s report; null when the rule has none' })),
  },
  { $id: 'SpamRuleHitDto' },
);

export const SpamScoreDto = Type.Object(
  {
    emailId: Uuid,
    inboxId: Uuid,
    score: Type.Number({ description: 'SpamAssassin score of the raw message as stored' }),
    requiredScore: Type.Number({ description: 'spamd\'s own required_score (its configuration; 5.0 by default)' }),
    threshold: Type.Number({ description: 'PIGEONHOLE_SPAM_THRESHOLD when it was scored: at or over it the email is recorded as spam (getAllSpamEmails)' }),
    spam: Type.Boolean({ description: 'score >= threshold' }),
    rules: Type.Array(Type.Ref(SpamRuleHitDto)),
    checkedAt: DateTime,
  },
  { $id: 'SpamScoreDto', description: 'Pigeonhole extension: SpamAssassin\'s score of a received email' },
);

export const SpamScoreQuery = Type.Object({
  recheck: Type.Optional(Type.Boolean({ description: 'score the email again even when a score is stored' })),
});

export const spamScoreModelSchemas = [SpamRuleHitDto, SpamScoreDto];
