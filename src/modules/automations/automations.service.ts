import { notFound } from '../../core/errors.js';
import type { AliasRepository, AutomationJobRepository, InboxRepository, RulesetRepository } from '../../storage/ports.js';
import type { ForwarderService } from '../forwarder/forwarder.service.js';
import type { ReplierService } from '../replier/replier.service.js';

/** How many of each automation act on an inbox (or on the whole account). */
export interface InboxAutomations {
  inboxId: string | null;
  hasAutomations: boolean;
  rulesets: number;
  forwarders: number;
  repliers: number;
  aliases: number;
  scheduledSends: number;
}

/**
 * doesInboxHaveAutomations: the automations that act on one inbox (its rulesets and the
 * account's that are switched on, its forwarders and repliers, the alias it is, its pending
 * scheduled sends), or every one of the account when no inbox is named. Counted from the
 * stores the pipelines read, so "none" means mail to the inbox is stored and nothing more.
 */
export class InboxAutomationsService {
  constructor(
    private readonly inboxes: InboxRepository,
    private readonly rulesets: RulesetRepository,
    private readonly forwarders: ForwarderService,
    private readonly repliers: ReplierService,
    private readonly aliases: AliasRepository,
    private readonly jobs: AutomationJobRepository,
  ) {}

  async of(tenantId: string, inboxId?: string): Promise<InboxAutomations> {
    if (inboxId && !(await this.inboxes.findById(tenantId, inboxId))) throw notFound(`No inbox ${inboxId}`);
    const one = { page: 0, size: 1 };
    const [rulesets, forwarders, repliers, aliases, scheduled] = await Promise.all([
      inboxId
        ? this.rulesets.applicable(tenantId, inboxId).then((list) => list.filter((r) => r.active).length)
        : this.rulesets.page(tenantId, {}, { page: 0, size: 1, sort: 'ASC' }).then((slice) => slice.total),
      this.forwarders.page(tenantId, { ...one, inboxId }),
      this.repliers.page(tenantId, { ...one, inboxId }),
      inboxId
        ? this.aliases.findByInbox(tenantId, inboxId).then((alias) => (alias ? 1 : 0))
        : this.aliases.page(tenantId, {}, { page: 0, size: 1, sort: 'ASC' }).then((slice) => slice.total),
      this.jobs.page(tenantId, { kinds: ['scheduled-send'], inboxId, states: ['pending', 'inflight'] }, { page: 0, size: 1, sort: 'ASC' }),
    ]);
    const counts = {
      rulesets,
      forwarders: forwarders.slice.total,
      repliers: repliers.slice.total,
      aliases,
      scheduledSends: scheduled.total,
    };
    return { inboxId: inboxId ?? null, hasAutomations: Object.values(counts).some((n) => n > 0), ...counts };
  }
}
