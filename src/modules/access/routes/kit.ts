import type { TypedApp } from '../../inbox/routes/kit.js';
import type { AccessService } from '../access.service.js';

export interface AccessRouteDeps {
  access: AccessService;
}
export type AccessRoute = (app: TypedApp, deps: AccessRouteDeps) => void;

// The access operations belong to the client's InboxApi.
export const TAG = ['InboxController'];
