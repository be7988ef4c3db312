import { getEmails } from './getEmails.js';
import { getInboxEmailsPaginated } from './getInboxEmailsPaginated.js';
import { getInboxEmailCount } from './getInboxEmailCount.js';
import { getLatestEmailInInbox } from './getLatestEmailInInbox.js';
import { deleteAllInboxEmails } from './deleteAllInboxEmails.js';
import { getEmail } from './getEmail.js';
import { deleteEmail } from './deleteEmail.js';
import { setEmailFavourited } from './setEmailFavourited.js';
import { getRawEmailContents } from './getRawEmailContents.js';
import { getRawEmailJson } from './getRawEmailJson.js';
import { getEmailsPaginated } from './getEmailsPaginated.js';
import { getEmailCount, getUnreadEmailCount } from './getEmailCount.js';
import { markAllAsRead, markAsRead } from './markAsRead.js';
import { deleteAllEmails } from './deleteAllEmails.js';
import { getLatestEmail, getLatestEmailInInbox1 } from './getLatestEmail.js';
import {
  downloadAttachment, downloadAttachmentBase64, getAttachmentMetaData, getEmailAttachments,
} from './getEmailAttachments.js';
import { validateEmail } from './validateEmail.js';
import { listingOperations } from './listing-index.js';
import { contentOperations } from './content-index.js';
import { importOperations } from './import-index.js';
import { checkOperations } from './checks-index.js';

/** The email side of InboxController and EmailController: one file per operationId (or small family). */
export const emailFamilyOperations = [
  getEmails, getInboxEmailsPaginated, getInboxEmailCount, getLatestEmailInInbox, deleteAllInboxEmails,
  getEmail, deleteEmail, setEmailFavourited, getRawEmailContents, getRawEmailJson, getEmailsPaginated,
  getEmailCount, getUnreadEmailCount, markAsRead, markAllAsRead, deleteAllEmails, getLatestEmail,
  getLatestEmailInInbox1, getEmailAttachments, getAttachmentMetaData, downloadAttachment, downloadAttachmentBase64,
  validateEmail,
];

/** Every operation of the email module: the email, listing, content and import families. */
export const emailOperations = [...emailFamilyOperations, ...listingOperations, ...contentOperations, ...importOperations, ...checkOperations];
