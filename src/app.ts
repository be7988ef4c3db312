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
import { ThreadService } from './modules/email/threads.service.js';
import { listingModelSchemas } from './modules/email/listing.schemas.js';
import { EmailContentService } from './modules/email/content.service.js';
import { contentPlugin } from './modules/email/routes/content-index.js';
import { contentModelSchemas } from './modules/email/content.schemas.js';
import { SendingService } from './modules/sending/sending.service.js';
import { DeliveryStatusWaiter } from './modules/sending/delivery-wait.js';
import type { Relay } from './modules/sending/relay.js';
import { sendingPlugin } from './modules/sending/routes/index.js';
import { sendingModelSchemas } from './modules/sending/sending.schemas.js';
import { SendQueueService } from './modules/sending/queue.service.js';
import { sendQueueModelSchemas } from './modules/sending/queue.schemas.js';
import { AttachmentService } from './modules/attachment/attachment.service.js';
import { attachmentPlugin } from './modules/attachment/routes/index.js';
import { attachmentModelSchemas } from './modules/attachment/attachment.schemas.js';
import { ExpiredService } from './modules/expired/expired.service.js';
import { expiredPlugin } from './modules/expired/routes/index.js';
import { expiredModelSchemas } from './modules/expired/expired.schemas.js';
import { BounceService } from './modules/bounce/bounce.service.js';
import { BounceRecorder } from './modules/bounce/bounce-recorder.js';
import { bouncePlugin } from './modules/bounce/routes/index.js';
import { bounceModelSchemas } from './modules/bounce/bounce.schemas.js';
import { MissedEmailService } from './modules/missed/missed.service.js';
import { TenantEmailCapStep } from './modules/missed/email-cap.step.js';
import { missedPlugin } from './modules/missed/routes/index.js';
import { missedModelSchemas } from './modules/missed/missed.schemas.js';
import { MAX_EXPIRES_IN_MS } from './modules/inbox/inbox.service.js';
import { announceExpiry } from './jobs/expiry.js';
import { AccessService, type MailEndpoints } from './modules/access/access.service.js';
import { accessPlugin } from './modules/access/routes/index.js';
import { accessModelSchemas } from './modules/access/access.schemas.js';
import { ImapMailboxService } from './modules/imap/imap.service.js';
import { imapPlugin } from './modules/imap/routes/index.js';
import { imapModelSchemas } from './modules/imap/imap.schemas.js';
import { eventsPlugin } from './modules/events/routes/index.js';
import { EmailImportService } from './modules/email/import.service.js';
import { importPlugin } from './modules/email/routes/import-index.js';
import { importModelSchemas } from './modules/email/import.schemas.js';
import { validationModelSchemas } from './modules/email/validation.schemas.js';
import { forwardAndCheckModelSchemas } from './modules/sending/forward-and-check.schemas.js';
import { graphqlPlugin } from './transports/graphql/plugin.js';
import { WaitForService } from './modules/waitfor/waitfor.service.js';
import { waitForPlugin } from './modules/waitfor/routes/index.js';
import { waitForModelSchemas } from './modules/waitfor/waitfor.schemas.js';
import { graphiqlPage } from './transports/graphql/graphiql.js';
import { WebhookService, type WebhookServiceSettings } from './modules/webhooks/webhooks.service.js';
import { webhookPlugin } from './modules/webhooks/routes/index.js';
import { webhookModelSchemas } from './modules/webhooks/webhooks.schemas.js';
import { webhookPayloadSchemaDocument } from './modules/webhooks/routes/schema-document.js';
import { registerDashboard } from './transports/http/dashboard.js';
import { TrackingService, type TrackingSettings } from './modules/tracking/tracking.service.js';
import { trackingPlugin } from './modules/tracking/routes/index.js';
import { pixelImageRoute } from './modules/tracking/routes/pixelImage.js';
import { trackingModelSchemas } from './modules/tracking/tracking.schemas.js';

export interface AppDeps {
  /** webhook target policy and test-send timeout; unset = private targets allowed, 10 s */
  webhooks?: WebhookServiceSettings;
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
  /** most received emails a tenant may hold; more become missed emails. 0 or unset = no cap */
  tenantEmailCap?: number;
  /** where mail clients reach the SMTP listeners; startServer fills in the ports once listening */
  endpoints?: MailEndpoints;
  /** the public HTTP URL tracking pixel images are served at; startServer fills in the bound port */
  tracking?: TrackingSettings;
}

export interface Services {
  users: UserService;
  inboxes: InboxService;
  ingest: IngestService;
  emails: EmailService;
  threads: ThreadService;
  content: EmailContentService;
  sending: SendingService;
  /** sendEmailWithQueue: durable queued sends; main.ts wires its worker */
  sendQueue: SendQueueService;
  deliveryWait: DeliveryStatusWaiter;
  attachments: AttachmentService;
  expired: ExpiredService;
  missed: MissedEmailService;
  bounces: BounceService;
  access: AccessService;
  /** inboxes as IMAP mailboxes: the IMAP listener and ImapController share it */
  imap: ImapMailboxService;
  imports: EmailImportService;
  waitFor: WaitForService;
  webhooks: WebhookService;
  tracking: TrackingService;
}

