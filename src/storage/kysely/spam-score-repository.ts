import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { SpamScoresTable } from '../spam-score-tables.js';
import type { SpamScoreRecord, SpamScoreRepository } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';

const toRecord = (row: Selectable<SpamScoresTable>): SpamScoreRecord => ({
  emailId: row.email_id, tenantId: row.tenant_id, inboxId: row.inbox_id,
  score: Number(row.score), requiredScore: Number(row.required_score), threshold: Number(row.threshold), spam: Number(row.spam) === 1,
  rules: JSON.parse(row.rules_json) as SpamScoreRecord['rules'], checkedAt: fromMillis(row.checked_at),
});

export function spamScoreRepository(db: Kysely<Database>): SpamScoreRepository {
  return {
    async save(s) {
      const values = {
        email_id: s.emailId, tenant_id: s.tenantId, inbox_id: s.inboxId, score: s.score, required_score: s.requiredScore,
        threshold: s.threshold, spam: s.spam ? 1 : 0, rules_json: JSON.stringify(s.rules), checked_at: toMillis(s.checkedAt),
      };
      const { email_id: _, ...update } = values;
      await db.insertInto('spam_scores').values(values).onConflict((oc) => oc.column('email_id').doUpdateSet(update)).execute();
    },

    async find(tenantId, emailId) {
      const row = await db.selectFrom('spam_scores').selectAll().where('tenant_id', '=', tenantId).where('email_id', '=', emailId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
  };
}
