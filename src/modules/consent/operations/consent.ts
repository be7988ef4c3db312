import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { toPage } from '../../../core/paging.js';
import { confirmedPage } from '../confirm-page.js';
import { toOptInIdentityProjection } from '../consent.dto.js';
import {
  EmailAddressQuery, OptInConsentOptions, OptInConsentSendResult, OptInIdentitiesQuery, OptInSendingConsentDto, PageOptInIdentityProjection,
} from '../consent.schemas.js';
import { CONFIRM_PATH } from '../consent.service.js';
import { consentOperation } from './define.js';

export const checkSendingConsentForEmailAddress = consentOperation({
  operationId: 'checkSendingConsentForEmailAddress', method: 'GET', path: '/consent/opt-in/sending-consent',
  summary: 'Whether a consent request was mailed to the address, whether it consented, and whether a send to it would pass',
  query: EmailAddressQuery,
  response: Type.Ref(OptInSendingConsentDto),
  handler: async ({ tenantId, query }, { consent }) => consent.status(tenantId, query.emailAddress),
});

export const getOptInIdentities = consentOperation({
  operationId: 'getOptInIdentities', method: 'GET', path: '/consent/opt-in',
  summary: 'Page through the addresses asked for consent (or revoked), verified when they consented',
  query: OptInIdentitiesQuery,
  response: Type.Ref(PageOptInIdentityProjection),
  handler: async ({ tenantId, query }, { consent }) => {
    const { slice, request } = await consent.page(tenantId, query);
    return toPage(slice.items.map(toOptInIdentityProjection), slice.total, request);
  },
});

export const revokeOptInConsentForEmailAddress = consentOperation({
  operationId: 'revokeOptInConsentForEmailAddress', method: 'DELETE', path: '/consent/opt-in',
  summary: 'Revoke the consent of an address: sends to it are refused until it confirms a new request',
  query: EmailAddressQuery,
  response: Type.Ref(OptInSendingConsentDto),
  handler: async ({ tenantId, query }, { consent }) => consent.revoke(tenantId, query.emailAddress),
});

export const sendOptInConsentForEmailAddress = consentOperation({
  operationId: 'sendOptInConsentForEmailAddress', method: 'POST', path: '/consent/opt-in/send',
  summary: 'Mail the address a confirmation link (double opt-in); until it follows the link, sends to it are refused',
  description: 'Sent from sendOptInOptions.senderInbox, or else from your inbox named "Consent requests" (made on first use). '
    + 'An address that already consented is not asked again (sent: false).',
  body: Type.Ref(OptInConsentOptions),
  response: Type.Ref(OptInConsentSendResult),
  handler: async ({ tenantId, body, baseUrl }, { consent }) => consent.request(tenantId, baseUrl, body),
});

/** The link a consent request mails: PUBLIC (the address has no key); the random token is the credential. */
export const confirmOptInConsent = consentOperation({
  operationId: 'confirmOptInConsent', method: 'GET', path: CONFIRM_PATH,
  access: 'public', hidden: true,
  query: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
  handler: async ({ query }, { consent }) => {
    const confirmed = await consent.confirm(query.token);
    return new Content(confirmedPage(confirmed.emailAddress), 'text/html; charset=utf-8', { 'cache-control': 'no-store' });
  },
});
