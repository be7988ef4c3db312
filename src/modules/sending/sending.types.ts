import type { InboxRecord, MailAddress } from '../../storage/ports.js';

/** SendEmailOptions as the client sends it, already schema-validated. */
export interface SendEmailInput {
  toContacts?: string[] | null;
  toGroup?: string | null;
  to?: string[] | null;
  from?: string | null;
  fromName?: string | null;
  cc?: string[] | null;
  bcc?: string[] | null;
  subject?: string | null;
  replyTo?: string | null;
  customHeaders?: Record<string, string> | null;
  body?: string | null;
  html?: boolean | null;
  isHTML?: boolean | null;
  charset?: string | null;
  attachments?: string[] | null;
  templateVariables?: Record<string, unknown> | null;
  template?: string | null;
  sendStrategy?: string | null;
  useInboxName?: boolean | null;
  addTrackingPixel?: boolean | null;
  filterBouncedRecipients?: boolean | null;
  validateEmailAddresses?: 'VALIDATE_FILTER_REMOVE_INVALID' | 'VALIDATE_ERROR_IF_INVALID' | 'NO_VALIDATION' | null;
  ignoreEmptyRecipients?: boolean | null;
  isXAmpHtml?: boolean | null;
  bodyParts?: unknown[] | null;
}

/** Threading fields a reply adds. */
export interface ReplyContext {
  inReplyTo: string;
  references: string[];
}

/**
 * What SendingService asks to turn `toContacts` (contact ids) and `toGroup` (a group id) into
 * addresses (ContactService): ids that are not the sender's are refused by it (404), so
 * nothing is sent or stored.
 */
export interface ContactRecipients {
  recipientsOf(tenantId: string, contactIds: string[], groupId: string | null): Promise<string[]>;
}

/** The recipients of a send, as its receipt records them. */
export interface SendRecipients {
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
}

/**
 * A check every send passes before anything of it is stored (rulesets of the SENDING_EMAILS
 * scope, consent): it answers the recipients the send may go to (a filter removes some) or
 * throws a 400 naming why the send is refused. Registered on `SendingService.guards` by
 * services.ts; applied to API sends, envelopes and SMTP submissions alike, and by canSend.
 */
export interface SendGuard {
  name: string;
  check(inbox: InboxRecord, recipients: SendRecipients): Promise<SendRecipients>;
}

/**
 * Signs a message before it is stored and delivered (modules/domain's DKIM signer: mail from
 * an inbox on a verified custom domain). Answers the bytes to send: the same when it does not sign.
 */
export interface MessageSigner {
  sign(inbox: InboxRecord, raw: Buffer): Promise<Buffer>;
}
