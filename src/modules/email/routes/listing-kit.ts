import type { TypedApp } from '../../inbox/routes/kit.js';
import type { EmailService } from '../email.service.js';
import type { ThreadService } from '../threads.service.js';

export { EMAIL_TAG, toDate } from './kit.js';
export interface ListingRouteDeps {
  emails: EmailService;
  threads: ThreadService;
}
/** Like EmailRoute, for the list, search, body-download and thread operations. */
export type ListingRoute = (app: TypedApp, deps: ListingRouteDeps) => void;
