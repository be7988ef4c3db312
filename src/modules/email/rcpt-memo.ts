/**
 * What a recipient check looked up for an inbox at SMTP RCPT, kept for the DATA step of the same
 * transaction so a message does not ask the database the same question twice. The key is the
 * inbox object the SMTP transport hands to both (its recipient list for that transaction): the
 * entry dies with the transaction, and the step takes it once, so a later delivery to the same
 * inbox (another transaction, an API send, an import) looks up afresh. The rules a message is
 * judged by are those in force when its recipient was accepted, as an MTA decides at RCPT.
 */
export class RcptMemo<T> {
  private readonly byInbox = new WeakMap<object, Promise<T>>();

  /** Looks up at RCPT and keeps the answer for this inbox object's DATA step. */
  remember(inbox: object, lookup: () => Promise<T>): Promise<T> {
    const answer = lookup();
    this.byInbox.set(inbox, answer);
    return answer;
  }

  /** The answer kept at RCPT for this inbox object (once), else a fresh lookup. */
  take(inbox: object, lookup: () => Promise<T>): Promise<T> {
    const kept = this.byInbox.get(inbox);
    if (!kept) return lookup();
    this.byInbox.delete(inbox);
    return kept;
  }
}
