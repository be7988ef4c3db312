import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { BouncedRecipientRecord, BounceRepository, DeliveryStatusRecord, SentEmailRecord } from '../../storage/ports.js';
import { classifyRefusal } from './bounce-classify.js';

/**
 * Turns the FAILED delivery statuses of one send into its bounce: one bounced email for
 * the send and one bounced recipient per refused address. Every refusal counts, whoever
 * refused: the relay (a recipient or the whole message), a relay that could not be
 * reached, or an inbox of this server that no longer takes mail (expired). To the sender
 * each is the same thing, mail that did not arrive.
 */
export class BounceRecorder {
  constructor(
    private readonly bounces: BounceRepository,
    private readonly clock: Clock,
  ) {}

  /** Of `addresses` (bare, any case), those that bounced permanently before, lower-cased. */
  permanentlyBounced(tenantId: string, addresses: string[]): Promise<Set<string>> {
    return this.bounces.bouncedAmong(tenantId, addresses.map((a) => a.toLowerCase()), ['Permanent']);
  }

  async record(sent: SentEmailRecord, statuses: DeliveryStatusRecord[]): Promise<void> {
    const failed = statuses.filter((s) => s.outcome === 'FAILED');
    if (failed.length === 0) return;
    const now = this.clock.now();
    const bouncedEmailId = newId();
    const kinds = failed.map((s) => classifyRefusal(s.smtpStatusCode, s.smtpResponse));
    const recipients: BouncedRecipientRecord[] = failed.map((s, i) => {
      const kind = kinds[i]!;
      return {
        id: newId(),
        tenantId: sent.tenantId,
        bouncedEmailId,
        sentId: sent.id,
        recipient: s.recipient.toLowerCase(),
        // No retries are made, so even a transient refusal is final for this message.
        action: 'failed',
        status: kind.status,
        diagnosticCode: kind.diagnosticCode,
        bounceType: kind.bounceType,
        createdAt: now,
      };
    });
    const subTypes = new Set(kinds.map((k) => k.bounceSubType));
    const mtas = [...new Set(failed.map((s) => s.reportingMta).filter((m): m is string => m !== null))];
    await this.bounces.record({
      id: bouncedEmailId,
      tenantId: sent.tenantId,
      sentId: sent.id,
      notificationType: 'BOUNCE',
      sender: sent.from,
      subject: sent.subject,
      sentTo: [...new Set([...sent.recipients.to, ...sent.recipients.cc, ...sent.recipients.bcc].map((r) => r.emailAddress))],
      bounceRecipients: recipients.map((r) => r.recipient),
      bounceMta: mtas.join(', ') || null,
      // The send as a whole is permanent when any address refused it for good.
      bounceType: kinds.some((k) => k.bounceType === 'Permanent') ? 'Permanent' : 'Transient',
      bounceSubType: subTypes.size === 1 ? [...subTypes][0]! : 'General',
      createdAt: now,
    }, recipients);
  }
}
