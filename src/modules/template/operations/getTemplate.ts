import { Type } from '@sinclair/typebox';
import { templateOperation } from './define.js';
import { toTemplateDto } from '../template.dto.js';
import { TemplateDto, TemplateIdParams } from '../template.schemas.js';

export const getTemplate = templateOperation({
  operationId: 'getTemplate', method: 'GET', path: '/templates/{templateId}',
  summary: 'A template with its content and variables',
  params: TemplateIdParams,
  response: Type.Ref(TemplateDto),
  handler: async ({ tenantId, params }, { templates }) => toTemplateDto(await templates.get(tenantId, params.templateId)),
});
