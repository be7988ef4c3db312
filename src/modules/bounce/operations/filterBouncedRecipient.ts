import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { FilterBouncedRecipientsOptions, FilterBouncedRecipientsResult } from '../bounce.schemas.js';

export const filterBouncedRecipient = bounceOperation({
  operationId: 'filterBouncedRecipient', method: 'POST', path: '/bounce/filter-recipients',
  summary: 'Remove from a list of addresses those that bounced permanently before (transient bounces do not count)',
  body: Type.Ref(FilterBouncedRecipientsOptions),
  response: Type.Ref(FilterBouncedRecipientsResult),
  handler: async ({ tenantId, body }, { bounces }) => bounces.filter(tenantId, (body as { emailRecipients: string[] }).emailRecipients),
});
