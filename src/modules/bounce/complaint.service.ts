import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { ComplaintRecord, ReputationRepository, Slice } from '../../storage/ports.js';
import { NotFeedbackReport, parseFeedbackReport } from './arf.js';

type ListInput = { page?: number; size?: number; sort?: SortDirection; since?: Date; before?: Date };

/**
 * Complaints: ARF feedback reports (RFC 5965) mailed to the feedback address
 * (PIGEONHOLE_FEEDBACK_ADDRESS). A report becomes a complaint of the tenant whose sent email
 * has the Message-ID of the report's original. The feedback address has no inbox, so what is
 * not a readable report, or a report about mail this server never sent, is refused at DATA
 * (550, saying why), as mail to any address without an inbox is: nothing is stored.
 */
export class ComplaintService {
  readonly feedbackAddress: string;

  constructor(
    private readonly reputation: ReputationRepository,
    private readonly clock: Clock,
    feedbackAddress: string,
  ) {
    this.feedbackAddress = feedbackAddress.trim().toLowerCase();
  }

  isFeedbackAddress(address: string): boolean {
    return address.trim().toLowerCase() === this.feedbackAddress;
  }

  /** Records the complaint a report makes; 400 (an SMTP 550) when it is none this server can place. */
  async receive(raw: Buffer, envelopeFrom: string | null): Promise<ComplaintRecord> {
    let report;
    try {
      report = parseFeedbackReport(raw);
    } catch (err) {
      if (err instanceof NotFeedbackReport) throw badRequest(`${this.feedbackAddress} takes ARF feedback reports only (RFC 5965): ${err.message}`);
      throw err;
    }
    if (!report.originalMessageId) throw badRequest('The feedback report carries no original message with a Message-ID: it cannot be matched to a sent email');
    if (!report.recipient) throw badRequest('The feedback report names no recipient (no Original-Rcpt-To, and no To in the original)');
    const sent = await this.reputation.findSentByMessageId(report.originalMessageId);
    if (!sent) throw badRequest(`The feedback report concerns ${report.originalMessageId}, which no email sent from this server has`);
    const now = this.clock.now();
    const complaint: ComplaintRecord = {
      id: newId(),
      tenantId: sent.tenantId,
      sentId: sent.sentId,
      inboxId: sent.inboxId,
      feedbackType: report.feedbackType,
      mailSource: sent.from,
      mailMessageId: report.originalMessageId,
      complaintRecipient: report.recipient,
      userAgent: report.userAgent,
      reporter: envelopeFrom,
      createdAt: now,
      updatedAt: now,
    };
    await this.reputation.recordComplaint(complaint);
    return complaint;
  }

  async page(tenantId: string, input: ListInput): Promise<{ slice: Slice<ComplaintRecord>; request: PageRequest }> {
    const request = pageRequest(input);
    return { slice: await this.reputation.pageComplaints(tenantId, { since: input.since, before: input.before }, request), request };
  }

  async get(tenantId: string, id: string): Promise<ComplaintRecord> {
    const complaint = await this.reputation.findComplaint(tenantId, id);
    if (!complaint) throw notFound(`No complaint ${id}`);
    return complaint;
  }
}
