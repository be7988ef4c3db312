import { commonActionsOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { SendEmailQuery, SimpleSendEmailOptions } from '../common-actions.schemas.js';
import { sendSimple } from '../simple-send.js';

export const sendEmailSimple = commonActionsOperation({
  operationId: 'sendEmailSimple', method: 'POST', path: '/sendEmail',
  summary: 'Send an email to one address from inbox senderId, or from a new inbox when senderId is left out',
  body: Type.Ref(SimpleSendEmailOptions),
  status: 201,
  response: { type: 'null', description: 'Sent' },
  handler: async ({ tenantId, body }, services) => {
    await sendSimple(services, tenantId, body);
  },
});

export const sendEmailQuery = commonActionsOperation({
  operationId: 'sendEmailQuery', method: 'POST', path: '/sendEmailQuery',
  summary: 'Send an email given as query parameters (to, senderId, subject, body), as sendEmailSimple',
  query: SendEmailQuery,
  status: 201,
  response: { type: 'null', description: 'Sent' },
  handler: async ({ tenantId, query }, services) => {
    await sendSimple(services, tenantId, query);
  },
});
