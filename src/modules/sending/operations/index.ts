import { sendEmail, sendEmailAndConfirm, sendTestEmail } from './sendEmail.js';
import { sendSmtpEnvelope } from './sendSmtpEnvelope.js';
import { replyToEmail } from './replyToEmail.js';
import { getInboxSentCount, getInboxSentEmails } from './getInboxSentEmails.js';
import { deleteAllSentEmails, deleteSentEmail, getSentEmail, getSentEmails } from './getSentEmail.js';
import { getRawSentEmailContents, getRawSentEmailJson } from './getRawSentEmailContents.js';
import { getSentDeliveryStatus, getSentDeliveryStatuses, getSentDeliveryStatusesBySentId } from './getSentDeliveryStatuses.js';
import { waitForDeliveryStatuses } from './waitForDeliveryStatuses.js';
import { getSentEmailHTMLContent } from './getSentEmailHTMLContent.js';
import { getSentEmailPreviewURLs } from './getSentEmailPreviewURLs.js';
import { getSentOrganizationEmails } from './getSentOrganizationEmails.js';
import { forwardEmail } from './forwardEmail.js';
import { canSend } from './canSend.js';
import { sendEmailSourceOptional } from './sendEmailSourceOptional.js';
import { getDeliveryStatusesByInboxId } from './getDeliveryStatusesByInboxId.js';
import { sendEmailWithQueue } from './sendEmailWithQueue.js';
import { getSentEmailsWithQueueResults } from './getSentEmailsWithQueueResults.js';

/** Sending (InboxController, EmailController.replyToEmail) and SentEmailsController. */
export const sendingOperations = [
  sendEmail, sendEmailAndConfirm, sendTestEmail, sendSmtpEnvelope, replyToEmail, getInboxSentEmails, getInboxSentCount,
  getSentEmail, getSentEmails, deleteSentEmail, deleteAllSentEmails, getRawSentEmailContents, getRawSentEmailJson,
  getSentDeliveryStatuses, getSentDeliveryStatusesBySentId, getSentDeliveryStatus,
  waitForDeliveryStatuses, getSentEmailHTMLContent, getSentEmailPreviewURLs, getSentOrganizationEmails,
  forwardEmail, canSend, sendEmailSourceOptional, getDeliveryStatusesByInboxId,
  sendEmailWithQueue, getSentEmailsWithQueueResults,
];
