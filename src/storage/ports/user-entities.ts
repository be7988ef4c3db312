/**
 * Storage port of the account-wide views of UserController: the caller's automations, what
 * happened to its entities, and its favourites, each read across the tables that hold them.
 */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export type AutomationType = 'INBOX_FORWARDER' | 'INBOX_REPLIER' | 'INBOX_RULESET';

export interface EntityAutomationRecord {
  id: string;
  automationType: AutomationType;
  name: string | null;
  inboxId: string | null;
  phoneId: string | null;
  /** what it does: a ruleset's action, a forwarder's/replier's match field */
  action: string | null;
  createdAt: Date;
}

export type EntityEventType = 'WEBHOOK_EVENT' | 'INBOX_FORWARDER_EVENT' | 'INBOX_REPLIER_EVENT' | 'INBOX_RULESET_EVENT' | 'ALIAS_EVENT';

export interface EntityEventRecord {
  id: string;
  eventType: EntityEventType;
  /** the outcome as the table records it: a webhook result type, a forwarder/replier event status */
  outcome: string;
  inboxId: string | null;
  emailId: string | null;
  phoneId: string | null;
  smsId: string | null;
  attachmentId: string | null;
  createdAt: Date;
}

export type FavouriteType = 'INBOX' | 'EMAIL' | 'ATTACHMENT' | 'PHONE' | 'SMS';

export interface EntityFavouriteRecord {
  id: string;
  entityType: FavouriteType;
  name: string;
  description: string | null;
  createdAt: Date;
}

interface TimeFilter {
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
}

export interface EntityAutomationFilter extends TimeFilter {
  inboxId?: string;
  phoneId?: string;
  type?: AutomationType;
}

export interface EntityEventFilter extends TimeFilter {
  inboxId?: string;
  emailId?: string;
  phoneId?: string;
  smsId?: string;
  attachmentId?: string;
  type?: EntityEventType;
}

export interface EntityFavouriteFilter extends TimeFilter {
  type?: FavouriteType;
}

export interface UserEntityRepository {
  automations(tenantId: string, filter: EntityAutomationFilter, page: PageRequest): Promise<Slice<EntityAutomationRecord>>;
  events(tenantId: string, filter: EntityEventFilter, page: PageRequest): Promise<Slice<EntityEventRecord>>;
  favourites(tenantId: string, filter: EntityFavouriteFilter, page: PageRequest): Promise<Slice<EntityFavouriteRecord>>;
}
