import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import type { SpamScoreRecord } from '../../../storage/ports.js';
import type { Services } from '../../services.js';
import { Uuid } from '../../shared/schemas.js';
import { SpamScoreDto, SpamScoreQuery } from '../spam-score.schemas.js';

/** SpamAssassin scores of received mail, for the dashboard. Not part of the MailSlurp API. */
export const spamScoreOperation = operationsOf<Services>('SpamScore');

export const toSpamScoreDto = (s: SpamScoreRecord) => ({
  emailId: s.emailId, inboxId: s.inboxId, score: s.score, requiredScore: s.requiredScore, threshold: s.threshold, spam: s.spam,
  rules: s.rules, checkedAt: s.checkedAt.toISOString(),
});

export const getEmailSpamScore = spamScoreOperation({
  operationId: 'getEmailSpamScore', method: 'GET', path: '/emails/{emailId}/spam-score',
  summary: 'Pigeonhole extension: SpamAssassin\'s score of a received email and the rules that hit; scored now (and stored) when no score is stored or recheck=true. 503 while spamd is unavailable (starting, off, or the Debian package spamassassin not installed), 413 over 500 KiB',
  params: Type.Object({ emailId: Uuid }),
  query: SpamScoreQuery,
  response: Type.Ref(SpamScoreDto),
  handler: async ({ tenantId, params, query }, { spamScores }) =>
    toSpamScoreDto(await spamScores.scoreOf(tenantId, params.emailId, { recheck: query.recheck })),
});
