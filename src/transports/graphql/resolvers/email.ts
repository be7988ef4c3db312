import { toPage, type SortDirection } from '../../../core/paging.js';
import type { EmailService } from '../../../modules/email/email.service.js';
import type { InboxService } from '../../../modules/inbox/inbox.service.js';
import { parseSearchQuery } from '../../../modules/email/search-query.js';
import { optionalUuidArg, orUndefined, pageArgs, uuidArg } from '../args.js';
import { tenantOf } from '../context.js';
import { graphqlEmail, graphqlEmailPreview } from './email-views.js';
import { graphqlPage } from './pages.js';
import type { FieldResolver, Maybe } from './types.js';

interface EmailsArgs {
  inboxId?: Maybe<string>;
  page?: Maybe<number>;
  size?: Maybe<number>;
  sort?: Maybe<SortDirection>;
  unreadOnly?: Maybe<boolean>;
  search?: Maybe<string>;
}

/** Reading and deleting received emails: the same EmailService calls as the REST EmailController. */
export function emailResolvers(emails: EmailService, inboxes: InboxService) {
  const email: FieldResolver<{ id: string }> = async (_root, args, context) =>
    graphqlEmail(await emails.get(tenantOf(context), uuidArg('id', args.id)));

  const list: FieldResolver<EmailsArgs> = async (_root, args, context) => {
    const tenantId = tenantOf(context);
    const inboxId = optionalUuidArg('inboxId', args.inboxId);
    // Another tenant's inbox is NOT_FOUND, never an empty page.
    if (inboxId) await inboxes.get(tenantId, inboxId);
    const filter = { inboxIds: inboxId ? [inboxId] : undefined, unreadOnly: orUndefined(args.unreadOnly), search: parseSearchQuery(args.search) };
    const { slice, request } = await emails.page(tenantId, filter, { ...pageArgs(args), sort: orUndefined(args.sort) });
    return graphqlPage(toPage(slice.items.map(graphqlEmailPreview), slice.total, request));
  };

  const deleteEmail: FieldResolver<{ emailId: string }> = async (_root, args, context) => {
    await emails.delete(tenantOf(context), uuidArg('emailId', args.emailId));
    return 'deleted';
  };

  return { Query: { email, emails: list }, Mutation: { deleteEmail } };
}
