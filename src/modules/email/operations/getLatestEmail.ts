import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { toEmail } from '../email.dto.js';
import { Email } from '../email.schemas.js';

export const getLatestEmail = emailOperation({
  operationId: 'getLatestEmail', method: 'GET', path: '/emails/latest',
  summary: "The newest of the caller's emails (of the given inboxes); 404 if none",
  query: Type.Object({ inboxIds: Type.Optional(Type.Array(Uuid)) }),
  response: Type.Ref(Email),
  handler: async ({ tenantId, query }, { emails }) => toEmail(await emails.latest(tenantId, query.inboxIds)),
});

export const getLatestEmailInInbox1 = emailOperation({
  operationId: 'getLatestEmailInInbox1', method: 'GET', path: '/emails/latestIn',
  summary: "The inbox's newest email; 404 if it has none",
  query: Type.Object({ inboxId: Uuid }),
  response: Type.Ref(Email),
  handler: async ({ tenantId, query }, { emails }) => toEmail(await emails.latest(tenantId, [query.inboxId])),
});
