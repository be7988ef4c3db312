import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { PREVIEW_HEADERS } from '../../email/preview-headers.js';
import { templateOperation } from './define.js';
import { PreviewQuery, TemplateIdParams, TemplatePreview } from '../template.schemas.js';

export const getTemplatePreviewHtml = templateOperation({
  operationId: 'getTemplatePreviewHtml', method: 'GET', path: '/templates/{templateId}/preview/html',
  summary: "The template rendered as text/html: query parameters are variables' values, other variables show their own names",
  params: TemplateIdParams,
  query: PreviewQuery,
  response: { type: 'string', description: 'HTML document' },
  handler: async ({ tenantId, params, query }, { templates }) => {
    const html = await templates.preview(tenantId, params.templateId, query as Record<string, string>);
    // the user's own HTML on this origin: sandboxed like every email preview
    return new Content(html, 'text/html; charset=utf-8', PREVIEW_HEADERS);
  },
});

export const getTemplatePreviewJson = templateOperation({
  operationId: 'getTemplatePreviewJson', method: 'GET', path: '/templates/{templateId}/preview/json',
  summary: "The template rendered, in JSON: query parameters are variables' values, other variables show their own names",
  params: TemplateIdParams,
  query: PreviewQuery,
  response: Type.Ref(TemplatePreview),
  handler: async ({ tenantId, params, query }, { templates }) => ({
    preview: await templates.preview(tenantId, params.templateId, query as Record<string, string>),
  }),
});
