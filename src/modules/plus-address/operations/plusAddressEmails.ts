import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toEmailPreview } from '../../email/email.dto.js';
import { PageEmailPreview } from '../../email/email.schemas.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { InboxPlusAddressParams, PlusAddressEmailsQuery } from '../plus-address.schemas.js';
import { plusAddressOperation, plusQueryOf } from './define.js';

// /inboxes/{inboxId}/plus-addresses/emails is static in its last segment: matched before .../{plusAddressId}.
export const getInboxPlusAddressEmails = plusAddressOperation({
  operationId: 'getInboxPlusAddressEmails', method: 'GET', path: '/inboxes/{inboxId}/plus-addresses/emails',
  summary: 'Page through the emails that came to a plus address of the inbox, named by its tag or in full',
  params: InboxIdParams,
  query: Type.Object({
    ...PlusAddressEmailsQuery.properties,
    plusAddress: Type.String({ minLength: 1, maxLength: 320, description: 'the tag (news) or the full address (local+news@domain)' }),
  }),
  response: Type.Ref(PageEmailPreview),
  handler: async ({ tenantId, params, query }, { plusAddresses }) => {
    const { slice, request } = await plusAddresses.emailsOf(tenantId, params.inboxId, query.plusAddress, plusQueryOf(query));
    return toPage(slice.items.map(toEmailPreview), slice.total, request);
  },
});

export const getInboxPlusAddressEmailsForPlusAddressId = plusAddressOperation({
  operationId: 'getInboxPlusAddressEmailsForPlusAddressId', method: 'GET', path: '/inboxes/{inboxId}/plus-addresses/{plusAddressId}/emails',
  summary: 'Page through the emails that came to a plus address of the inbox',
  params: InboxPlusAddressParams,
  query: PlusAddressEmailsQuery,
  response: Type.Ref(PageEmailPreview),
  handler: async ({ tenantId, params, query }, { plusAddresses }) => {
    const { slice, request } = await plusAddresses.emails(tenantId, params.inboxId, params.plusAddressId, plusQueryOf(query));
    return toPage(slice.items.map(toEmailPreview), slice.total, request);
  },
});
