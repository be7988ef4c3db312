import { emailSendOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { SendEmailOptions } from '../sending.schemas.js';
import { sendFromInboxOrNew } from '../send-from.js';

/**
 * POST /emails: send from `inboxId`, or, without one, from a new inbox made for this send
 * (useDomainPool: on a domain of the pool; virtualSend: a virtual inbox, which records the
 * send but delivers nothing). Those two options shape the new inbox only. A send refused as
 * invalid leaves no new inbox behind.
 */
export const sendEmailSourceOptional = emailSendOperation({
  operationId: 'sendEmailSourceOptional', method: 'POST', path: '/emails',
  summary: 'Send an email from an inbox, or from a new inbox when inboxId is left out',
  query: Type.Object({
    inboxId: Type.Optional(Uuid),
    useDomainPool: Type.Optional(Type.Boolean({ description: 'new inbox only: an address on a domain of the pool' })),
    virtualSend: Type.Optional(Type.Boolean({ description: 'new inbox only: a virtual inbox (records, never delivers)' })),
  }),
  body: Type.Ref(SendEmailOptions),
  status: 204,
  response: { type: 'null', description: 'Sent' },
  handler: async ({ tenantId, query: q, body }, services) => {
    await sendFromInboxOrNew(services, tenantId, q.inboxId, body, { useDomainPool: q.useDomainPool, virtualInbox: q.virtualSend });
  },
});
