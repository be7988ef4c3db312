/** Storage port of inbox forwarders (InboxForwarderController) and their events. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

/** The matching rule an automation carries (modules/forwarder/matching.ts reads it). */
export interface AutomationMatchFields {
  field: string;
  should: string;
  match: string | null;
  /** InboxAutomationMatchOptions as given (JSON) */
  matchOptions: Record<string, unknown> | null;
}

export interface ForwarderRecord extends AutomationMatchFields {
  id: string;
  tenantId: string;
  inboxId: string;
  name: string | null;
  forwardTo: string[];
  attachmentTextExtractionMethod: string | null;
  createdAt: Date;
}

export type ForwarderChange = Pick<ForwarderRecord, 'field' | 'should' | 'match' | 'matchOptions' | 'forwardTo' | 'attachmentTextExtractionMethod'>;

export interface ForwarderFilter {
  inboxId?: string;
  search?: string;
  since?: Date;
  before?: Date;
}

export type AutomationEventStatus = 'SUCCESS' | 'FAILURE';

export interface ForwarderEventRecord {
  id: string;
  tenantId: string;
  forwarderId: string;
  inboxId: string;
  emailId: string | null;
  sentId: string | null;
  status: AutomationEventStatus;
  message: string | null;
  createdAt: Date;
}

export interface ForwarderEventFilter {
  forwarderId?: string;
  inboxId?: string;
  emailId?: string;
  sentId?: string;
}

export interface ForwarderRepository {
  create(forwarder: ForwarderRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<ForwarderRecord | undefined>;
  page(tenantId: string, filter: ForwarderFilter, page: PageRequest): Promise<Slice<ForwarderRecord>>;
  /** every forwarder of the inbox, oldest first (what a received message is matched against) */
  listForInbox(tenantId: string, inboxId: string): Promise<ForwarderRecord[]>;
  /** false when there is no such forwarder */
  update(tenantId: string, id: string, change: ForwarderChange): Promise<boolean>;
  delete(tenantId: string, id: string): Promise<boolean>;
  /** every forwarder of the tenant, or of one inbox */
  deleteWhere(tenantId: string, filter: { inboxId?: string }): Promise<number>;
  addEvent(event: ForwarderEventRecord): Promise<void>;
  findEvent(tenantId: string, id: string): Promise<ForwarderEventRecord | undefined>;
  pageEvents(tenantId: string, filter: ForwarderEventFilter, page: PageRequest): Promise<Slice<ForwarderEventRecord>>;
}
