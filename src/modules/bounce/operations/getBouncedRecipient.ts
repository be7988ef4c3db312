import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toBouncedRecipientDto } from '../bounce.dto.js';
import { BouncedRecipientDto, BounceIdParams } from '../bounce.schemas.js';

export const getBouncedRecipient = bounceOperation({
  operationId: 'getBouncedRecipient', method: 'GET', path: '/bounce/recipients/{id}',
  summary: "A bounced recipient with the refusing server's diagnostic",
  params: BounceIdParams,
  response: Type.Ref(BouncedRecipientDto),
  handler: async ({ tenantId, params }, { bounces }) => toBouncedRecipientDto(await bounces.getRecipient(tenantId, params.id)),
});
