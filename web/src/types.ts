/** The API models the dashboard reads (field names as in the official client's models). */
export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  /** this is the last page (a search's total past its exact count is a lower bound until then) */
  last?: boolean;
}

export interface Inbox {
  id: string;
  emailAddress: string;
  name?: string | null;
  description?: string | null;
  tags?: string[] | null;
  favourite: boolean;
  createdAt: string;
  expiresAt?: string | null;
  inboxType?: string;
  virtualInbox?: boolean;
}

export interface EmailPreview {
  id: string;
  inboxId: string;
  subject?: string | null;
  from?: string | null;
  to: string[] | null;
  createdAt: string;
  read: boolean;
  favourite?: boolean | null;
  attachments?: string[] | null;
  textExcerpt?: string | null;
}

export interface Email extends EmailPreview {
  cc?: string[] | null;
  bcc?: string[] | null;
  replyTo?: string | null;
  body?: string | null;
  isHTML?: boolean | null;
  headers?: Record<string, string> | null;
  headersMap?: Record<string, string[]> | null;
  messageId?: string | null;
}

export interface AttachmentMeta {
  id: string;
  name: string;
  contentType: string;
  contentLength: number;
}

export interface SentEmail {
  id: string;
  inboxId: string;
  subject?: string | null;
  to?: string[] | null;
  createdAt: string;
  textExcerpt?: string | null;
  bodyExcerpt?: string | null;
  virtualSend?: boolean;
}

export interface DeliveryStatus {
  id: string;
  sentId?: string | null;
  recipients?: string[] | null;
  smtpStatusCode?: number | null;
  smtpResponse?: string | null;
  createdAt: string;
}

export interface Webhook {
  id: string;
  name?: string | null;
  url: string;
  inboxId?: string | null;
  eventName?: string;
  healthStatus?: string;
  createdAt: string;
}

export interface WebhookResult {
  id?: string | null;
  webhookId: string;
  webhookEvent: string;
  responseStatus?: number | null;
  responseTimeMillis: number;
  responseBodyExtract?: string | null;
  resultType?: string;
  createdAt: string;
}

export interface WebhookTestResult {
  message?: string | null;
  response: { statusCode?: number | null; message?: string | null };
}

export const WEBHOOK_EVENTS = [
  'EMAIL_RECEIVED', 'NEW_EMAIL', 'NEW_ATTACHMENT', 'EMAIL_OPENED', 'EMAIL_READ', 'DELIVERY_STATUS', 'BOUNCE', 'BOUNCE_RECIPIENT',
] as const;
