import { getEmailsOffsetPaginated } from './getEmailsOffsetPaginated.js';
import { getOrganizationEmailsPaginated } from './getOrganizationEmailsPaginated.js';
import { searchEmails } from './searchEmails.js';
import { downloadBody } from './downloadBody.js';
import { downloadBodyBytes } from './downloadBodyBytes.js';
import { getEmailThreads } from './getEmailThreads.js';
import { getEmailThread } from './getEmailThread.js';
import { getEmailThreadItems } from './getEmailThreadItems.js';

/** EmailController's list, search, body-download and thread operations (ThreadService for the threads). */
export const listingOperations = [
  getEmailsOffsetPaginated, getOrganizationEmailsPaginated, searchEmails, downloadBody, downloadBodyBytes,
  getEmailThreads, getEmailThread, getEmailThreadItems,
];
