import { Type, type TSchema } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, StringEnum, Uuid } from '../shared/schemas.js';
import { WEBHOOK_EVENT_NAMES } from './payloads.js';

export const EventNameEnum = StringEnum(WEBHOOK_EVENT_NAMES, { description: 'the event that triggers the webhook' });
const HealthEnum = StringEnum(['HEALTHY', 'UNHEALTHY'] as const, { description: 'outcome of the latest delivery attempt' });
const MethodEnum = StringEnum(['POST', 'DELETE', 'GET', 'PUT', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE'] as const);
export const ResultTypeEnum = StringEnum(['BAD_RESPONSE', 'EXCEPTION', 'EXHAUSTED', 'SUCCESS', 'REDRIVEN'] as const);

export const BasicAuthOptions = Type.Object(
  { username: Type.String(), password: Type.String() },
  { $id: 'BasicAuthOptions', description: 'sent as an Authorization: Basic header with every delivery' },
);
export const WebhookHeaderNameValue = Type.Object(
  { name: Type.String({ minLength: 1, pattern: '^[!#$%&\'*+.^_`|~0-9A-Za-z-]+$' }), value: Type.String({ pattern: '^[^\\r\\n]*$' }) },
  { $id: 'WebhookHeaderNameValue' },
);
export const WebhookHeaders = Type.Object(
  { headers: Type.Array(Type.Ref(WebhookHeaderNameValue)) },
  { $id: 'WebhookHeaders', description: 'extra HTTP headers sent with every delivery' },
);

export const CreateWebhookOptions = Type.Object(
  {
    url: Type.String({ minLength: 1, description: 'http(s) URL the payloads are POSTed to' }),
    // Inline copies of BasicAuthOptions / WebhookHeaders: validation needs a type beside nullable.
    basicAuth: Type.Optional(Nullable(Type.Object({ username: Type.String(), password: Type.String() }))),
    name: Type.Optional(Nullable(Type.String())),
    eventName: Type.Optional(EventNameEnum),
    includeHeaders: Type.Optional(Nullable(Type.Object({ headers: Type.Array(Type.Ref(WebhookHeaderNameValue)) }))),
    requestBodyTemplate: Type.Optional(Nullable(Type.String({ description: 'body with {{field}} placeholders for payload fields' }))),
    aiTransformId: Type.Optional(Nullable(Type.String())),
    useStaticIpRange: Type.Optional(Nullable(Type.Boolean())),
    ignoreInsecureSslCertificates: Type.Optional(Nullable(Type.Boolean())),
    tags: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  { $id: 'CreateWebhookOptions' },
);

export const WebhookDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    basicAuth: Type.Boolean({ description: 'whether deliveries carry basic auth' }),
    name: Nullable(Type.String()),
    phoneId: Nullable(Type.String()),
    inboxId: Nullable(Type.String()),
    requestBodyTemplate: Nullable(Type.String()),
    url: Type.String(),
    method: MethodEnum,
    payloadJsonSchema: Type.String({ description: 'JSON Schema of the payloads this webhook sends' }),
    createdAt: DateTime,
    updatedAt: DateTime,
    eventName: EventNameEnum,
    requestHeaders: Nullable(Type.Ref(WebhookHeaders)),
    aiTransformId: Nullable(Type.String()),
    ignoreInsecureSslCertificates: Nullable(Type.Boolean()),
    useStaticIpRange: Nullable(Type.Boolean()),
    healthStatus: HealthEnum,
    enabled: Type.Boolean(),
  },
  { $id: 'WebhookDto' },
);

export const WebhookProjection = Type.Object(
  {
    name: Nullable(Type.String()),
    id: Uuid,
    url: Type.String(),
    username: Nullable(Type.String()),
    password: Nullable(Type.String()),
    enabled: Type.Boolean(),
    userId: Uuid,
    inboxId: Nullable(Type.String()),
    eventName: EventNameEnum,
    createdAt: DateTime,
    updatedAt: DateTime,
    aiTransformerId: Nullable(Type.String()),
    aiTransformId: Nullable(Type.String()),
    phoneNumberId: Nullable(Type.String()),
    healthStatus: HealthEnum,
  },
  { $id: 'WebhookProjection' },
);
export const PageWebhookProjection = PageOf(Type.Ref(WebhookProjection), 'PageWebhookProjection');

export const WebhookEndpointProjection = Type.Object({ url: Type.String(), health: HealthEnum }, { $id: 'WebhookEndpointProjection' });
export const PageWebhookEndpointProjection = PageOf(Type.Ref(WebhookEndpointProjection), 'PageWebhookEndpointProjection');

export const WebhookResultDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    webhookId: Uuid,
    webhookUrl: Type.String(),
    messageId: Type.String({ description: 'the payload messageId: the same on every attempt and redrive' }),
    redriveId: Nullable(Type.String({ description: 'the result whose redrive made this attempt' })),
    httpMethod: MethodEnum,
    webhookEvent: EventNameEnum,
    responseStatus: Nullable(Type.Integer()),
    responseTimeMillis: Type.Integer(),
    responseBodyExtract: Nullable(Type.String({ description: 'start of the response body, or why there was none' })),
    resultType: ResultTypeEnum,
    createdAt: DateTime,
    updatedAt: DateTime,
    seen: Type.Boolean(),
    inboxId: Nullable(Type.String()),
    emailId: Nullable(Type.String()),
    attachmentId: Nullable(Type.String()),
    phoneId: Nullable(Type.String()),
    smsId: Nullable(Type.String()),
    aiTransformerId: Nullable(Type.String()),
  },
  { $id: 'WebhookResultDto' },
);
export const PageWebhookResult = PageOf(Type.Ref(WebhookResultDto), 'PageWebhookResult');

