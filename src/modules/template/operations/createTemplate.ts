import { Type } from '@sinclair/typebox';
import { templateOperation } from './define.js';
import { toTemplateDto } from '../template.dto.js';
import { CreateTemplateOptions, TemplateDto } from '../template.schemas.js';

export const createTemplate = templateOperation({
  operationId: 'createTemplate', method: 'POST', path: '/templates',
  summary: 'Create an email template with moustache variables ({{name}}); its variables are reported',
  body: Type.Ref(CreateTemplateOptions),
  status: 201,
  response: Type.Ref(TemplateDto),
  handler: async ({ tenantId, body }, { templates }) => toTemplateDto(await templates.create(tenantId, body)),
});
