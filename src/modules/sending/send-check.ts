import { AppError } from '../../core/errors.js';
import { SendingService } from './sending.service.js';
import type { SendEmailInput } from './sending.types.js';

/** Thrown where a real send would start recording and delivering: every check has passed. */
class ChecksPassed extends Error {}

export interface CanSendResult {
  isSendingPermitted: boolean;
  message: string | null;
}

/**
 * canSend: runs sendEmail's own code path (inbox, options, addresses, attachments, composing)
 * and the send guards (rulesets, consent), and stops just before the receipt is stored and
 * anything is delivered. Reusing the path,
 * rather than copying its checks, keeps the answer true as sendEmail gains checks.
 */
export class SendCheck extends SendingService {
  /** A checker over the same collaborators (repositories, relay, clock) as `sending`. */
  static of(sending: SendingService): SendCheck {
    return Object.assign(Object.create(SendCheck.prototype) as SendCheck, sending);
  }

  protected override async commit(): Promise<never> {
    throw new ChecksPassed();
  }

  /**
   * Refusals sendEmail answers with 400 become `isSendingPermitted: false` with the same
   * message; an inbox the caller does not own stays a 404, exactly as for sendEmail.
   */
  async check(tenantId: string, inboxId: string, input: SendEmailInput): Promise<CanSendResult> {
    try {
      await this.send(tenantId, inboxId, input);
    } catch (err) {
      if (err instanceof ChecksPassed) return { isSendingPermitted: true, message: null };
      if (err instanceof AppError && err.code === 'BAD_REQUEST') return { isSendingPermitted: false, message: err.message };
      throw err;
    }
    throw new Error('SendCheck: send finished without reaching commit');
  }
}