export const UnseenErrorCountDto = Type.Object({ count: Type.Integer() }, { $id: 'UnseenErrorCountDto' });
export const WebhookRedriveResult = Type.Object(
  { webhookResultId: Uuid, success: Type.Boolean(), message: Nullable(Type.String()) },
  { $id: 'WebhookRedriveResult' },
);
export const WebhookRedriveAllResult = Type.Object(
  { success: Type.Boolean(), message: Nullable(Type.String()) },
  { $id: 'WebhookRedriveAllResult' },
);
export const WebhookTestRequest = Type.Object(
  { url: Type.String(), method: MethodEnum, headers: Type.Record(Type.String(), Type.String()), payload: Nullable(Type.String()) },
  { $id: 'WebhookTestRequest' },
);
export const WebhookTestResponse = Type.Object(
  { statusCode: Nullable(Type.Integer()), message: Nullable(Type.String()) },
  { $id: 'WebhookTestResponse' },
);
export const WebhookTestResult = Type.Object(
  { message: Nullable(Type.String()), response: Type.Ref(WebhookTestResponse), request: Type.Ref(WebhookTestRequest) },
  { $id: 'WebhookTestResult' },
);
export const JSONSchemaDto = Type.Object({ value: Type.String({ description: 'a JSON Schema document, as a string' }) }, { $id: 'JSONSchemaDto' });
export const VerifyWebhookSignatureOptions = Type.Object(
  {
    messageId: Type.String({ minLength: 1, description: 'the payload messageId' }),
    signature: Type.String({ minLength: 1, description: 'the x-signature header of the delivery' }),
  },
  { $id: 'VerifyWebhookSignatureOptions' },
);
export const VerifyWebhookSignatureResults = Type.Object({ isValid: Type.Boolean() }, { $id: 'VerifyWebhookSignatureResults' });

// ---- payloads (AbstractWebhookPayload and each Webhook*Payload of the client) ----

const envelope = (eventName: readonly string[]) => ({
  messageId: Type.String({ description: 'unique per (event, webhook); the same on every retry and redrive: the idempotency key' }),
  webhookId: Uuid,
  webhookName: Nullable(Type.String()),
  eventName: StringEnum(eventName),
});