export function createServices(deps: Pick<AppDeps, 'store' | 'clock' | 'settings' | 'bus' | 'relay' | 'maxAttachmentSize' | 'tenantEmailCap' | 'endpoints' | 'webhooks' | 'tracking'>): Services {
  const { repos } = deps.store;
  const inboxes = new InboxService(repos.inboxes, repos.domains, deps.clock, deps.settings, repos.expiredInboxes, announceExpiry(deps.bus));
  const emailCap = deps.tenantEmailCap ?? 0;
  const capStep = new TenantEmailCapStep(repos.emails, repos.missedEmails, deps.bus, deps.clock, emailCap);
  const ingest = new IngestService(repos.inboxes, repos.emails, deps.bus, deps.clock, emailCap > 0 ? [capStep] : []);
  const emails = new EmailService(repos.emails, inboxes, deps.bus, deps.clock);
  const tracking = new TrackingService(repos.trackingPixels, inboxes, repos.sent, deps.bus, deps.clock, deps.tracking ?? { publicUrl: 'http://localhost' });
  const sending = new SendingService(repos.inboxes, repos.sent, ingest, deps.clock, deps.relay, repos.attachments, deps.bus, new BounceRecorder(repos.bounces, deps.clock), tracking);
  return {
    tracking,
    users: new UserService(repos, deps.clock),
    inboxes,
    ingest,
    imports: new EmailImportService(inboxes, ingest, deps.clock),
    missed: new MissedEmailService(repos.missedEmails, repos.inboxes, repos.emails, ingest, deps.bus, deps.clock, emailCap),
    emails,
    waitFor: new WaitForService(repos.emails, emails, inboxes, deps.bus),
    threads: new ThreadService(repos.threads, inboxes),
    content: new EmailContentService(repos.emails),
    sending,
    sendQueue: new SendQueueService(repos.sendQueue, sending, repos.inboxes, deps.clock),
    bounces: new BounceService(repos.bounces),
    deliveryWait: new DeliveryStatusWaiter(repos.inboxes, repos.sent, deps.bus),
    webhooks: new WebhookService(repos.webhooks, inboxes, deps.bus, deps.clock, deps.webhooks ?? { blockPrivate: false, timeoutMs: 10_000 }),
    attachments: new AttachmentService(repos.attachments, deps.clock, deps.maxAttachmentSize, repos.sent),
    // No default expiry is configurable yet: inboxes without expiresAt/expiresIn are permanent.
    access: new AccessService(repos.mailCredentials, repos.inboxes, deps.clock, deps.endpoints ?? { host: 'localhost', smtpPort: 0, smtpsPort: 0, imapPort: 0, imapsPort: 0 }),
    imap: new ImapMailboxService(repos.inboxes, repos.imapMailboxes, repos.emails, emails, deps.clock),
    expired: new ExpiredService(repos.expiredInboxes, deps.clock, { defaultExpirationMillis: null, maxExpirationMillis: MAX_EXPIRES_IN_MS }),
  };
}

const MODEL_SCHEMAS: TSchema[] = [
  ErrorBody, CountDto, UserInfoDto, ...adminModelSchemas, ...inboxModelSchemas, ...emailModelSchemas,
  ...listingModelSchemas,
  ...contentModelSchemas, ...sendingModelSchemas, ...sendQueueModelSchemas,
  ...attachmentModelSchemas,
  ...expiredModelSchemas,
  ...missedModelSchemas,
  ...bounceModelSchemas,
  ...accessModelSchemas,
  ...imapModelSchemas,
  ...importModelSchemas, ...validationModelSchemas, ...forwardAndCheckModelSchemas,
  ...waitForModelSchemas,
  ...webhookModelSchemas,
  ...trackingModelSchemas,
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
  // The GraphiQL page only: the queries it sends go to POST /graphql, which needs the key.
  await app.register(graphiqlPage);
  // GET /schemas/webhook-payload: a public JSON Schema document, like the API docs.
  await app.register(webhookPayloadSchemaDocument);
  // The dashboard at `/`, public like the docs; it sees every API route added after it.
  await registerDashboard(app);
  // Tracking pixel images: mail clients load them without a key (registered after the
  // dashboard so /tracking stays an API prefix: unknown paths under it answer JSON 404).
  await app.register(pixelImageRoute, { tracking: services.tracking });

  // Everything registered in here needs x-api-key: the hook is encapsulated in this context.
  await app.register(async (api) => {
    registerApiKeyAuth(api, services.users);
    await api.register(userRoutes, { users: services.users });
    await api.register(adminRoutes, { users: services.users });
    await api.register(inboxPlugin, { inboxes: services.inboxes });
    await api.register(emailPlugin, { emails: services.emails, threads: services.threads });
    await api.register(contentPlugin, { content: services.content });
    await api.register(sendingPlugin, { sending: services.sending, emails: services.emails, deliveryWait: services.deliveryWait, inboxes: services.inboxes, sendQueue: services.sendQueue });
    await api.register(attachmentPlugin, { attachments: services.attachments });
    await api.register(expiredPlugin, { expired: services.expired });
    await api.register(missedPlugin, { missed: services.missed });
    await api.register(bouncePlugin, { bounces: services.bounces });
    await api.register(accessPlugin, { access: services.access });
    await api.register(imapPlugin, { imap: services.imap });
    await api.register(waitForPlugin, { waitFor: services.waitFor });
    await api.register(webhookPlugin, { webhooks: services.webhooks });
    await api.register(trackingPlugin, { tracking: services.tracking });
    await api.register(eventsPlugin, { bus: deps.bus, inboxes: services.inboxes });
    // An imported message may be as large as any request body.
    await api.register(importPlugin, { imports: services.imports, maxBytes: 32 * 1024 * 1024 });
    await api.register(graphqlPlugin, { inboxes: services.inboxes, emails: services.emails, sending: services.sending, waitFor: services.waitFor });
  });
  return app;
}
