import type { EmailRepository, IncomingEmail } from './ports.js';
import { groupCommit } from '../core/group-commit.js';

/**
 * The email repository with incoming mail group-committed: concurrent inbound messages
 * share one transaction, and each SMTP 250 still waits for its own commit. The groups are
 * written by `write` when given (the SQLite writer thread, ingest-writer.ts), else by the
 * repository itself. Everything else is the repository's own.
 */
export function groupedIngest(
  emails: EmailRepository,
  write: (batch: IncomingEmail[]) => Promise<void> = (batch) => emails.storeIncoming(batch),
): EmailRepository {
  return { ...emails, storeIncoming: groupCommit(write) };
}
