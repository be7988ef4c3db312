import { Type } from '@sinclair/typebox';
import { templateOperation } from './define.js';
import { toTemplateDto } from '../template.dto.js';
import { CreateTemplateOptions, TemplateDto, TemplateIdParams } from '../template.schemas.js';

export const updateTemplate = templateOperation({
  operationId: 'updateTemplate', method: 'PUT', path: '/templates/{templateId}',
  summary: 'Replace the name and content of a template; its variables are read again',
  params: TemplateIdParams,
  body: Type.Ref(CreateTemplateOptions),
  // the spec's table: "updateTemplate ... 201 TemplateDto"
  status: 201,
  response: Type.Ref(TemplateDto),
  handler: async ({ tenantId, params, body }, { templates }) => toTemplateDto(await templates.update(tenantId, params.templateId, body)),
});

export const deleteTemplate = templateOperation({
  operationId: 'deleteTemplate', method: 'DELETE', path: '/templates/{templateId}',
  summary: 'Delete a template (emails sent from it keep its id)',
  params: TemplateIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { templates }) => {
    await templates.delete(tenantId, params.templateId);
  },
});
