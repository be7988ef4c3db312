import type { EmailService } from '../../../modules/email/email.service.js';
import type { WaitForService } from '../../../modules/waitfor/waitfor.service.js';
import type { InboxService } from '../../../modules/inbox/inbox.service.js';
import type { SendingService } from '../../../modules/sending/sending.service.js';
import type { SmsService } from '../../../modules/sms/sms.service.js';
import type { EmailContentService } from '../../../modules/email/content.service.js';
import { emailResolvers } from './email.js';
import { inboxResolvers } from './inbox.js';
import { sendingResolvers } from './sending.js';
import { waitResolvers } from './wait.js';
import { smsWaitResolvers } from './sms-wait.js';

export interface ResolverDeps {
  inboxes: InboxService;
  emails: EmailService;
  sending: SendingService;
  waitFor: WaitForService;
  sms: SmsService;
  content: EmailContentService;
}

/** Every area's Query and Mutation fields, merged into the one map mercurius takes. */
export function buildResolvers(deps: ResolverDeps) {
  const areas = [
    inboxResolvers(deps.inboxes),
    emailResolvers(deps.emails, deps.inboxes),
    sendingResolvers(deps.sending),
    waitResolvers(deps.waitFor),
    smsWaitResolvers(deps.sms, deps.content),
  ];
  const Query: Record<string, unknown> = {};
  const Mutation: Record<string, unknown> = {};
  for (const area of areas) {
    if ('Query' in area) Object.assign(Query, area.Query);
    if ('Mutation' in area) Object.assign(Mutation, area.Mutation);
  }
  return { Query, Mutation };
}
