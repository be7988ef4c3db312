import { notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { BouncedEmailRecord, BouncedRecipientRecord, BounceRepository, Slice } from '../../storage/ports.js';

type ListInput = { page?: number; size?: number; sort?: SortDirection; since?: Date; before?: Date };

/**
 * BounceController: the bounces of the caller's sent mail. They are written by the
 * BounceRecorder as sending records FAILED deliveries, never here.
 */
export class BounceService {
  constructor(private readonly bounces: BounceRepository) {}

  async pageEmails(tenantId: string, input: ListInput): Promise<{ slice: Slice<BouncedEmailRecord>; request: PageRequest }> {
    const request = pageRequest(input);
    return { slice: await this.bounces.pageEmails(tenantId, { since: input.since, before: input.before }, request), request };
  }

  async getEmail(tenantId: string, id: string): Promise<BouncedEmailRecord> {
    const bounce = await this.bounces.findEmail(tenantId, id);
    if (!bounce) throw notFound(`No bounced email ${id}`);
    return bounce;
  }

  async pageRecipients(tenantId: string, input: ListInput): Promise<{ slice: Slice<BouncedRecipientRecord>; request: PageRequest }> {
    const request = pageRequest(input);
    return { slice: await this.bounces.pageRecipients(tenantId, { since: input.since, before: input.before }, request), request };
  }

  async getRecipient(tenantId: string, id: string): Promise<BouncedRecipientRecord> {
    const recipient = await this.bounces.findRecipient(tenantId, id);
    if (!recipient) throw notFound(`No bounced recipient ${id}`);
    return recipient;
  }

  /**
   * Splits `recipients` into those safe to send to and those that bounced. Only permanent
   * bounces count: a transient one (a full mailbox, a relay that could not be reached)
   * says nothing lasting about the address. Order and spelling of the input are kept.
   */
  async filter(tenantId: string, recipients: string[]): Promise<{ filteredRecipients: string[]; bouncedRecipients: string[] }> {
    const given = recipients.map((r) => r.trim()).filter(Boolean);
    const bounced = await this.bounces.bouncedAmong(tenantId, given.map(bareAddress), ['Permanent']);
    const isBounced = (r: string) => bounced.has(bareAddress(r));
    return { filteredRecipients: given.filter((r) => !isBounced(r)), bouncedRecipients: given.filter(isBounced) };
  }
}

/** "Name <a@b.c>" or "a@b.c" → "a@b.c", lower-case, as bounced recipients are stored. */
function bareAddress(value: string): string {
  const angle = /<([^>]+)>/.exec(value);
  return (angle ? angle[1]! : value).trim().toLowerCase();
}
