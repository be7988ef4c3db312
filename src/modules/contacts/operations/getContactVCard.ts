import { Content } from '../../../core/operation.js';
import { contactOperation } from './define.js';
import { ContactIdParams } from '../contacts.schemas.js';
import { toVCard } from '../vcard.js';

export const getContactVCard = contactOperation({
  operationId: 'getContactVCard', method: 'GET', path: '/contacts/{contactId}/download',
  summary: 'The contact as a vCard 4.0 file (text/vcard)',
  params: ContactIdParams,
  handler: async ({ tenantId, params }, { contacts }) => {
    const contact = await contacts.get(tenantId, params.contactId);
    return new Content(toVCard(contact), 'text/vcard; charset=utf-8', {
      'content-disposition': `attachment; filename="${contact.id}.vcf"`,
    });
  },
});
