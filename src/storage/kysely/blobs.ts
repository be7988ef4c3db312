import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';

export const sha256Hex = (content: Buffer): string => createHash('sha256').update(content).digest('hex');

/**
 * Stores content once per hash. The upsert (rather than "do nothing") takes the row lock,
 * so a concurrent garbage collection of the same hash waits for this transaction.
 */
export async function putBlob(trx: Transaction<Database>, sha256: string, content: Buffer, at: number): Promise<void> {
  await trx
    .insertInto('blobs')
    .values({ sha256, size: content.length, encoding: 'identity', content, created_at: at })
    .onConflict((oc) => oc.column('sha256').doUpdateSet({ created_at: at }))
    .execute();
}

/** Deletes those of `hashes` that no email, sent email or attachment references any more. */
export async function collectBlobs(trx: Transaction<Database>, hashes: string[]): Promise<void> {
  const unique = [...new Set(hashes)];
  for (let i = 0; i < unique.length; i += 500) {
    await trx
      .deleteFrom('blobs')
      .where('sha256', 'in', unique.slice(i, i + 500))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('emails').select('id').whereRef('emails.raw_sha256', '=', 'blobs.sha256'))))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('sent_emails').select('id').whereRef('sent_emails.raw_sha256', '=', 'blobs.sha256'))),
      )
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('attachments').select('id').whereRef('attachments.blob_sha256', '=', 'blobs.sha256'))),
      )
      .execute();
  }
}
