import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toBouncedEmailDto } from '../bounce.dto.js';
import { BouncedEmailDto, BounceIdParams } from '../bounce.schemas.js';
import { TAG, type BounceRoute } from './kit.js';

export const getBouncedEmail: BounceRoute = (app, { bounces }) =>
  app.get('/bounce/emails/:id', {
    schema: {
      operationId: 'getBouncedEmail', tags: TAG, summary: 'A bounced email: who was sent to, who refused, and by which server',
      params: BounceIdParams,
      response: { 200: Type.Ref(BouncedEmailDto) },
    },
  }, async (request) => toBouncedEmailDto(await bounces.getEmail(principalOf(request).tenantId, request.params.id)));
