import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Sending from an inbox: InboxController operations. */
export const inboxSendOperation = operationsOf<Services>('InboxController');
/** Sending about a received email (reply, forward) or without a named inbox: EmailController operations. */
export const emailSendOperation = operationsOf<Services>('EmailController');
/** Sent-email receipts and delivery statuses: SentEmailsController operations. */
export const sentEmailOperation = operationsOf<Services>('SentEmailsController');
