import type { Static } from '@sinclair/typebox';
import type { TemplateRecord, TemplateSummary } from '../../storage/ports.js';
import type { TemplateDto, TemplateProjection } from './template.schemas.js';

export const toTemplateDto = (t: TemplateRecord): Static<typeof TemplateDto> => ({
  id: t.id,
  name: t.name,
  variables: t.variables.map((name) => ({ name, variableType: 'STRING' as const })),
  content: t.content,
  createdAt: t.createdAt.toISOString(),
});

export const toTemplateProjection = (t: TemplateSummary): Static<typeof TemplateProjection> => ({
  name: t.name,
  id: t.id,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
  variables: t.variables,
});
