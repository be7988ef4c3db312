import type { TypedApp } from '../../inbox/routes/kit.js';
import type { MissedEmailService } from '../missed.service.js';

export interface MissedRouteDeps {
  missed: MissedEmailService;
}
export type MissedRoute = (app: TypedApp, deps: MissedRouteDeps) => void;

export const TAG = ['MissedEmailController'];
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);
