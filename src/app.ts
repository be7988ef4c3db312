import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { loggerOptions } from './core/logger.js';
import type { Operation } from './core/operation.js';
import { createServices, type ServiceDeps, type Services } from './services.js';
import { API_MODEL_SCHEMAS, API_OPERATIONS } from './modules/catalog.js';
import { registerApiKeyAuth } from './transports/http/auth.js';
import { registerPreviewTokenAuth } from './transports/http/preview-auth.js';
import { registerErrorHandling } from './transports/http/errors.js';
import { registerOpenApi } from './transports/http/openapi.js';
import { registerInputGuard } from './transports/http/input-guard.js';
import { registerDashboard } from './transports/http/dashboard.js';
import { registerOperations } from './transports/http/operations.js';
import { closeStreamsOnShutdown } from './transports/http/event-stream.js';
import { registerJsonBodies } from './transports/http/json-bodies.js';
import { registerCors } from './transports/http/cors.js';
import { registerFiniteNumbers } from './transports/http/finite-numbers.js';
import { DEFAULT_REQUEST_LIMITS, registerRequestLimits, type RequestLimits } from './transports/http/request-limits.js';
import { graphqlPlugin } from './transports/graphql/plugin.js';
import { graphiqlPage } from './transports/graphql/graphiql.js';
import { mcpHttpRoutes } from './transports/mcp/http.js';
import { InProcessApi } from './transports/mcp/inject-caller.js';
import type { AuthThrottle } from './transports/auth-throttle.js';
import { closeIdleOnShutdown } from './transports/http/close-idle-on-shutdown.js';
import { limitHttpConnections, type HttpConnectionSettings } from './transports/http/connections.js';
import { registerKeyRateLimit } from './transports/http/rate-limit.js';
import { registerKeyScopes } from './transports/http/key-scope.js';
import { auditRefusedKey, registerAuditHook } from './transports/http/audit.js';
import { registerTeamAccess } from './transports/http/team-access.js';
import { registerMetrics } from './transports/http/metrics.js';
import type { ServerMetrics } from './transports/metrics.js';
import { lazySchemaCompilers } from './transports/http/lazy-schemas.js';

export interface AppDeps extends ServiceDeps {
  version: string;
  /** pino level: info by default, silent in tests */
  logLevel?: string;
  /** origins whose pages may call the API (CORS); '*' (the default) = any */
  corsOrigins?: '*' | readonly string[];
  /** JSON nesting and list sizes every request is held to; DEFAULT_REQUEST_LIMITS when unset */
  requestLimits?: RequestLimits;
  /**
   * Until it settles, every request waits (before authentication): start-up puts the admin
   * key in place only after binding the ports. Rejected: waiting requests fail with 500.
   */
  ready?: Promise<void>;
  /** lockouts after failed API keys, per address; shared with SMTP and IMAP. None = no lockouts */
  authThrottle?: AuthThrottle;
  /** connection caps and idle timeout of the listener; none = Node's and Fastify's defaults */
  httpConnections?: HttpConnectionSettings;
  /** requests per minute per API key; 0 or none = unlimited */
  rateLimit?: number;
  /** Prometheus metrics: requests are counted into `registry`; `route` serves GET /metrics here (not on a port of its own) */
  metrics?: { registry: ServerMetrics; route: boolean };
  /** compile every route's schemas at start-up (Fastify's default) rather than on first use: tests that every one compiles */
  eagerSchemas?: boolean;
}

