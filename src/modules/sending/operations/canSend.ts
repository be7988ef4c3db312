import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { CanSendEmailResults } from '../forward-and-check.schemas.js';
import { SendCheck } from '../send-check.js';
import { SendEmailOptions } from '../sending.schemas.js';
import { emailSendOperation } from './define.js';

export const canSend = emailSendOperation({
  operationId: 'canSend', method: 'POST', path: '/emails/can-send',
  summary: 'Run every check sendEmail would run for these options, without sending or recording anything',
  query: Type.Object({ inboxId: Uuid }),
  body: Type.Ref(SendEmailOptions),
  response: Type.Ref(CanSendEmailResults),
  handler: ({ tenantId, query, body }, { sending }) => SendCheck.of(sending).check(tenantId, query.inboxId, body),
});
