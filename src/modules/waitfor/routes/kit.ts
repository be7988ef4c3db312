import type { TypedApp } from '../../inbox/routes/kit.js';
import type { WaitForService } from '../waitfor.service.js';

export type { TypedApp };
export interface WaitForRouteDeps {
  waitFor: WaitForService;
}
export type WaitForRoute = (app: TypedApp, deps: WaitForRouteDeps) => void;

export const WAIT_FOR_TAG = ['WaitForController'];
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);
