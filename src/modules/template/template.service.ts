import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { Slice, TemplateRecord, TemplateRepository, TemplateSummary } from '../../storage/ports.js';
import type { SendTemplating, TemplatedContent } from '../sending/send-template.js';
import type { SendEmailInput } from '../sending/sending.types.js';
import { render, variablesOf } from './template-render.js';

export interface TemplateInput {
  name: string;
  content: string;
}

export interface TemplateQuery {
  page?: number;
  size?: number;
  sort?: SortDirection;
  since?: Date;
  before?: Date;
}

/**
 * TemplateController (a user's moustache templates) and the templates of sendEmail
 * (`template`, `templateVariables`). The variables of a template are what mustache's parse
 * tree says they are, read again whenever the content is written.
 */
export class TemplateService implements SendTemplating {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly clock: Clock,
  ) {}

  async create(tenantId: string, input: TemplateInput): Promise<TemplateRecord> {
    const now = this.clock.now();
    const template: TemplateRecord = {
      id: newId(),
      tenantId,
      ...this.checked(input),
      createdAt: now,
      updatedAt: now,
    };
    await this.templates.create(template);
    return template;
  }

  async get(tenantId: string, id: string): Promise<TemplateRecord> {
    const template = await this.templates.findById(tenantId, id);
    if (!template) throw notFound(`No template ${id}`);
    return template;
  }

  list(tenantId: string): Promise<TemplateSummary[]> {
    return this.templates.list(tenantId);
  }

  async page(tenantId: string, query: TemplateQuery): Promise<{ slice: Slice<TemplateSummary>; request: PageRequest }> {
    const request = pageRequest(query);
    return { slice: await this.templates.page(tenantId, { since: query.since, before: query.before }, request), request };
  }

  async update(tenantId: string, id: string, input: TemplateInput): Promise<TemplateRecord> {
    const change = { ...this.checked(input), updatedAt: this.clock.now() };
    if (!(await this.templates.update(tenantId, id, change))) throw notFound(`No template ${id}`);
    return this.get(tenantId, id);
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.templates.delete(tenantId, id))) throw notFound(`No template ${id}`);
  }

  /**
   * The template rendered for a preview: the values given, and for every other variable an
   * example value, its own name (so the preview shows where each variable lands).
   */
  async preview(tenantId: string, id: string, given: Record<string, string>): Promise<string> {
    const template = await this.get(tenantId, id);
    // null prototypes: a query parameter named __proto__.x is a variable, never Object.prototype
    const values: Record<string, unknown> = Object.create(null);
    for (const name of variablesOf(template.content).required) setPath(values, name, name);
    for (const [name, value] of Object.entries(given)) setPath(values, name, value);
    return render(template.content, values, { escapeHtml: true, what: `template ${id}` });
  }

  /**
   * sendEmail: `template` replaces the body with the template rendered; `templateVariables`
   * fill the moustache variables of the template, or of the body and subject when there is no
   * template. A variable the text reads and the values lack is a 400 naming it.
   */
  async apply(tenantId: string, input: SendEmailInput): Promise<TemplatedContent> {
    const values = input.templateVariables ?? undefined;
    if (values !== undefined && (typeof values !== 'object' || Array.isArray(values))) {
      throw badRequest('templateVariables must be an object of variable names to values');
    }
    const escapeHtml = Boolean(input.isHTML ?? input.html ?? false);
    let body = input.body;
    let templateId: string | null = null;
    if (input.template) {
      const template = await this.templates.findById(tenantId, input.template);
      // a 400 like every other unknown id of a send (attachments): the send is what is wrong
      if (!template) throw badRequest(`template ${input.template} is not a template of yours; create one with POST /templates`);
      body = render(template.content, values ?? {}, { escapeHtml, what: `template ${template.id}` });
      templateId = template.id;
    } else if (values && body) {
      body = render(body, values, { escapeHtml, what: 'body' });
    }
    // a subject is a header, never HTML: its values go in as they are
    const subject = values && input.subject ? render(input.subject, values, { escapeHtml: false, what: 'subject' }) : input.subject;
    return { subject, body, templateId };
  }

  private checked(input: TemplateInput): Pick<TemplateRecord, 'name' | 'content' | 'variables'> {
    const name = input.name.trim();
    if (!name) throw badRequest('name must not be blank');
    return { name, content: input.content, variables: variablesOf(input.content).all };
  }
}

/** Sets `a.b` as mustache reads it: values.a.b (objects made here have no prototype either). */
function setPath(values: Record<string, unknown>, name: string, value: unknown): void {
  const parts = name.split('.');
  let target = values;
  for (const part of parts.slice(0, -1)) {
    const next = target[part];
    if (next === null || typeof next !== 'object') target[part] = Object.create(null);
    target = target[part] as Record<string, unknown>;
  }
  target[parts[parts.length - 1]!] = value;
}
