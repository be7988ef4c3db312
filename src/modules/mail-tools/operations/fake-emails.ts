import { Type } from '@sinclair/typebox';
import { mailToolsOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { INT32_MAX, Uuid } from '../../shared/schemas.js';
import { FakeEmailPreview, FakeEmailResult, NewFakeEmailAddressResult } from '../fake-email.schemas.js';
import { toFakeEmailDto, toFakeEmailPreview } from '../fake-email.dto.js';
import { PREVIEW_HEADERS } from '../../email/preview-headers.js';

/** Fake email addresses: inboxes of the caller marked as throwaway addresses (fake-email.service.ts). */

const AddressQuery = Type.Object({ emailAddress: Type.String({ minLength: 1, maxLength: 320 }) });
const IdQuery = Type.Object({ id: Uuid });

export const createNewFakeEmailAddress = mailToolsOperation({
  operationId: 'createNewFakeEmailAddress', method: 'POST', path: '/tools/fake-email',
  summary: 'Create a throwaway address; mail sent to it is read with the getFakeEmail* operations',
  optionalBody: true,
  response: Type.Ref(NewFakeEmailAddressResult),
  handler: async ({ tenantId }, { fakeEmails }) => ({ emailAddress: (await fakeEmails.create(tenantId)).emailAddress }),
});

export const deleteNewFakeEmailAddress = mailToolsOperation({
  operationId: 'deleteNewFakeEmailAddress', method: 'DELETE', path: '/tools/fake-email',
  summary: 'Delete a fake email address and the mail it received',
  query: AddressQuery,
  status: 204,
  handler: async ({ tenantId, query }, { fakeEmails }) => {
    await fakeEmails.delete(tenantId, query.emailAddress);
  },
});

export const getFakeEmailById = mailToolsOperation({
  operationId: 'getFakeEmailById', method: 'GET', path: '/tools/fake-email',
  summary: 'Get an email of one of your fake addresses by its id (marks it seen)',
  query: IdQuery,
  response: Type.Ref(FakeEmailResult),
  handler: async ({ tenantId, query, baseUrl }, { fakeEmails }) => {
    const { inbox, email } = await fakeEmails.get(tenantId, query.id);
    return { email: toFakeEmailDto(inbox, email, await fakeEmails.attachmentNames(tenantId, email.id), baseUrl) };
  },
});

export const getFakeEmailByEmailAddress = mailToolsOperation({
  operationId: 'getFakeEmailByEmailAddress', method: 'GET', path: '/tools/fake-email/byEmailAddress',
  summary: 'The newest email of a fake address (marks it seen); email is null when none has arrived',
  query: AddressQuery,
  response: Type.Ref(FakeEmailResult),
  handler: async ({ tenantId, query, baseUrl }, { fakeEmails }) => {
    const { inbox, email } = await fakeEmails.latest(tenantId, query.emailAddress);
    if (!email) return { email: null };
    return { email: toFakeEmailDto(inbox, email, await fakeEmails.attachmentNames(tenantId, email.id), baseUrl) };
  },
});

export const getFakeEmailsForAddress = mailToolsOperation({
  operationId: 'getFakeEmailsForAddress', method: 'GET', path: '/tools/fake-emails',
  summary: 'One page (20, newest first) of the emails of a fake address',
  query: Type.Object({
    emailAddress: AddressQuery.properties.emailAddress,
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: 'zero-based page index' })),
  }),
  response: Type.Array(Type.Ref(FakeEmailPreview)),
  handler: async ({ tenantId, query }, { fakeEmails }) => {
    const { inbox, emails } = await fakeEmails.list(tenantId, query.emailAddress, query.page ?? 0);
    return emails.map((e) => toFakeEmailPreview(inbox, e));
  },
});

export const getFakeEmailRaw = mailToolsOperation({
  operationId: 'getFakeEmailRaw', method: 'GET', path: '/tools/fake-email/html',
  summary: 'The raw message of an email of a fake address, as received (text/plain)',
  query: IdQuery,
  response: { type: 'string', description: 'RFC 5322 message' },
  handler: async ({ tenantId, query }, { fakeEmails }) => new Content(await fakeEmails.raw(tenantId, query.id), 'text/plain; charset=utf-8', PREVIEW_HEADERS),
});
