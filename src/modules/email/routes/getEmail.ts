import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toEmail } from '../email.dto.js';
import { Email, EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

export const getEmail: EmailRoute = (app, { emails }) =>
  app.get('/emails/:emailId', {
    schema: {
      operationId: 'getEmail', tags: EMAIL_TAG, summary: 'The full email (parsed body, headers, attachment ids); marks it read',
      params: EmailIdParams,
      response: { 200: Type.Ref(Email) },
    },
  }, async (request) => toEmail(await emails.get(principalOf(request).tenantId, request.params.emailId)));
