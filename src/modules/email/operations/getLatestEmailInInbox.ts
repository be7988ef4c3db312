import { inboxEmailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { toEmail } from '../email.dto.js';
import { Email } from '../email.schemas.js';
import { MAX_WAIT_MS } from '../wait.js';

export const getLatestEmailInInbox = inboxEmailOperation({
  operationId: 'getLatestEmailInInbox', method: 'GET', path: '/inboxes/getLatestEmail',
  summary: "The inbox's newest email, waiting up to timeoutMillis for one (408 if none arrives)",
  query: Type.Object({
    inboxId: Uuid,
    timeoutMillis: Type.Integer({ minimum: 0, maximum: MAX_WAIT_MS }),
  }),
  response: Type.Ref(Email),
  handler: async ({ tenantId, query, signal }, { emails }) => toEmail(await emails.latestInInbox(tenantId, query.inboxId, query.timeoutMillis, signal)),
});
