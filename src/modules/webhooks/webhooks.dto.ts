import type { Static } from '@sinclair/typebox';
import type { WebhookRecord, WebhookResultRecord } from '../../storage/ports.js';
import { PAYLOAD_SCHEMA_OF, type WebhookDto, type WebhookProjection, type WebhookResultDto } from './webhooks.schemas.js';

/** A payload model as a standalone JSON Schema document (draft-07), for payloadJsonSchema and the schema routes. */
export function payloadJsonSchema(eventName: WebhookRecord['eventName']): string {
  const { $id, ...schema } = PAYLOAD_SCHEMA_OF[eventName] as Record<string, unknown>;
  return JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', title: $id, ...schema });
}

export const toWebhookDto = (w: WebhookRecord): Static<typeof WebhookDto> => ({
  id: w.id,
  userId: w.tenantId,
  basicAuth: w.basicAuth !== null,
  name: w.name,
  phoneId: w.phoneId,
  inboxId: w.inboxId,
  requestBodyTemplate: w.requestBodyTemplate,
  url: w.url,
  method: 'POST',
  payloadJsonSchema: payloadJsonSchema(w.eventName),
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
  eventName: w.eventName,
  requestHeaders: { headers: w.headers },
  aiTransformId: null,
  ignoreInsecureSslCertificates: w.ignoreInsecureSsl,
  useStaticIpRange: w.useStaticIpRange,
  healthStatus: w.healthStatus,
  enabled: w.enabled,
});

// The client's projection carries the basic-auth username and password: the owner set them.
export const toWebhookProjection = (w: WebhookRecord): Static<typeof WebhookProjection> => ({
  name: w.name,
  id: w.id,
  url: w.url,
  username: w.basicAuth?.username ?? null,
  password: w.basicAuth?.password ?? null,
  enabled: w.enabled,
  userId: w.tenantId,
  inboxId: w.inboxId,
  eventName: w.eventName,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
  aiTransformerId: null,
  aiTransformId: null,
  phoneNumberId: w.phoneId,
  healthStatus: w.healthStatus,
});

export const toWebhookResultDto = (r: WebhookResultRecord): Static<typeof WebhookResultDto> => ({
  id: r.id,
  userId: r.tenantId,
  webhookId: r.webhookId,
  webhookUrl: r.webhookUrl,
  messageId: r.messageId,
  redriveId: r.redriveId,
  httpMethod: 'POST',
  webhookEvent: r.eventName,
  responseStatus: r.responseStatus,
  responseTimeMillis: r.responseTimeMillis,
  responseBodyExtract: r.responseBodyExtract,
  resultType: r.resultType,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  seen: r.seen,
  inboxId: r.inboxId,
  emailId: r.emailId,
  attachmentId: r.attachmentId,
  phoneId: r.phoneId,
  smsId: r.smsId,
  aiTransformerId: null,
});
