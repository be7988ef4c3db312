import type { EmailRecord } from '../../../storage/ports.js';
import { toEmail } from '../../../modules/email/email.dto.js';

/** The REST Email model, with headers as a list of name/value pairs (repeated names kept, in order). */
export const graphqlEmail = (email: EmailRecord) => ({
  ...toEmail(email),
  headers: email.headers.map(([name, value]) => ({ name, value })),
});

export { toEmailPreview as graphqlEmailPreview } from '../../../modules/email/email.dto.js';
