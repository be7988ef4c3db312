/**
 * The webhook event names of the API (the client's CreateWebhookOptions.eventName). Here in
 * core because storage's webhook ports name them too; the webhooks module alone knows what
 * each one's payload holds (modules/webhooks/payloads.ts).
 */
export const WEBHOOK_EVENT_NAMES = [
  'EMAIL_RECEIVED', 'NEW_AI_TRANSFORM_RESULT', 'NEW_EMAIL', 'NEW_CONTACT', 'NEW_ATTACHMENT', 'EMAIL_OPENED',
  'EMAIL_READ', 'DELIVERY_STATUS', 'BOUNCE', 'BOUNCE_RECIPIENT', 'NEW_SMS', 'NEW_GUEST_USER',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];
