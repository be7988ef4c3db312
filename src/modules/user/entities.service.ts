import { notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type {
  AutomationType, EntityAutomationRecord, EntityEventRecord, EntityEventType, EntityFavouriteRecord, FavouriteType, InboxRepository,
  PhoneNumberRepository, Slice, UserEntityRepository,
} from '../../storage/ports.js';

interface Paging {
  page?: number;
  size?: number;
  sort?: SortDirection;
  since?: Date;
  before?: Date;
}

type Paged<T> = Promise<{ slice: Slice<T>; request: PageRequest }>;

/**
 * The account-wide views of UserController: the caller's automations (forwarders, repliers,
 * rulesets), what happened to its entities (webhook results, forwarder and replier events, alias
 * proxying jobs), and its favourites (inboxes, emails, phone numbers, SMS). Read from the tables
 * that hold them; nothing here is stored of its own.
 */
export class UserEntitiesService {
  constructor(
    private readonly repo: UserEntityRepository,
    private readonly inboxes: Pick<InboxRepository, 'findById'>,
    private readonly phones: Pick<PhoneNumberRepository, 'findById'>,
  ) {}

  async automations(tenantId: string, query: Paging & { inboxId?: string; phoneId?: string; filter?: AutomationType }): Paged<EntityAutomationRecord> {
    await this.owned(tenantId, query);
    const request = pageRequest(query);
    const filter = { since: query.since, before: query.before, inboxId: query.inboxId, phoneId: query.phoneId, type: query.filter };
    return { slice: await this.repo.automations(tenantId, filter, request), request };
  }

  async events(
    tenantId: string,
    query: Paging & { inboxId?: string; emailId?: string; phoneId?: string; smsId?: string; attachmentId?: string; filter?: EntityEventType },
  ): Paged<EntityEventRecord> {
    await this.owned(tenantId, query);
    const request = pageRequest(query);
    const { filter, page: _p, size: _s, sort: _o, ...rest } = query;
    return { slice: await this.repo.events(tenantId, { ...rest, type: filter }, request), request };
  }

  async favourites(tenantId: string, query: Paging & { filter?: FavouriteType }): Paged<EntityFavouriteRecord> {
    const request = pageRequest(query);
    return { slice: await this.repo.favourites(tenantId, { since: query.since, before: query.before, type: query.filter }, request), request };
  }

  /** An inbox or phone number filter names one of the caller's: another's (or none) is a 404, as everywhere. */
  private async owned(tenantId: string, query: { inboxId?: string; phoneId?: string }): Promise<void> {
    if (query.inboxId && !(await this.inboxes.findById(tenantId, query.inboxId))) throw notFound(`No inbox ${query.inboxId}`);
    if (query.phoneId && !(await this.phones.findById(tenantId, query.phoneId))) throw notFound(`No phone number ${query.phoneId}`);
  }
}
