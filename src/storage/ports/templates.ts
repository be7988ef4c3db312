/** Storage port of email templates (TemplateController, and sendEmail's `template`). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface TemplateRecord {
  id: string;
  tenantId: string;
  name: string;
  /** the moustache text */
  content: string;
  /** names of the variables the content reads, in order of first use (kept so lists need not parse every content) */
  variables: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** A template without its content: what the lists answer (TemplateProjection has no content). */
export type TemplateSummary = Omit<TemplateRecord, 'content'>;

export interface TemplateFilter {
  since?: Date;
  before?: Date;
}

export interface TemplateRepository {
  create(template: TemplateRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<TemplateRecord | undefined>;
  /** every template of the tenant, oldest first */
  list(tenantId: string): Promise<TemplateSummary[]>;
  page(tenantId: string, filter: TemplateFilter, page: PageRequest): Promise<Slice<TemplateSummary>>;
  /** replaces name, content, variables and updatedAt; false when there is no such template */
  update(tenantId: string, id: string, change: Pick<TemplateRecord, 'name' | 'content' | 'variables' | 'updatedAt'>): Promise<boolean>;
  /** false when there is no such template */
  delete(tenantId: string, id: string): Promise<boolean>;
}