/** The HTTP application, ready to `listen` or `inject`. It never listens by itself. */
export async function buildApp(deps: AppDeps, services: Services = createServices(deps)): Promise<FastifyInstance> {
  const app = Fastify({
    // Request logs carry method, url, status and timing; header redaction keeps keys out.
    logger: loggerOptions(deps.logLevel ?? 'info'),
    bodyLimit: 32 * 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
    // Each route's validators and serializer compiled on its first request (lazy-schemas.ts says why).
    ...(deps.eagerSchemas ? {} : { schemaController: { compilersFactory: lazySchemaCompilers() } }),
    // Idle between keep-alive requests; a request in progress (a held wait) is never idle.
    ...(deps.httpConnections ? { keepAliveTimeout: deps.httpConnections.idleTimeoutMs } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (deps.httpConnections) limitHttpConnections(app.server, deps.httpConnections);

  // First of all hooks, so that it runs before authentication too.
  if (deps.ready) {
    const ready = deps.ready;
    let settled = false;
    void ready.then(() => (settled = true), () => (settled = true));
    app.addHook('onRequest', (_request, _reply, done) => {
      if (settled) done();
      else ready.then(() => done(), done);
    });
  }
  for (const schema of API_MODEL_SCHEMAS) app.addSchema(schema);
  // First, so preflights are answered before anything else and every answer carries the headers.
  await registerCors(app, deps.corsOrigins ?? '*');
  // Early, so every route's answers are counted; GET /metrics is outside the API key's context.
  if (deps.metrics) registerMetrics(app, deps.metrics.registry, { route: deps.metrics.route });
  registerErrorHandling(app);
  const limits = deps.requestLimits ?? DEFAULT_REQUEST_LIMITS;
  registerRequestLimits(app, limits);
  registerFiniteNumbers(app);
  registerInputGuard(app);
  registerJsonBodies(app, limits.maxJsonDepth);
  closeStreamsOnShutdown(app);
  closeIdleOnShutdown(app);
  await registerOpenApi(app, deps.version);

  const operations: ReadonlyArray<Operation<Services>> = API_OPERATIONS;
  // The SMS sink checks Basic auth itself (public routes): its wrong keys count like x-api-key's.
  if (deps.authThrottle) services.smsSink.throttle = deps.authThrottle;
  // SCIM routes check their bearer keys themselves too (to answer SCIM's error shape).
  if (deps.authThrottle) services.scim.throttle = deps.authThrottle;
  if (deps.authThrottle) services.guestPortals.throttle = deps.authThrottle;
  // Outside the authenticated context: health, docs and unknown routes answer without a key.
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await deps.store.ping();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'UP' : 'DOWN', database: deps.store.dialect });
  });
  // The GraphiQL page only: the queries it sends go to POST /graphql, which needs the key.
  await app.register(graphiqlPage);
  // The dashboard at `/`, public like the docs; it sees every API route added after it.
  await registerDashboard(app);
  // Public operations (tracking pixel images, the webhook payload schema document): registered
  // after the dashboard so their prefixes stay API paths (unknown paths under them answer JSON 404).
  await registerOperations(app, operations.filter((op) => op.access === 'public'), services);

  // Everything registered in here needs x-api-key: the hook is encapsulated in this context.
  const inProcessApi = new InProcessApi();
  await app.register(async (api) => {
    // First, so the MCP tools' calls in this process can be cancelled like a client hanging up.
    inProcessApi.listen(api);
    // Preview links carry a signed token instead of the key: checked first, on their routes only.
    registerPreviewTokenAuth(api, services.previews);
    registerApiKeyAuth(api, services.users, deps.authThrottle, auditRefusedKey(services.auditLog));
    // After the key check (a preHandler), before the routes it counts.
    await registerKeyRateLimit(api, deps.rateLimit ?? 0);
    // An agent-scoped key's permissions and inboxes, on the validated input of each route.
    registerKeyScopes(api, services.keyScopes);
    // State-changing calls go to the audit log after their answers.
    registerAuditHook(api, services.auditLog);
    // After the key check too: a member naming a team mate's inbox or email runs as its owner (or 403).
    registerTeamAccess(api, services.teamAccess);
    await registerOperations(api, operations.filter((op) => op.access !== 'public'), services);
    // MCP for AI agents: its tools call the routes above through inject with the caller's key.
    await api.register(mcpHttpRoutes, { version: deps.version, corsOrigins: deps.corsOrigins ?? '*', api: inProcessApi });
    await api.register(graphqlPlugin, { audit: services.auditLog, inboxes: services.inboxes, emails: services.emails, sending: services.sending, waitFor: services.waitFor, sms: services.sms, content: services.content });
  });
  return app;
}
