import type { TypedApp } from '../../inbox/routes/kit.js';
import type { EmailContentService } from '../content.service.js';

export { EMAIL_TAG } from './kit.js';
export interface ContentRouteDeps {
  content: EmailContentService;
}
/** Like EmailRoute, but the content operations need only the EmailContentService. */
export type ContentRoute = (app: TypedApp, deps: ContentRouteDeps) => void;
