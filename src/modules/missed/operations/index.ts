import { getAllMissedEmails } from './getAllMissedEmails.js';
import { getAllUnknownMissedEmails } from './getAllUnknownMissedEmails.js';
import { getMissedEmail } from './getMissedEmail.js';
import { restoreMissedEmails } from './restoreMissedEmails.js';
import { waitForNthMissedEmail } from './waitForNthMissedEmail.js';

/** MissedEmailController: mail kept aside because its tenant was at the email cap. */
export const missedOperations = [
  getAllMissedEmails, getAllUnknownMissedEmails, getMissedEmail, restoreMissedEmails, waitForNthMissedEmail,
];
