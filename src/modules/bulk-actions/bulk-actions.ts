import { badRequest } from '../../core/errors.js';
import type { InboxRecord } from '../../storage/ports.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { SendCheck } from '../sending/send-check.js';
import type { SendingService, SendOutcome } from '../sending/sending.service.js';
import type { SendEmailInput } from '../sending/sending.types.js';

/**
 * BulkActionsController: each call is all or nothing as far as the caller can tell. Every
 * inbox is checked before anything changes (an id that is not the caller's inbox is 404, as
 * for the single operations), and a creation that fails part way removes what it made.
 */

/** bulkCreateInboxes: `count` inboxes, each as createInbox with no options makes it. */
export async function bulkCreateInboxes(inboxes: InboxService, tenantId: string, count: number): Promise<InboxRecord[]> {
  const created: InboxRecord[] = [];
  try {
    for (let i = 0; i < count; i++) created.push(await inboxes.create(tenantId, {}));
  } catch (err) {
    // Over the inbox quota part way (or any fault): none of this call's inboxes stay.
    for (const inbox of created) await inboxes.delete(tenantId, inbox.id).catch(() => undefined);
    throw err;
  }
  return created;
}

/** bulkDeleteInboxes: every id must be one of the caller's inboxes (else 404 and nothing is deleted). */
export async function bulkDeleteInboxes(inboxes: InboxService, tenantId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  for (const id of unique) await inboxes.get(tenantId, id);
  for (const id of unique) await inboxes.delete(tenantId, id);
}

/**
 * bulkSendEmails: the same SendEmailOptions sent from each inbox, through SendingService.
 * Every send is first run through sendEmail's own checks (canSend): an inbox that is not the
 * caller's is 404, a send that would be refused is 400 naming the inbox, and then nothing is sent.
 */
export async function bulkSendEmails(
  sending: SendingService,
  tenantId: string,
  inboxIds: readonly string[],
  input: SendEmailInput,
): Promise<SendOutcome[]> {
  const unique = [...new Set(inboxIds.map((id) => id.toLowerCase()))];
  const checker = SendCheck.of(sending);
  for (const inboxId of unique) {
    const { isSendingPermitted, message } = await checker.check(tenantId, inboxId, input);
    if (!isSendingPermitted) throw badRequest(`Inbox ${inboxId} cannot send this email: ${message}`);
  }
  const outcomes: SendOutcome[] = [];
  for (const inboxId of unique) outcomes.push(await sending.send(tenantId, inboxId, input));
  return outcomes;
}
