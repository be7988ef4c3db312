import { Type } from '@sinclair/typebox';
import { CountDto } from '../../shared/schemas.js';
import { missedSmsOperation } from './define.js';

export const getMissedSmsCount = missedSmsOperation({
  operationId: 'getMissedSmsCount', method: 'GET', path: '/missed-sms/count',
  summary: "How many missed SMS the caller has",
  response: Type.Ref(CountDto),
  handler: async ({ tenantId }, { missedSms }) => ({ totalElements: await missedSms.count(tenantId) }),
});
