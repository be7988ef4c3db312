import { contactOperation } from './define.js';
import { ContactIdParams } from '../contacts.schemas.js';

export const deleteContact = contactOperation({
  operationId: 'deleteContact', method: 'DELETE', path: '/contacts/{contactId}',
  summary: 'Delete a contact (it leaves every group it was in)',
  params: ContactIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { contacts }) => {
    await contacts.delete(tenantId, params.contactId);
  },
});
