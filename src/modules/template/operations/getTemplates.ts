import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { templateOperation } from './define.js';
import { toTemplateProjection } from '../template.dto.js';
import { PageTemplateProjection, TemplateProjection, TemplatesQuery } from '../template.schemas.js';

export const getTemplates = templateOperation({
  operationId: 'getTemplates', method: 'GET', path: '/templates',
  summary: "Every template of the caller, oldest first (without content)",
  response: Type.Array(Type.Ref(TemplateProjection)),
  handler: async ({ tenantId }, { templates }) => (await templates.list(tenantId)).map(toTemplateProjection),
});

// A static path: matched before GET /templates/{templateId}, so it is never taken for an id.
export const getAllTemplates = templateOperation({
  operationId: 'getAllTemplates', method: 'GET', path: '/templates/paginated',
  summary: "Page through the caller's templates",
  query: TemplatesQuery,
  response: Type.Ref(PageTemplateProjection),
  handler: async ({ tenantId, query }, { templates }) => {
    const { slice, request } = await templates.page(tenantId, { ...query, since: toDate(query.since), before: toDate(query.before) });
    return toPage(slice.items.map(toTemplateProjection), slice.total, request);
  },
});
