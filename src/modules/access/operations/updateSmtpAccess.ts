import { accessOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { AccessQuery, UpdateSmtpAccessOptions } from '../access.schemas.js';

export const updateSmtpAccess = accessOperation({
  operationId: 'updateSmtpAccess', method: 'PATCH', path: '/inboxes/smtp-access',
  summary: 'Choose the SMTP username and/or password of the inbox (or, without inboxId, of the account)',
  query: AccessQuery,
  body: Type.Ref(UpdateSmtpAccessOptions),
  status: 204,
  response: { type: 'null', description: 'Updated' },
  handler: async ({ tenantId, query, body }, { access }) => {
    await access.update(tenantId, query.inboxId, 'smtp', {
      username: body.smtpUsername, password: body.smtpPassword,
    });
  },
});
