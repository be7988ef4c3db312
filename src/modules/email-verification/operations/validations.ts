import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import { Uuid } from '../../shared/schemas.js';
import { toEmailValidationRequestDto } from '../email-verification.dto.js';
import {
  PageEmailValidationRequest, ValidateEmailAddressListOptions, ValidateEmailAddressListResult, ValidationRequestsQuery,
} from '../email-verification.schemas.js';
import { emailVerificationOperation } from './define.js';

export const validateEmailAddressList = emailVerificationOperation({
  operationId: 'validateEmailAddressList', method: 'POST', path: '/email-verification/email-address-list',
  summary: 'Check each address (syntax, MX, SMTP RCPT TO) and store the results',
  body: ValidateEmailAddressListOptions,
  response: Type.Ref(ValidateEmailAddressListResult),
  handler: ({ tenantId, body, signal }, { emailVerification }) =>
    emailVerification.validateList(tenantId, body.emailAddressList, body.ignoreOldResults ?? false, signal),
});

export const getValidationRequests = emailVerificationOperation({
  operationId: 'getValidationRequests', method: 'GET', path: '/email-verification/validation-requests',
  summary: 'Page through stored validation results, newest first',
  query: ValidationRequestsQuery,
  response: Type.Ref(PageEmailValidationRequest),
  handler: async ({ tenantId, query: q }, { emailVerification }) => {
    const { slice, request } = await emailVerification.page(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toEmailValidationRequestDto), slice.total, request);
  },
});

export const deleteValidationRequest = emailVerificationOperation({
  operationId: 'deleteValidationRequest', method: 'DELETE', path: '/email-verification/{id}',
  summary: 'Delete one stored validation result',
  params: Type.Object({ id: Uuid }),
  status: 204,
  handler: async ({ tenantId, params }, { emailVerification }) => {
    await emailVerification.delete(tenantId, params.id);
  },
});

export const deleteAllValidationRequests = emailVerificationOperation({
  operationId: 'deleteAllValidationRequests', method: 'DELETE', path: '/email-verification',
  summary: "Delete all of the caller's stored validation results",
  status: 204,
  handler: async ({ tenantId }, { emailVerification }) => {
    await emailVerification.deleteAll(tenantId);
  },
});
