import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { UnsubscribeTokenParams } from '../reputation.schemas.js';

/** RFC 8058's body is one short form field. */
const MAX_BODY_BYTES = 4096;

/** The target of the List-Unsubscribe header: mail clients POST here, with no key, when a reader unsubscribes. */
export const oneClickUnsubscribe = bounceOperation({
  operationId: 'oneClickUnsubscribe', method: 'POST', path: '/unsubscribe',
  summary: 'One-click list-unsubscribe (RFC 8058): the signed link of one recipient; body List-Unsubscribe=One-Click',
  access: 'public', hidden: true, bodyKind: 'raw', bodyLimit: () => MAX_BODY_BYTES,
  // in the query, not the path: Fastify refuses path parameters over 100 characters (414)
  query: UnsubscribeTokenParams,
  response: Type.Object({ unsubscribed: Type.String() }),
  handler: async ({ query, body }, { listUnsubscribes }) => {
    const record = await listUnsubscribes.unsubscribe(query.token, body);
    return { unsubscribed: record.emailAddress };
  },
});
