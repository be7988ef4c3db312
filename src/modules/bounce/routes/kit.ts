import type { TypedApp } from '../../inbox/routes/kit.js';
import type { BounceService } from '../bounce.service.js';

export interface BounceRouteDeps {
  bounces: BounceService;
}
export type BounceRoute = (app: TypedApp, deps: BounceRouteDeps) => void;

export const TAG = ['BounceController'];
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);
