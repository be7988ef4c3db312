import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { ServerSecretRepository } from '../ports.js';

export function serverSecretRepository(db: Kysely<Database>): ServerSecretRepository {
  return {
    async getOrCreate(name, candidate) {
      const existing = await db.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirst();
      if (existing) return existing.secret;
      // Two nodes may race to create it: the first insert wins and both read that one.
      await db.insertInto('server_secrets')
        .values({ name, secret: candidate, created_at: Date.now() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
      return row.secret;
    },
  };
}
