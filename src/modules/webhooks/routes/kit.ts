import type { TypedApp } from '../../inbox/routes/kit.js';
import type { WebhookService } from '../webhooks.service.js';

export interface WebhookRouteDeps {
  webhooks: WebhookService;
}
export type WebhookRoute = (app: TypedApp, deps: WebhookRouteDeps) => void;

export const TAG = ['WebhookController'];
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);
