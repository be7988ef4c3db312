import { Type } from '@sinclair/typebox';
import { smsOperation } from './define.js';
import { SmsIdParams } from '../sms.schemas.js';
import { ExtractCodesOptions, ExtractCodesResult } from '../../email/content.schemas.js';

export const getSmsCodes = smsOperation({
  operationId: 'getSmsCodes', method: 'POST', path: '/sms/{smsId}/codes',
  summary: "Verification codes in an SMS body, best first (the extractor of getEmailCodes; source SMS_BODY)",
  params: SmsIdParams,
  // the options are optional: the official client then sends no body at all
  body: Type.Ref(ExtractCodesOptions),
  optionalBody: true,
  response: Type.Ref(ExtractCodesResult),
  handler: async ({ tenantId, params, body }, { sms, content }) => {
    const message = await sms.get(tenantId, params.smsId);
    return content.codesIn([{ source: 'SMS_BODY', text: message.body }], body ?? {}, 'the SMS has no body to search');
  },
});
