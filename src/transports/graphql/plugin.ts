import type { FastifyInstance } from 'fastify';
import mercurius, { type IResolvers } from 'mercurius';
import type { EmailService } from '../../modules/email/email.service.js';
import type { WaitForService } from '../../modules/waitfor/waitfor.service.js';
import type { InboxService } from '../../modules/inbox/inbox.service.js';
import type { SendingService } from '../../modules/sending/sending.service.js';
import { buildContext } from './context.js';
import type { SmsService } from '../../modules/sms/sms.service.js';
import type { EmailContentService } from '../../modules/email/content.service.js';
import { formatGraphqlErrors } from './errors.js';
import { registerGraphqlRequestShape } from './request-shape.js';
import { buildResolvers } from './resolvers/index.js';
import { typeDefs } from './schema.js';

export interface GraphqlPluginOptions {
  inboxes: InboxService;
  emails: EmailService;
  sending: SendingService;
  waitFor: WaitForService;
  sms: SmsService;
  content: EmailContentService;
}

/** Deep enough for every query the schema allows; deeper ones are refused before running. */
const QUERY_DEPTH_LIMIT = 8;

/**
 * `POST /graphql` (and `GET /graphql?query=` for queries) over the same services as REST.
 * Register it inside the context that checks x-api-key: the key is enforced exactly as for
 * REST routes, and a refused key answers in GraphQL's shape (401, extensions.code
 * UNAUTHENTICATED) because mercurius' error handler formats it. The GraphiQL page lives
 * outside that context (graphiql.ts) since a browser cannot send the key to open it.
 */
export async function graphqlPlugin(app: FastifyInstance, options: GraphqlPluginOptions): Promise<void> {
  registerGraphqlRequestShape(app);
  await app.register(mercurius, {
    schema: typeDefs,
    resolvers: buildResolvers(options) as IResolvers,
    context: buildContext,
    errorFormatter: formatGraphqlErrors,
    queryDepth: QUERY_DEPTH_LIMIT,
    // GraphiQL is served by graphiql.ts, outside the authenticated context.
    graphiql: false,
    ide: false,
    path: '/graphql',
  });
}
