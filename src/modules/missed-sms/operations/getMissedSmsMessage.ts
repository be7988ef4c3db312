import { Type } from '@sinclair/typebox';
import { missedSmsOperation } from './define.js';
import { toMissedSmsDto } from '../missed-sms.dto.js';
import { MissedSmsDto, MissedSmsIdParams } from '../missed-sms.schemas.js';

export const getMissedSmsMessage = missedSmsOperation({
  operationId: 'getMissedSmsMessage', method: 'GET', path: '/missed-sms/{missedSmsId}',
  summary: 'Get a missed SMS with its body',
  params: MissedSmsIdParams,
  response: Type.Ref(MissedSmsDto),
  handler: async ({ tenantId, params }, { missedSms }) => toMissedSmsDto(await missedSms.get(tenantId, params.missedSmsId)),
});
