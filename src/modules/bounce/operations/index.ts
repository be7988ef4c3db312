import { getBouncedEmails } from './getBouncedEmails.js';
import { getBouncedEmail } from './getBouncedEmail.js';
import { getBouncedRecipients } from './getBouncedRecipients.js';
import { getBouncedRecipient } from './getBouncedRecipient.js';
import { filterBouncedRecipient } from './filterBouncedRecipient.js';

/** BounceController: bounces of sent mail (complaints, reputation and list-unsubscribe are not offered). */
export const bounceOperations = [
  getBouncedEmails, getBouncedEmail, getBouncedRecipients, getBouncedRecipient, filterBouncedRecipient,
];
