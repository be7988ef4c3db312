import { waitFor } from './waitFor.js';
import { waitForLatestEmail } from './waitForLatestEmail.js';
import { waitForNthEmail } from './waitForNthEmail.js';
import { waitForEmailCount } from './waitForEmailCount.js';
import { waitForMatchingEmails } from './waitForMatchingEmails.js';
import { waitForMatchingFirstEmail } from './waitForMatchingFirstEmail.js';
import { waitForLatestSms } from './waitForLatestSms.js';
import { waitForSms } from './waitForSms.js';

/** WaitForController's email operations and its SMS ones, waitForLatestSms and waitForSms. */
export const waitForOperations = [
  waitFor, waitForLatestEmail, waitForNthEmail, waitForEmailCount, waitForMatchingEmails, waitForMatchingFirstEmail, waitForLatestSms, waitForSms,
];
