import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Clock } from '../../core/clock.js';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { RecipientRefused, type IngestService } from '../email/ingest.service.js';

const EMAIL_RE = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;

/** The documented meta fields; every other field becomes a line of the email's body. */
const META = ['_to', '_subject', '_emailAddress', '_successMessage', '_redirectTo', '_spamCheck'] as const;
type Meta = (typeof META)[number];

export const DEFAULT_SUCCESS_MESSAGE = 'Form submitted';
export const DEFAULT_FORM_SUBJECT = 'Form submission';

/** One file of a multipart form, attached to the email. */
export interface FormFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface FormSubmission {
  /** the form's fields in order (a repeated name keeps every value) */
  fields: Array<[string, string]>;
  files: FormFile[];
  /** URL query parameters: the meta fields may come here instead (?_to=...) */
  query: Record<string, string | undefined>;
}

/** What the client is answered: a redirect (303) or the success text. */
export type FormOutcome = { redirectTo: string; emailId: string | null } | { message: string; emailId: string | null };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * FormController.submitForm: an HTML form POST becomes an email to an inbox of this server,
 * delivered through the ingest path (so waits wake and webhooks fire). `_to` must be the address
 * of an inbox here: the endpoint is public and never sends mail anywhere else. A filled
 * `_spamCheck` honeypot is answered as a success and nothing is delivered.
 */
export class FormService {
  constructor(
    private readonly ingest: Pick<IngestService, 'localRecipient' | 'acceptRecipient' | 'deliver'>,
    private readonly clock: Clock,
  ) {}

  async submit(form: FormSubmission): Promise<FormOutcome> {
    const meta = new Map<Meta, string>();
    for (const name of META) {
      const fromQuery = form.query[name];
      if (fromQuery !== undefined) meta.set(name, fromQuery);
    }
    const others: Array<[string, string]> = [];
    for (const [name, value] of form.fields) {
      if ((META as readonly string[]).includes(name)) meta.set(name as Meta, value);
      else others.push([name, value]);
    }

    const to = meta.get('_to')?.trim();
    if (!to) throw badRequest('_to is required: the address of an inbox of this server, as a form field or ?_to= parameter');
    if (!EMAIL_RE.test(to)) throw badRequest(`_to '${to}' is not an email address`);
    const emailAddress = meta.get('_emailAddress')?.trim() || undefined;
    if (emailAddress && !EMAIL_RE.test(emailAddress)) throw badRequest(`_emailAddress '${emailAddress}' is not an email address`);
    const redirectTo = meta.get('_redirectTo')?.trim() || undefined;
    if (redirectTo && !isWebUrl(redirectTo)) throw badRequest(`_redirectTo '${redirectTo}' is not an http or https URL`);
    let inbox;
    try {
      if (!(await this.ingest.localRecipient(to))) throw badRequest(`_to ${to} is not an inbox of this server; forms are delivered only to inboxes here`);
      // with the envelope: the inbox's rulesets judge the submitter, as for any mail
      inbox = await this.ingest.acceptRecipient(to, { mailFrom: emailAddress ?? null });
    } catch (err) {
      if (err instanceof RecipientRefused) throw badRequest(`_to ${to}: ${err.message}`);
      throw err;
    }

    const answer = (emailId: string | null): FormOutcome =>
      redirectTo ? { redirectTo, emailId } : { message: meta.get('_successMessage') || DEFAULT_SUCCESS_MESSAGE, emailId };
    // The honeypot: a field people leave empty and form-filling bots do not.
    if (meta.get('_spamCheck')) return answer(null);

    const subject = meta.get('_subject')?.trim() || DEFAULT_FORM_SUBJECT;
    const text = others.length ? others.map(([name, value]) => `${name}: ${value}`).join('\n') + '\n' : '(no fields)\n';
    const html = '<table>\n' + others.map(([name, value]) =>
      `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value).replace(/\r?\n/g, '<br>')}</td></tr>`).join('\n') + '\n</table>\n';
    const from = emailAddress ?? `forms@${inbox.domain}`;
    const raw = await new MailComposer({
      from,
      to: inbox.emailAddress,
      replyTo: emailAddress,
      subject,
      messageId: `<${newId()}@${inbox.domain}>`,
      date: this.clock.now(),
      headers: { 'X-Pigeonhole-Form': 'submitForm' },
      text,
      html,
      textEncoding: 'quoted-printable',
      attachments: form.files.map((f) => ({ filename: f.fileName, contentType: f.contentType, content: f.content })),
    }).compile().build();
    const [stored] = await this.ingest.deliver(raw, [inbox], { mailFrom: from });
    return answer(stored?.id ?? null);
  }
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
