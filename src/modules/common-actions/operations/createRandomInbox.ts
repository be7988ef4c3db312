import { commonActionsOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { toInboxDto } from '../../inbox/inbox.dto.js';
import { CreateInboxQuery, InboxDto } from '../../inbox/inbox.schemas.js';
import type { Services } from '../../services.js';
import type { Static } from '@sinclair/typebox';

/** Both create an inbox exactly as createInbox does, from the same query parameters. */
const create = async (tenantId: string, q: Static<typeof CreateInboxQuery>, { inboxes }: Services) =>
  toInboxDto(await inboxes.create(tenantId, { ...q, expiresAt: toDate(q.expiresAt) }));

export const createRandomInbox = commonActionsOperation({
  operationId: 'createRandomInbox', method: 'POST', path: '/createInbox',
  summary: 'Create an inbox with a random or given address (as createInbox; options as query parameters)',
  query: CreateInboxQuery,
  status: 201,
  response: Type.Ref(InboxDto),
  handler: ({ tenantId, query }, services) => create(tenantId, query, services),
});

export const createNewEmailAddress = commonActionsOperation({
  operationId: 'createNewEmailAddress', method: 'POST', path: '/newEmailAddress',
  summary: 'Create an inbox with a random or given address (as createInbox; options as query parameters)',
  query: CreateInboxQuery,
  status: 201,
  response: Type.Ref(InboxDto),
  handler: ({ tenantId, query }, services) => create(tenantId, query, services),
});
