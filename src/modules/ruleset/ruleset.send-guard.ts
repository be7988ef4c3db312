import { badRequest } from '../../core/errors.js';
import type { InboxRecord, MailAddress } from '../../storage/ports.js';
import type { SendGuard, SendRecipients } from '../sending/sending.types.js';
import { describeRule, judge } from './ruleset-match.js';
import type { RulesetService } from './ruleset.service.js';

/**
 * The SENDING_EMAILS rules on every send (API, envelope, SMTP submission, canSend), before
 * anything is stored: each recipient is judged alone. BLOCK refuses the whole send with a 400
 * naming the ruleset; FILTER_REMOVE drops that recipient; the bounce actions act on received
 * mail, and on a send refuse it like BLOCK.
 */
export class RulesetSendGuard implements SendGuard {
  readonly name = 'rulesets';

  constructor(private readonly rulesets: RulesetService) {}

  async check(inbox: InboxRecord, recipients: SendRecipients): Promise<SendRecipients> {
    const rules = await this.rulesets.rulesOf(inbox, 'SENDING_EMAILS');
    if (!rules.some((r) => r.active)) return recipients;
    const keep = (list: MailAddress[]) => list.filter((recipient) => {
      const { action, rule } = judge(rules, inbox.id, [recipient.emailAddress]);
      if (!rule || action === 'ALLOW') return true;
      if (action === 'FILTER_REMOVE') return false;
      const bounce = action === 'BLOCK' ? '' : ' (bounce actions act on received mail; on a send they refuse it like BLOCK)';
      throw badRequest(`Sending to ${recipient.emailAddress} is refused by ${describeRule(rule)}${bounce}; nothing was sent`);
    });
    return { to: keep(recipients.to), cc: keep(recipients.cc), bcc: keep(recipients.bcc) };
  }
}
