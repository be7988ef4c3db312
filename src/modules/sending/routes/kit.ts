import type { TypedApp } from '../../inbox/routes/kit.js';
import type { EmailService } from '../../email/email.service.js';
import type { SendingService } from '../sending.service.js';
import type { DeliveryStatusWaiter } from '../delivery-wait.js';
import type { InboxService } from '../../inbox/inbox.service.js';
import type { SendQueueService } from '../queue.service.js';

export interface SendingRouteDeps {
  sending: SendingService;
  emails: EmailService;
  deliveryWait: DeliveryStatusWaiter;
  /** sendEmailSourceOptional makes an inbox when none is named */
  inboxes: InboxService;
  /** sendEmailWithQueue and its results */
  sendQueue: SendQueueService;
}
export type SendingRoute = (app: TypedApp, deps: SendingRouteDeps) => void;

export const INBOX_TAG = ['InboxController'];
export const EMAIL_TAG = ['EmailController'];
export const SENT_TAG = ['SentEmailsController'];
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);
