import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { MissedSmsRepository, PhoneNumberRecord, SmsRepository } from '../../storage/ports.js';
import type { InboundSms, SmsInboundStep } from '../sms/sms-pipeline.js';

/**
 * The optional per-tenant SMS cap (PIGEONHOLE_TENANT_SMS_CAP), as an inbound SMS step, like the
 * email cap: a tenant may hold at most `cap` received SMS; an SMS for its numbers beyond that
 * is still taken by the carrier (the sender sees a normal send) but kept as a missed-SMS
 * record (MissedSmsController) instead of being stored: no SMS, no NEW_SMS webhook, no wake.
 */
export class TenantSmsCapStep implements SmsInboundStep {
  readonly name = 'tenant-sms-cap';

  constructor(
    private readonly sms: Pick<SmsRepository, 'count'>,
    private readonly missed: MissedSmsRepository,
    private readonly clock: Clock,
    /** 0 = no cap */
    private readonly cap: number,
  ) {}

  async apply(phone: PhoneNumberRecord, sms: InboundSms): Promise<'deliver' | 'drop'> {
    if (this.cap <= 0) return 'deliver';
    if ((await this.sms.count(phone.tenantId, {})) < this.cap) return 'deliver';
    const now = this.clock.now();
    await this.missed.create({
      id: newId(), tenantId: phone.tenantId, phoneId: phone.id, fromNumber: sms.fromNumber, toNumber: phone.phoneNumber, body: sms.body,
      createdAt: now, updatedAt: now,
    });
    return 'drop';
  }
}
