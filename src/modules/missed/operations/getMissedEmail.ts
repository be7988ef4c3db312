import { missedOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toMissedEmailDto } from '../missed.dto.js';
import { MissedEmailDto, MissedEmailIdParams } from '../missed.schemas.js';

export const getMissedEmail = missedOperation({
  operationId: 'getMissedEmail', method: 'GET', path: '/missed-emails/{missedEmailId}',
  summary: 'A missed email by its id',
  params: MissedEmailIdParams,
  response: Type.Ref(MissedEmailDto),
  handler: async ({ tenantId, params }, { missed }) => toMissedEmailDto(await missed.get(tenantId, params.missedEmailId)),
});
