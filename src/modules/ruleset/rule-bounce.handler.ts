import type { Clock } from '../../core/clock.js';
import { badRequest } from '../../core/errors.js';
import type { ClaimedAutomationJob } from '../../storage/ports.js';
import type { IngestService } from '../email/ingest.service.js';
import type { Relay } from '../sending/relay.js';
import { buildDsn } from './dsn.js';

/** What a rule-bounce job carries (RulesetInbound queues it): everything the DSN says. */
export interface RuleBouncePayload {
  rulesetId: string;
  action: string;
  /** the return path of the bounced message: where the DSN goes */
  sender: string;
  /** the inbox that refused it */
  recipient: string;
  reportingMta: string;
  permanent: boolean;
  diagnostic: string;
  /** the header block of the bounced message */
  headers: string;
  arrivalDate: string;
  /** the SMTP code and status the DSN reports (chaos bounces); the rule's defaults when unset */
  code?: number;
  status?: string;
}

/**
 * Runs rule-bounce jobs: builds the RFC 3464 DSN and sends it the way sends go out. An inbox
 * of this server receives it through ingest (with the null reverse path, so no rule bounces
 * it back); other addresses go through the relay, with MAIL FROM <>; without a relay it is
 * captured (the job's result says so). A relay's permanent refusal fails the job for good;
 * anything else is retried by the automation worker.
 */
export class RuleBounceHandler {
  constructor(
    private readonly ingest: IngestService,
    private readonly relay: Relay | undefined,
    private readonly clock: Clock,
  ) {}

  async run(job: ClaimedAutomationJob): Promise<Record<string, unknown>> {
    const p = job.payload as unknown as RuleBouncePayload;
    const dsn = buildDsn({
      reportingMta: p.reportingMta, to: p.sender, recipient: p.recipient, permanent: p.permanent, diagnostic: p.diagnostic,
      originalHeaders: p.headers, arrivalDate: new Date(p.arrivalDate), now: this.clock.now(),
      ...(p.code === undefined ? {} : { code: p.code }), ...(p.status === undefined ? {} : { status: p.status }),
    });
    const local = await this.ingest.localRecipient(p.sender);
    if (local) {
      const stored = await this.ingest.deliver(dsn, [local], { mailFrom: null });
      return { delivery: 'LOCAL', to: p.sender, emailIds: stored.map((e) => e.id) };
    }
    if (!this.relay) return { delivery: 'CAPTURED', to: p.sender, response: 'Captured: no relay is configured (PIGEONHOLE_RELAY_URL)' };
    const result = await this.relay.send({ from: '', to: [p.sender] }, dsn);
    if (result.accepted.length > 0) return { delivery: 'RELAYED', to: p.sender, response: result.response };
    const refused = result.rejected[0];
    if (refused?.code && refused.code >= 500) throw badRequest(`The relay refused the DSN to ${p.sender}: ${refused.response}`);
    throw new Error(`The relay did not take the DSN to ${p.sender}: ${refused?.response ?? result.response}`);
  }
}