export const AbstractWebhookPayload = Type.Object(
  envelope(WEBHOOK_EVENT_NAMES),
  { $id: 'AbstractWebhookPayload', additionalProperties: true, description: 'fields every payload has; the rest depend on eventName' },
);
const AttachmentMetaData = Type.Object({
  name: Type.String(), contentType: Type.String(), contentLength: Type.Integer(), id: Type.String(), contentId: Nullable(Type.String()),
});
export const WebhookNewEmailPayload = Type.Object({
  ...envelope(['EMAIL_RECEIVED', 'NEW_EMAIL']),
  inboxId: Uuid, domainId: Nullable(Type.String()), emailId: Uuid, createdAt: DateTime,
  to: Type.Array(Type.String()), from: Type.String(), cc: Type.Array(Type.String()), bcc: Type.Array(Type.String()),
  subject: Nullable(Type.String()), attachmentMetaDatas: Type.Array(AttachmentMetaData),
}, { $id: 'WebhookNewEmailPayload' });
export const WebhookNewAttachmentPayload = Type.Object({
  ...envelope(['NEW_ATTACHMENT']),
  attachmentId: Type.String(), name: Type.String(), contentType: Type.String(), contentLength: Type.Integer(),
}, { $id: 'WebhookNewAttachmentPayload' });
export const WebhookEmailReadPayload = Type.Object({
  ...envelope(['EMAIL_READ']),
  emailId: Uuid, inboxId: Uuid, emailIsRead: Type.Boolean(), createdAt: DateTime,
}, { $id: 'WebhookEmailReadPayload' });
export const WebhookEmailOpenedPayload = Type.Object({
  ...envelope(['EMAIL_OPENED']),
  inboxId: Uuid, pixelId: Uuid, sentEmailId: Uuid, recipient: Type.String(), createdAt: DateTime,
}, { $id: 'WebhookEmailOpenedPayload' });
export const WebhookDeliveryStatusPayload = Type.Object({
  ...envelope(['DELIVERY_STATUS']),
  id: Uuid, userId: Uuid, sentId: Nullable(Type.String()), remoteMtaIp: Nullable(Type.String()), inboxId: Nullable(Type.String()),
  reportingMta: Nullable(Type.String()), recipients: Nullable(Type.Array(Type.String())), smtpResponse: Nullable(Type.String()),
  smtpStatusCode: Nullable(Type.Integer()), processingTimeMillis: Nullable(Type.Integer()), received: Nullable(DateTime),
  subject: Nullable(Type.String()),
}, { $id: 'WebhookDeliveryStatusPayload' });
export const WebhookBouncePayload = Type.Object({
  ...envelope(['BOUNCE']),
  bounceId: Uuid, sentToRecipients: Nullable(Type.Array(Type.String())), sender: Type.String(),
  bounceRecipients: Nullable(Type.Array(Type.String())),
}, { $id: 'WebhookBouncePayload' });
export const WebhookBounceRecipientPayload = Type.Object({
  ...envelope(['BOUNCE_RECIPIENT']), recipient: Type.String(),
}, { $id: 'WebhookBounceRecipientPayload' });
export const WebhookNewContactPayload = Type.Object({
  ...envelope(['NEW_CONTACT']),
  contactId: Uuid, groupId: Nullable(Type.String()), firstName: Nullable(Type.String()), lastName: Nullable(Type.String()),
  company: Nullable(Type.String()), primaryEmailAddress: Nullable(Type.String()), emailAddresses: Type.Array(Type.String()),
  tags: Type.Array(Type.String()), metaData: Nullable(Type.Object({}, { additionalProperties: true })), optOut: Type.Boolean(),
  createdAt: DateTime,
}, { $id: 'WebhookNewContactPayload' });
const SmsMessageMediaDto = Type.Object({
  id: Uuid, smsId: Uuid, phoneNumberId: Uuid, attachmentId: Uuid, contentType: Nullable(Type.String()), createdAt: DateTime, updatedAt: DateTime,
});
export const WebhookNewSmsPayload = Type.Object({
  ...envelope(['NEW_SMS']),
  smsId: Uuid, userId: Uuid, phoneNumber: Uuid, toNumber: Type.String(), fromNumber: Type.String(), body: Type.String(),
  read: Type.Boolean(), media: Type.Array(SmsMessageMediaDto),
}, { $id: 'WebhookNewSmsPayload' });
export const WebhookNewAITransformResultPayload = Type.Object({
  ...envelope(['NEW_AI_TRANSFORM_RESULT']),
}, { $id: 'WebhookNewAITransformResultPayload', additionalProperties: true });

