// LEGACY: kept only until every module is converted to operation descriptors; then deleted.
import type { FastifyInstance, RawServerDefault, FastifyBaseLogger, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { InboxService } from '../inbox.service.js';

export type TypedApp = FastifyInstance<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider
>;
export interface InboxRouteDeps {
  inboxes: InboxService;
}
export type InboxRoute = (app: TypedApp, deps: InboxRouteDeps) => void;

export const TAG = ['InboxController'];
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);
