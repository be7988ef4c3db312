/**
 * The automation models the dashboard reads and writes, with the official client's field names
 * (mailslurp-client src/generated/models). Dates arrive as ISO strings.
 */
export const RULESET_SCOPES = ['RECEIVING_EMAILS', 'SENDING_EMAILS', 'RECEIVING_SMS', 'SENDING_SMS'] as const;
export const RULESET_ACTIONS = ['BLOCK', 'ALLOW', 'FILTER_REMOVE', 'BOUNCE_SOFT', 'BOUNCE_HARD'] as const;
/** The match fields forwarders and repliers share (CreateInboxForwarderOptionsFieldEnum). */
export const MATCH_FIELDS = ['SENDER', 'RECIPIENTS', 'SUBJECT', 'ATTACHMENTS'] as const;

export interface Ruleset {
  id: string;
  inboxId?: string | null;
  scope: string;
  action: string;
  target: string;
  createdAt: string;
}

export interface Forwarder {
  id: string;
  inboxId?: string | null;
  name?: string | null;
  field?: string;
  match?: string | null;
  forwardToRecipients: string[];
  createdAt: string;
}

export interface Replier {
  id: string;
  inboxId?: string | null;
  name?: string | null;
  field?: string;
  match?: string | null;
  subject?: string | null;
  createdAt: string;
}

/** InboxForwarderEventProjection and InboxReplierEventProjection, which differ only in their owner's id. */
export interface AutomationEvent {
  id?: string | null;
  message?: string | null;
  status?: 'SUCCESS' | 'FAILURE';
  emailId?: string | null;
  sentId?: string | null;
  recipients?: string[] | null;
  createdAt: string;
}

export interface Alias {
  id: string;
  name?: string | null;
  emailAddress: string;
  inboxId: string;
  useThreads?: boolean | null;
  createdAt: string;
}

/** AliasDto: getAlias tells whether the hidden address has verified the alias. */
export interface AliasDetail extends Alias {
  maskedEmailAddress?: string | null;
  isVerified: boolean;
}

export interface AliasThread {
  id: string;
  subject?: string | null;
  to: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Template {
  id: string;
  name: string;
  variables: string[];
  createdAt: string;
}

export interface Contact {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  emailAddress?: string | null;
  emailAddresses?: string[] | null;
  groupId?: string | null;
  createdAt: string;
}

export interface Group {
  id: string;
  name: string;
  description?: string | null;
  createdAt: string;
}

export interface ScheduledJob {
  id: string;
  inboxId: string;
  status: 'SUBMITTED' | 'COMPLETED' | 'ABORTED' | 'FAILED' | 'CANCELLED';
  sendAtTimestamp: string;
  createdAt: string;
}

export interface OptInIdentity {
  id: string;
  emailAddress: string;
  verified?: boolean | null;
  createdAt: string;
}

/** A virtual TOTP device (TotpDeviceProjection; the secret is never answered). */
export interface TotpDevice {
  id: string;
  name: string | null;
  issuer: string | null;
  username: string | null;
  digits: number;
  period: number;
  algorithm: string;
  clockOffsetSeconds: number;
  createdAt: string;
}
