import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailIdParams } from '../email.schemas.js';

export const setEmailFavourited = emailOperation({
  operationId: 'setEmailFavourited', method: 'PUT', path: '/emails/{emailId}/favourite',
  summary: 'Mark or unmark an email as favourite',
  params: EmailIdParams,
  query: Type.Object({ favourited: Type.Boolean() }),
  status: 204,
  handler: async ({ tenantId, params, query }, { emails }) => {
    await emails.setFavourite(tenantId, params.emailId, query.favourited);
  },
});
