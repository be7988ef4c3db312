import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toMissedEmailDto } from '../missed.dto.js';
import { MissedEmailDto, MissedEmailIdParams } from '../missed.schemas.js';
import { TAG, type MissedRoute } from './kit.js';

export const getMissedEmail: MissedRoute = (app, { missed }) =>
  app.get('/missed-emails/:missedEmailId', {
    schema: {
      operationId: 'getMissedEmail', tags: TAG, summary: 'A missed email by its id',
      params: MissedEmailIdParams,
      response: { 200: Type.Ref(MissedEmailDto) },
    },
  }, async (request) => toMissedEmailDto(await missed.get(principalOf(request).tenantId, request.params.missedEmailId)));
