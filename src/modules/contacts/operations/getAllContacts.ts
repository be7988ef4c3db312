import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { contactOperation, listQueryOf } from './define.js';
import { toContactProjection } from '../contacts.dto.js';
import { ContactsQuery, PageContactProjection } from '../contacts.schemas.js';

// A static path: matched before GET /contacts/{contactId}, so never taken for an id.
export const getAllContacts = contactOperation({
  operationId: 'getAllContacts', method: 'GET', path: '/contacts/paginated',
  summary: "Page through the caller's contacts",
  query: ContactsQuery,
  response: Type.Ref(PageContactProjection),
  handler: async ({ tenantId, query }, { contacts }) => {
    const { slice, request } = await contacts.page(tenantId, listQueryOf(query));
    return toPage(slice.items.map(toContactProjection), slice.total, request);
  },
});
