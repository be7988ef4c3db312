import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { CanSendEmailResults } from '../forward-and-check.schemas.js';
import { SendCheck } from '../send-check.js';
import { SendEmailOptions } from '../sending.schemas.js';
import { EMAIL_TAG, type SendingRoute } from './kit.js';

export const canSend: SendingRoute = (app, { sending }) => {
  const checker = SendCheck.of(sending);
  app.post('/emails/can-send', {
    schema: {
      operationId: 'canSend', tags: EMAIL_TAG,
      summary: 'Run every check sendEmail would run for these options, without sending or recording anything',
      querystring: Type.Object({ inboxId: Uuid }),
      body: Type.Ref(SendEmailOptions),
      response: { 200: Type.Ref(CanSendEmailResults) },
    },
  }, async (request) => checker.check(principalOf(request).tenantId, request.query.inboxId, request.body));
};
