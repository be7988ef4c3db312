import { toPage } from '../../../core/paging.js';
import type { SortDirection } from '../../../core/paging.js';
import type { InboxService } from '../../../modules/inbox/inbox.service.js';
import { toInboxDto } from '../../../modules/inbox/inbox.dto.js';
import { dateArg, orUndefined, pageArgs, uuidArg } from '../args.js';
import { tenantOf } from '../context.js';
import { graphqlPage } from './pages.js';
import type { FieldResolver, Maybe } from './types.js';

interface CreateInboxArgs {
  emailAddress?: Maybe<string>;
  name?: Maybe<string>;
  description?: Maybe<string>;
  tags?: Maybe<string[]>;
  favourite?: Maybe<boolean>;
  expiresAt?: Maybe<string>;
  expiresIn?: Maybe<number>;
  inboxType?: Maybe<string>;
  useDomainPool?: Maybe<boolean>;
  virtualInbox?: Maybe<boolean>;
}

interface InboxesArgs {
  page?: Maybe<number>;
  size?: Maybe<number>;
  sort?: Maybe<SortDirection>;
  favourite?: Maybe<boolean>;
  search?: Maybe<string>;
  tag?: Maybe<string>;
}

/** Inbox queries and mutations: the same InboxService calls as the REST InboxController. */
export function inboxResolvers(inboxes: InboxService) {
  const inbox: FieldResolver<{ id: string }> = async (_root, args, context) =>
    toInboxDto(await inboxes.get(tenantOf(context), uuidArg('id', args.id)));

  const list: FieldResolver<InboxesArgs> = async (_root, args, context) => {
    const { slice, request } = await inboxes.page(tenantOf(context), {
      ...pageArgs(args),
      sort: orUndefined(args.sort),
      favourite: args.favourite,
      search: args.search,
      tag: args.tag,
    });
    return graphqlPage(toPage(slice.items.map(toInboxDto), slice.total, request));
  };

  const createInbox: FieldResolver<CreateInboxArgs> = async (_root, args, context) =>
    toInboxDto(await inboxes.create(tenantOf(context), { ...args, expiresAt: dateArg('expiresAt', args.expiresAt) }));

  const deleteInbox: FieldResolver<{ inboxId: string }> = async (_root, args, context) => {
    await inboxes.delete(tenantOf(context), uuidArg('inboxId', args.inboxId));
    return 'deleted';
  };

  return { Query: { inbox, inboxes: list }, Mutation: { createInbox, deleteInbox } };
}
