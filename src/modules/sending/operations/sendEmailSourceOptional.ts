import { emailSendOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../../core/errors.js';
import { Uuid } from '../../shared/schemas.js';
import { SendEmailOptions } from '../sending.schemas.js';

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
  handler: async ({ tenantId, query: q, body }, { sending, inboxes }) => {
    if (q.inboxId) {
      await sending.send(tenantId, q.inboxId, body);
      return;
    }
    const inbox = await inboxes.create(tenantId, { useDomainPool: q.useDomainPool, virtualInbox: q.virtualSend });
    try {
      await sending.send(tenantId, inbox.id, body);
    } catch (err) {
      // Refusals come before anything is recorded: the inbox made for this send has no use.
      if (err instanceof AppError && err.code === 'BAD_REQUEST') await inboxes.delete(tenantId, inbox.id);
      throw err;
    }
  },
});
