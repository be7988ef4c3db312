import { AppError } from '../../core/errors.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { CreateInboxInput } from '../inbox/inbox.types.js';
import type { SendingService, SendOutcome } from './sending.service.js';
import type { SendEmailInput } from './sending.types.js';

/**
 * Sends from `inboxId`, or, without one, from a new inbox made for this send (shaped by
 * `newInbox`): sendEmailSourceOptional, and CommonActionsController's sendEmailSimple and
 * sendEmailQuery ("if no senderId ... an inbox will be created for sending"). A send refused
 * as invalid leaves no new inbox behind.
 */
export async function sendFromInboxOrNew(
  { inboxes, sending }: { inboxes: InboxService; sending: SendingService },
  tenantId: string,
  inboxId: string | null | undefined,
  input: SendEmailInput,
  newInbox: CreateInboxInput = {},
): Promise<SendOutcome> {
  if (inboxId) return sending.send(tenantId, inboxId, input);
  const inbox = await inboxes.create(tenantId, newInbox);
  try {
    return await sending.send(tenantId, inbox.id, input);
  } catch (err) {
    // Refusals come before anything is recorded: the inbox made for this send has no use.
    if (err instanceof AppError && err.code === 'BAD_REQUEST') await inboxes.delete(tenantId, inbox.id);
    throw err;
  }
}
