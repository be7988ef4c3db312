import { emailOperation } from './define.js';
import { EmailIdParams } from '../email.schemas.js';

export const deleteEmail = emailOperation({
  operationId: 'deleteEmail', method: 'DELETE', path: '/emails/{emailId}',
  summary: 'Delete an email and its attachments, irreversibly',
  params: EmailIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { emails }) => {
    await emails.delete(tenantId, params.emailId);
  },
});
