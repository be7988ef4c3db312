import { Type } from '@sinclair/typebox';
import { Content, operationsOf } from '../../../core/operation.js';
import { badRequest } from '../../../core/errors.js';
import type { Services } from '../../services.js';
import type { FormFile, FormSubmission } from '../forms.service.js';

/** Largest form: ten MiB of fields and files. */
export const MAX_FORM_BYTES = 10 * 1024 * 1024;

const Meta = Type.Optional(Type.String({ maxLength: 2000 }));

/** The meta fields may come as URL parameters (?_to=...); other parameters are ignored. */
const FormQuery = Type.Object({
  _to: Meta, _subject: Meta, _emailAddress: Meta, _successMessage: Meta, _redirectTo: Meta, _spamCheck: Meta,
});

/** The form as the browser (or the client) sent it: urlencoded or multipart, read with the platform's own parser. */
async function readForm(body: Buffer, contentType: string | undefined): Promise<Pick<FormSubmission, 'fields' | 'files'>> {
  const type = (contentType ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw badRequest('submitForm takes application/x-www-form-urlencoded or multipart/form-data');
  }
  let data: FormData;
  try {
    data = await new Response(body, { headers: { 'content-type': contentType! } }).formData();
  } catch {
    throw badRequest('The form body could not be read as its content type says');
  }
  const fields: Array<[string, string]> = [];
  const files: FormFile[] = [];
  for (const [name, value] of data.entries()) {
    if (typeof value === 'string') fields.push([name, value]);
    else files.push({ fieldName: name, fileName: value.name || name, contentType: value.type || 'application/octet-stream', content: Buffer.from(await value.arrayBuffer()) });
  }
  return { fields, files };
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const submitForm = operationsOf<Services>('FormController')({
  operationId: 'submitForm', method: 'POST', path: '/forms',
  summary: 'Submit an HTML form: it becomes an email to the inbox of this server named by _to (form field or URL parameter); _subject, _emailAddress (the submitter: From and Reply-To), _redirectTo (answered with a 303 there), _successMessage (the text answered otherwise), _spamCheck (a honeypot: filled, nothing is delivered); other fields are the body, files are attachments. No API key',
  access: 'public', bodyKind: 'raw', bodyLimit: () => MAX_FORM_BYTES,
  query: FormQuery,
  handler: async ({ body, query, headers }, { forms }) => {
    const form = await readForm(body, header(headers['content-type']));
    const outcome = await forms.submit({ ...form, query });
    if ('redirectTo' in outcome) return new Content('', 'text/plain; charset=utf-8', { location: outcome.redirectTo }, 303);
    return new Content(outcome.message, 'text/plain; charset=utf-8');
  },
});

/** FormController */
export const formOperations = [submitForm];
