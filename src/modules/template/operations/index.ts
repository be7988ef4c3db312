import { createTemplate } from './createTemplate.js';
import { getTemplate } from './getTemplate.js';
import { getAllTemplates, getTemplates } from './getTemplates.js';
import { deleteTemplate, updateTemplate } from './updateTemplate.js';
import { getTemplatePreviewHtml, getTemplatePreviewJson } from './previews.js';

/** TemplateController. */
export const templateOperations = [
  createTemplate, getTemplate, getTemplates, getAllTemplates, updateTemplate, deleteTemplate, getTemplatePreviewHtml, getTemplatePreviewJson,
];
