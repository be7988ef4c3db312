import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { AppError } from '../../../core/errors.js';
import { Uuid } from '../../shared/schemas.js';
import { SendEmailOptions } from '../sending.schemas.js';
import { EMAIL_TAG, type SendingRoute } from './kit.js';

/**
 * POST /emails: send from `inboxId`, or, without one, from a new inbox made for this send
 * (useDomainPool: on a domain of the pool; virtualSend: a virtual inbox, which records the
 * send but delivers nothing). Those two options shape the new inbox only. A send refused as
 * invalid leaves no new inbox behind.
 */
export const sendEmailSourceOptional: SendingRoute = (app, { sending, inboxes }) =>
  app.post('/emails', {
    schema: {
      operationId: 'sendEmailSourceOptional', tags: EMAIL_TAG,
      summary: 'Send an email from an inbox, or from a new inbox when inboxId is left out',
      querystring: Type.Object({
        inboxId: Type.Optional(Uuid),
        useDomainPool: Type.Optional(Type.Boolean({ description: 'new inbox only: an address on a domain of the pool' })),
        virtualSend: Type.Optional(Type.Boolean({ description: 'new inbox only: a virtual inbox (records, never delivers)' })),
      }),
      body: Type.Ref(SendEmailOptions),
      response: { 204: { type: 'null', description: 'Sent' } },
    },
  }, async (request, reply) => {
    const tenantId = principalOf(request).tenantId;
    const q = request.query;
    if (q.inboxId) {
      await sending.send(tenantId, q.inboxId, request.body);
      return reply.status(204).send();
    }
    const inbox = await inboxes.create(tenantId, { useDomainPool: q.useDomainPool, virtualInbox: q.virtualSend });
    try {
      await sending.send(tenantId, inbox.id, request.body);
    } catch (err) {
      // Refusals come before anything is recorded: the inbox made for this send has no use.
      if (err instanceof AppError && err.code === 'BAD_REQUEST') await inboxes.delete(tenantId, inbox.id);
      throw err;
    }
    return reply.status(204).send();
  });
