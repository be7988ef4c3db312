import { waitFor } from './waitFor.js';
import { waitForLatestEmail } from './waitForLatestEmail.js';
import { waitForNthEmail } from './waitForNthEmail.js';
import { waitForEmailCount } from './waitForEmailCount.js';
import { waitForMatchingEmails } from './waitForMatchingEmails.js';
import { waitForMatchingFirstEmail } from './waitForMatchingFirstEmail.js';

/** WaitForController's email operations (its SMS ones, waitForSms and waitForLatestSms, come with SMS). */
export const waitForOperations = [
  waitFor, waitForLatestEmail, waitForNthEmail, waitForEmailCount, waitForMatchingEmails, waitForMatchingFirstEmail,
];
