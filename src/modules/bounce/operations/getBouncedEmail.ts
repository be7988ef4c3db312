import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toBouncedEmailDto } from '../bounce.dto.js';
import { BouncedEmailDto, BounceIdParams } from '../bounce.schemas.js';

export const getBouncedEmail = bounceOperation({
  operationId: 'getBouncedEmail', method: 'GET', path: '/bounce/emails/{id}',
  summary: 'A bounced email: who was sent to, who refused, and by which server',
  params: BounceIdParams,
  response: Type.Ref(BouncedEmailDto),
  handler: async ({ tenantId, params }, { bounces }) => toBouncedEmailDto(await bounces.getEmail(tenantId, params.id)),
});
