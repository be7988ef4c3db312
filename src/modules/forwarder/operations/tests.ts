import { Type } from '@sinclair/typebox';
import { forwarderOperation } from './define.js';
import { ForwarderIdParams, InboxForwarderTestOptions, InboxForwarderTestResult, RequiredInboxQuery, TestNewInboxForwarderOptions } from '../forwarder.schemas.js';

// The test operations match with the function the pipeline uses (matching.ts): a stored email
// (emailId) is matched field by field as a received one is; a testValue stands for every field.

export const testInboxForwarder = forwarderOperation({
  operationId: 'testInboxForwarder', method: 'POST', path: '/forwarders/{id}/test',
  summary: 'Whether a forwarder would forward a value or a stored email',
  params: ForwarderIdParams,
  body: Type.Ref(InboxForwarderTestOptions),
  response: Type.Ref(InboxForwarderTestResult),
  handler: ({ tenantId, params, body }, { forwarders }) => forwarders.test(tenantId, params.id, body),
});

export const testInboxForwardersForInbox = forwarderOperation({
  operationId: 'testInboxForwardersForInbox', method: 'PUT', path: '/forwarders',
  summary: "Which of an inbox's forwarders would forward a value or a stored email",
  query: RequiredInboxQuery,
  body: Type.Ref(InboxForwarderTestOptions),
  response: Type.Ref(InboxForwarderTestResult),
  handler: ({ tenantId, query, body }, { forwarders }) => forwarders.testForInbox(tenantId, query.inboxId, body),
});

export const testNewInboxForwarder = forwarderOperation({
  operationId: 'testNewInboxForwarder', method: 'PATCH', path: '/forwarders',
  summary: 'Whether a forwarder with these options would forward a value or a stored email (nothing is saved)',
  body: Type.Ref(TestNewInboxForwarderOptions),
  response: Type.Ref(InboxForwarderTestResult),
  handler: ({ tenantId, body }, { forwarders }) => forwarders.testNew(tenantId, body.createInboxForwarderOptions, body.inboxForwarderTestOptions),
});
