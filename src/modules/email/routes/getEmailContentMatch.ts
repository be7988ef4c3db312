import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ContentMatchOptions, EmailContentMatchResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type ContentRoute } from './content-kit.js';

export const getEmailContentMatch: ContentRoute = (app, { content }) =>
  app.post('/emails/:emailId/contentMatch', {
    schema: {
      operationId: 'getEmailContentMatch', tags: EMAIL_TAG,
      summary: 'The first match of a Java-style regex in the body, followed by its groups',
      params: EmailIdParams,
      body: Type.Ref(ContentMatchOptions),
      response: { 200: Type.Ref(EmailContentMatchResult) },
    },
  }, async (request) => content.contentMatch(principalOf(request).tenantId, request.params.emailId, request.body.pattern));
