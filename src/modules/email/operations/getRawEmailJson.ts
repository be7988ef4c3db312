import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailIdParams, RawEmailJson } from '../email.schemas.js';

export const getRawEmailJson = emailOperation({
  operationId: 'getRawEmailJson', method: 'GET', path: '/emails/{emailId}/raw/json',
  summary: 'The raw message as received, in a JSON string',
  params: EmailIdParams,
  response: Type.Ref(RawEmailJson),
  handler: async ({ tenantId, params }, { emails }) => ({ content: rawAsText(await emails.raw(tenantId, params.emailId)) }),
});

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 when the bytes are UTF-8 (all 7-bit mail is); otherwise latin1, which maps every byte to one character. */
function rawAsText(raw: Buffer): string {
  try {
    return strictUtf8.decode(raw);
  } catch {
    return raw.toString('latin1');
  }
}
