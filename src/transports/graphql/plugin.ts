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
import type { AuditEntry } from '../../modules/audit/audit.service.js';
import type { DocumentNode } from 'graphql';

export interface GraphqlPluginOptions {
  /** where mutations are recorded (the audit log); none = not recorded */
  audit?: { record(entry: AuditEntry): void };
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
  const audit = options.audit;
  if (audit) {
    // Each mutation field is a state-changing call: recorded once the execution has its result.
    const pending = new WeakMap<object, string[]>();
    app.graphql.addHook('preExecution', async (_schema, document, context) => {
      const fields = mutationFields(document);
      if (fields.length > 0) pending.set(context, fields);
    });
    app.graphql.addHook('onResolution', async (execution, context) => {
      const fields = pending.get(context);
      const request = context.reply.request;
      const principal = request.principal;
      if (!fields || !principal) return;
      const failed = (execution.errors?.length ?? 0) > 0;
      for (const field of fields) {
        audit.record({
          tenantId: principal.tenantId, action: `graphql.${field}`, userId: principal.userId, actorUserId: principal.userId,
          outcome: failed ? 'FAILURE' : 'SUCCESS', requestId: request.id, ipAddress: request.ip,
          metadata: { apiKeyId: principal.apiKeyId, route: '/graphql' },
        });
      }
    });
  }
}

/** The top-level fields of the document's mutations. */
function mutationFields(document: DocumentNode): string[] {
  const fields: string[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== 'OperationDefinition' || definition.operation !== 'mutation') continue;
    for (const selection of definition.selectionSet.selections) {
      if (selection.kind === 'Field') fields.push(selection.name.value);
    }
  }
  return fields;
}
