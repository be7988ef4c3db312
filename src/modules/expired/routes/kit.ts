import type { TypedApp } from '../../inbox/routes/kit.js';
import type { ExpiredService } from '../expired.service.js';

export interface ExpiredRouteDeps {
  expired: ExpiredService;
}
export type ExpiredRoute = (app: TypedApp, deps: ExpiredRouteDeps) => void;

export const TAG = ['ExpiredController'];
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);
