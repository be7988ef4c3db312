import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SendingRoute, SendingRouteDeps } from './kit.js';
import { sendEmail, sendEmailAndConfirm, sendTestEmail } from './sendEmail.js';
import { sendSmtpEnvelope } from './sendSmtpEnvelope.js';
import { replyToEmail } from './replyToEmail.js';
import { getInboxSentCount, getInboxSentEmails } from './getInboxSentEmails.js';
import { deleteAllSentEmails, deleteSentEmail, getSentEmail, getSentEmails } from './getSentEmail.js';
import { getRawSentEmailContents, getRawSentEmailJson } from './getRawSentEmailContents.js';
import { getSentDeliveryStatus, getSentDeliveryStatuses, getSentDeliveryStatusesBySentId } from './getSentDeliveryStatuses.js';

/** Sending (InboxController, EmailController.replyToEmail) and SentEmailsController. */
export const sendingRoutes: SendingRoute[] = [
  sendEmail, sendEmailAndConfirm, sendTestEmail, sendSmtpEnvelope, replyToEmail, getInboxSentEmails, getInboxSentCount,
  getSentEmail, getSentEmails, deleteSentEmail, deleteAllSentEmails, getRawSentEmailContents, getRawSentEmailJson,
  getSentDeliveryStatuses, getSentDeliveryStatusesBySentId, getSentDeliveryStatus,
];

export const sendingPlugin: FastifyPluginAsyncTypebox<SendingRouteDeps> = async (app, deps) => {
  for (const route of sendingRoutes) route(app, deps);
};