/** The payload model of each event name. */
export const PAYLOAD_SCHEMA_OF: Record<(typeof WEBHOOK_EVENT_NAMES)[number], TSchema> = {
  EMAIL_RECEIVED: WebhookNewEmailPayload,
  NEW_EMAIL: WebhookNewEmailPayload,
  NEW_ATTACHMENT: WebhookNewAttachmentPayload,
  EMAIL_READ: WebhookEmailReadPayload,
  EMAIL_OPENED: WebhookEmailOpenedPayload,
  DELIVERY_STATUS: WebhookDeliveryStatusPayload,
  BOUNCE: WebhookBouncePayload,
  BOUNCE_RECIPIENT: WebhookBounceRecipientPayload,
  NEW_CONTACT: WebhookNewContactPayload,
  NEW_SMS: WebhookNewSmsPayload,
  NEW_AI_TRANSFORM_RESULT: WebhookNewAITransformResultPayload,
  NEW_GUEST_USER: AbstractWebhookPayload,
};

export const WebhookIdParams = Type.Object({ webhookId: Uuid });
export const InboxIdParams = Type.Object({ inboxId: Uuid });
export const ResultIdParams = Type.Object({ webhookResultId: Uuid });

const Since = Type.Optional(DateTime);
export const WebhookListQuery = Type.Object({
  ...PageQuery,
  searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
  since: Since,
  before: Since,
  eventType: Type.Optional(EventNameEnum),
  health: Type.Optional(HealthEnum),
  includeAccountWide: Type.Optional(Type.Boolean()),
  inboxId: Type.Optional(Uuid),
  phoneId: Type.Optional(Uuid),
  aiTransformerId: Type.Optional(Uuid),
  url: Type.Optional(Type.String()),
  eventTypeSource: Type.Optional(Type.String()),
});
export const ResultListQuery = Type.Object({
  ...PageQuery,
  searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
  since: Since,
  before: Since,
  unseenOnly: Type.Optional(Type.Boolean()),
  resultType: Type.Optional(ResultTypeEnum),
  eventName: Type.Optional(EventNameEnum),
  minStatusCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 999, description: 'HTTP status codes have three digits' })),
  maxStatusCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 999, description: 'HTTP status codes have three digits' })),
  inboxId: Type.Optional(Uuid),
  smsId: Type.Optional(Uuid),
  attachmentId: Type.Optional(Uuid),
  emailId: Type.Optional(Uuid),
  phoneId: Type.Optional(Uuid),
  aiTransformerId: Type.Optional(Uuid),
});

export const webhookModelSchemas = [
  BasicAuthOptions, WebhookHeaderNameValue, WebhookHeaders, CreateWebhookOptions, WebhookDto, WebhookProjection,
  PageWebhookProjection, WebhookEndpointProjection, PageWebhookEndpointProjection, WebhookResultDto, PageWebhookResult,
  UnseenErrorCountDto, WebhookRedriveResult, WebhookRedriveAllResult, WebhookTestRequest, WebhookTestResponse,
  WebhookTestResult, JSONSchemaDto, VerifyWebhookSignatureOptions, VerifyWebhookSignatureResults,
  AbstractWebhookPayload, WebhookNewEmailPayload, WebhookNewAttachmentPayload, WebhookEmailReadPayload,
  WebhookEmailOpenedPayload, WebhookDeliveryStatusPayload, WebhookBouncePayload, WebhookBounceRecipientPayload,
  WebhookNewContactPayload, WebhookNewSmsPayload, WebhookNewAITransformResultPayload,
];
