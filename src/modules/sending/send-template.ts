import type { SendEmailInput } from './sending.types.js';

/** What sendEmail's `template` and `templateVariables` make of the subject and body. */
export interface TemplatedContent {
  subject: string | null | undefined;
  body: string | null | undefined;
  /** the template used, recorded on the receipt (SentEmailDto.templateId) */
  templateId: string | null;
}

/**
 * Applies templates at send time (modules/template's TemplateService). A collaborator of
 * SendingService so sending knows nothing of moustache or template storage.
 */
export interface SendTemplating {
  apply(tenantId: string, input: SendEmailInput): Promise<TemplatedContent>;
}
