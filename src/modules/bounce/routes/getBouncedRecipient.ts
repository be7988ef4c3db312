import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toBouncedRecipientDto } from '../bounce.dto.js';
import { BouncedRecipientDto, BounceIdParams } from '../bounce.schemas.js';
import { TAG, type BounceRoute } from './kit.js';

export const getBouncedRecipient: BounceRoute = (app, { bounces }) =>
  app.get('/bounce/recipients/:id', {
    schema: {
      operationId: 'getBouncedRecipient', tags: TAG, summary: "A bounced recipient with the refusing server's diagnostic",
      params: BounceIdParams,
      response: { 200: Type.Ref(BouncedRecipientDto) },
    },
  }, async (request) => toBouncedRecipientDto(await bounces.getRecipient(principalOf(request).tenantId, request.params.id)));
