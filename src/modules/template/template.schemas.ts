import { Type } from '@sinclair/typebox';
import { DateTime, PageOf, PageQuery, StringEnum, Uuid } from '../shared/schemas.js';

/** Longest template content: a whole HTML email fits easily; rendering cost grows with it. */
export const MAX_TEMPLATE_LENGTH = 1024 * 1024;

export const CreateTemplateOptions = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 1000, description: 'a name for the template' }),
    content: Type.String({ maxLength: MAX_TEMPLATE_LENGTH, description: 'the body, with moustache variables: Hello {{name}}' }),
  },
  { $id: 'CreateTemplateOptions' },
);

export const TemplateVariable = Type.Object(
  {
    name: Type.String(),
    variableType: StringEnum(['STRING'] as const, { description: 'every variable is a string' }),
  },
  { $id: 'TemplateVariable' },
);

export const TemplateDto = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    variables: Type.Array(Type.Ref(TemplateVariable), { description: "the variables the content reads, from mustache's parse tree" }),
    content: Type.String(),
    createdAt: DateTime,
  },
  { $id: 'TemplateDto' },
);

export const TemplateProjection = Type.Object(
  {
    name: Type.String(),
    id: Uuid,
    createdAt: DateTime,
    updatedAt: DateTime,
    variables: Type.Array(Type.String()),
  },
  { $id: 'TemplateProjection' },
);
export const PageTemplateProjection = PageOf(Type.Ref(TemplateProjection), 'PageTemplateProjection');

export const TemplatePreview = Type.Object({ preview: Type.String() }, { $id: 'TemplatePreview' });

export const TemplateIdParams = Type.Object({ templateId: Uuid });

export const TemplatesQuery = Type.Object({
  ...PageQuery,
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});

/**
 * The preview's query: any parameter is a variable's value (the client passes none, MailSlurp
 * documents "pass template variables as query params"); the rest get example values.
 */
export const PreviewQuery = Type.Object({}, { additionalProperties: Type.String({ maxLength: MAX_TEMPLATE_LENGTH }) });

export const templateModelSchemas = [CreateTemplateOptions, TemplateVariable, TemplateDto, TemplateProjection, PageTemplateProjection, TemplatePreview];
