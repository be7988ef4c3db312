import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type { Clock } from './core/clock.js';
import { loggerOptions } from './core/logger.js';
import type { Store } from './storage/ports.js';
import { registerApiKeyAuth } from './transports/http/auth.js';
import { registerErrorHandling } from './transports/http/errors.js';
import { registerOpenApi } from './transports/http/openapi.js';
import { registerInputGuard } from './transports/http/input-guard.js';
import { CountDto, ErrorBody } from './modules/shared/schemas.js';
import { UserService } from './modules/user/user.service.js';
import { userRoutes } from './modules/user/routes.js';
import { UserInfoDto } from './modules/user/user.schemas.js';
import { adminRoutes } from './modules/admin/routes.js';
import { adminModelSchemas } from './modules/admin/admin.schemas.js';
import { InboxService, type InboxSettings } from './modules/inbox/inbox.service.js';
import { inboxPlugin } from './modules/inbox/routes/index.js';
import { inboxModelSchemas } from './modules/inbox/inbox.schemas.js';
import type { EventBus } from './events/bus.js';
import { IngestService } from './modules/email/ingest.service.js';
import { EmailService } from './modules/email/email.service.js';
import { emailPlugin } from './modules/email/routes/index.js';
import { emailModelSchemas } from './modules/email/email.schemas.js';
import { EmailContentService } from './modules/email/content.service.js';
import { contentPlugin } from './modules/email/routes/content-index.js';
import { contentModelSchemas } from './modules/email/content.schemas.js';
import { SendingService } from './modules/sending/sending.service.js';
import type { Relay } from './modules/sending/relay.js';
import { sendingPlugin } from './modules/sending/routes/index.js';
import { sendingModelSchemas } from './modules/sending/sending.schemas.js';
import { AttachmentService } from './modules/attachment/attachment.service.js';
import { attachmentPlugin } from './modules/attachment/routes/index.js';
import { attachmentModelSchemas } from './modules/attachment/attachment.schemas.js';
import { ExpiredService } from './modules/expired/expired.service.js';
import { expiredPlugin } from './modules/expired/routes/index.js';
import { expiredModelSchemas } from './modules/expired/expired.schemas.js';
import { MAX_EXPIRES_IN_MS } from './modules/inbox/inbox.service.js';

export interface AppDeps {
  store: Store;
  bus: EventBus;
  /** where mail for other domains goes; none = captured */
  relay?: Relay;
  clock: Clock;
  settings: InboxSettings;
  version: string;
  /** pino level: info by default, silent in tests */
  logLevel?: string;
  /** largest attachment upload in bytes; 25 MiB when unset */
  maxAttachmentSize?: number;
}

export interface Services {
  users: UserService;
  inboxes: InboxService;
  ingest: IngestService;
  emails: EmailService;
  content: EmailContentService;
  sending: SendingService;
  attachments: AttachmentService;
  expired: ExpiredService;
}

export function createServices(deps: Pick<AppDeps, 'store' | 'clock' | 'settings' | 'bus' | 'relay' | 'maxAttachmentSize'>): Services {
  const { repos } = deps.store;
  const inboxes = new InboxService(repos.inboxes, repos.domains, deps.clock, deps.settings, repos.expiredInboxes);
  const ingest = new IngestService(repos.inboxes, repos.emails, deps.bus, deps.clock);
  return {
    users: new UserService(repos, deps.clock),
    inboxes,
    ingest,
    emails: new EmailService(repos.emails, inboxes, deps.bus, deps.clock),
    content: new EmailContentService(repos.emails),
    sending: new SendingService(repos.inboxes, repos.sent, ingest, deps.clock, deps.relay, repos.attachments),
    attachments: new AttachmentService(repos.attachments, deps.clock, deps.maxAttachmentSize),
    // No default expiry is configurable yet: inboxes without expiresAt/expiresIn are permanent.
    expired: new ExpiredService(repos.expiredInboxes, deps.clock, { defaultExpirationMillis: null, maxExpirationMillis: MAX_EXPIRES_IN_MS }),
  };
}

const MODEL_SCHEMAS: TSchema[] = [
  ErrorBody, CountDto, UserInfoDto, ...adminModelSchemas, ...inboxModelSchemas, ...emailModelSchemas,
  ...contentModelSchemas, ...sendingModelSchemas,
  ...attachmentModelSchemas,
  ...expiredModelSchemas,
];

/** The HTTP application, ready to `listen` or `inject`. It never listens by itself. */
export async function buildApp(deps: AppDeps, services: Services = createServices(deps)): Promise<FastifyInstance> {
  const app = Fastify({
    // Request logs carry method, url, status and timing; header redaction keeps keys out.
    logger: loggerOptions(deps.logLevel ?? 'info'),
    bodyLimit: 32 * 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  for (const schema of MODEL_SCHEMAS) app.addSchema(schema);
  registerErrorHandling(app);
  registerInputGuard(app);
  await registerOpenApi(app, deps.version);

  // Outside the authenticated context: health, docs and unknown routes answer without a key.
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await deps.store.ping();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'UP' : 'DOWN', database: deps.store.dialect });
  });

  // Everything registered in here needs x-api-key: the hook is encapsulated in this context.
  await app.register(async (api) => {
    registerApiKeyAuth(api, services.users);
    await api.register(userRoutes, { users: services.users });
    await api.register(adminRoutes, { users: services.users });
    await api.register(inboxPlugin, { inboxes: services.inboxes });
    await api.register(emailPlugin, { emails: services.emails });
    await api.register(contentPlugin, { content: services.content });
    await api.register(sendingPlugin, { sending: services.sending, emails: services.emails });
    await api.register(attachmentPlugin, { attachments: services.attachments });
    await api.register(expiredPlugin, { expired: services.expired });
  });
  return app;
}
