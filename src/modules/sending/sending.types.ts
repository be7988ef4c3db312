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
