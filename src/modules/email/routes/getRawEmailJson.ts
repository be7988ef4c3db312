import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailIdParams, RawEmailJson } from '../email.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

export const getRawEmailJson: EmailRoute = (app, { emails }) =>
  app.get('/emails/:emailId/raw/json', {
    schema: {
      operationId: 'getRawEmailJson', tags: EMAIL_TAG, summary: 'The raw message as received, in a JSON string',
      params: EmailIdParams,
      response: { 200: Type.Ref(RawEmailJson) },
    },
  }, async (request) => ({ content: rawAsText(await emails.raw(principalOf(request).tenantId, request.params.emailId)) }));

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 when the bytes are UTF-8 (all 7-bit mail is); otherwise latin1, which maps every byte to one character. */
function rawAsText(raw: Buffer): string {
  try {
    return strictUtf8.decode(raw);
  } catch {
    return raw.toString('latin1');
  }
}
