/** TemplateRepository in memory. */
import type { PageRequest } from '../../src/core/paging.js';
import type { Slice, TemplateFilter, TemplateRecord, TemplateRepository, TemplateSummary } from '../../src/storage/ports.js';
import { copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';
import type { MemoryTables } from './tables.js';

const summary = ({ content: _content, ...rest }: TemplateRecord): TemplateSummary => copy(rest);

export class FakeTemplateRepository implements TemplateRepository {
  constructor(private readonly tables: MemoryTables) {}

  async create(template: TemplateRecord): Promise<void> {
    if (this.tables.templates.has(template.id)) throw new UniqueViolation(`templates.id ${template.id}`);
    this.tables.templates.set(template.id, copy(template));
  }

  async findById(tenantId: string, id: string): Promise<TemplateRecord | undefined> {
    const template = this.tables.templates.get(id);
    return template && template.tenantId === tenantId ? copy(template) : undefined;
  }

  async list(tenantId: string): Promise<TemplateSummary[]> {
    return ordered([...this.tables.templates.values()].filter((t) => t.tenantId === tenantId)).map(summary);
  }

  async page(tenantId: string, filter: TemplateFilter, page: PageRequest): Promise<Slice<TemplateSummary>> {
    const matching = [...this.tables.templates.values()].filter((t) => t.tenantId === tenantId && inRange(t.createdAt, filter));
    return pageOf(ordered(matching, page.sort).map(summary), page);
  }

  async update(tenantId: string, id: string, change: Pick<TemplateRecord, 'name' | 'content' | 'variables' | 'updatedAt'>): Promise<boolean> {
    const template = this.tables.templates.get(id);
    if (!template || template.tenantId !== tenantId) return false;
    this.tables.templates.set(id, copy({ ...template, ...change }));
    return true;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const template = this.tables.templates.get(id);
    if (!template || template.tenantId !== tenantId) return false;
    return this.tables.templates.delete(id);
  }
}
