import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { PageSentEmailProjection } from '../sending.schemas.js';
import { SentListQuery, sentListPage } from './getSentEmail.js';
import { SENT_TAG, type SendingRoute } from './kit.js';

/** A user is its own organization (as in getOrganizationInboxes), so these are the caller's sent emails. */
export const getSentOrganizationEmails: SendingRoute = (app, { sending }) =>
  app.get('/sent/organization', {
    schema: {
      operationId: 'getSentOrganizationEmails', tags: SENT_TAG,
      summary: "Page through the organization's sent emails (of one inbox if given)",
      querystring: SentListQuery,
      response: { 200: Type.Ref(PageSentEmailProjection) },
    },
  }, async (request) => sentListPage(sending, principalOf(request).tenantId, request.query));
