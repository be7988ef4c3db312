import type { TypedApp } from '../../inbox/routes/kit.js';
import type { EmailService } from '../email.service.js';

export type { TypedApp };
export interface EmailRouteDeps {
  emails: EmailService;
}
export type EmailRoute = (app: TypedApp, deps: EmailRouteDeps) => void;

export const INBOX_TAG = ['InboxController'];
export const EMAIL_TAG = ['EmailController'];
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);
