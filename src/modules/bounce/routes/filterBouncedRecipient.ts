import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { FilterBouncedRecipientsOptions, FilterBouncedRecipientsResult } from '../bounce.schemas.js';
import { TAG, type BounceRoute } from './kit.js';

export const filterBouncedRecipient: BounceRoute = (app, { bounces }) =>
  app.post('/bounce/filter-recipients', {
    schema: {
      operationId: 'filterBouncedRecipient', tags: TAG,
      summary: 'Remove from a list of addresses those that bounced permanently before (transient bounces do not count)',
      body: Type.Ref(FilterBouncedRecipientsOptions),
      response: { 200: Type.Ref(FilterBouncedRecipientsResult) },
    },
  }, async (request) => {
    const body = request.body as { emailRecipients: string[] };
    return bounces.filter(principalOf(request).tenantId, body.emailRecipients);
  });
