/** Helpers of the complaint, list-unsubscribe and reputation tests. */
import { BounceControllerApi, Configuration } from 'mailslurp-client';
import { ListUnsubscribeService } from '../../src/modules/bounce/list-unsubscribe.service.js';
import { systemClock } from '../../src/core/clock.js';
import { smtpTransport } from './smtp.js';
import type { Tenant, TestServer } from './server.js';

export const bounceApi = (server: TestServer, tenant: Tenant) => new BounceControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

/** Mails `raw` over SMTP to the server's feedback address from an ISP's feedback loop. */
export function mailFeedback(server: TestServer, raw: Buffer) {
  return smtpTransport(server).sendMail({ envelope: { from: 'fbl@isp.example', to: [server.config.feedbackAddress] }, raw });
}

/**
 * The List-Unsubscribe headers the server signs for a recipient: the server's own service over
 * the same database, so the token is signed with the same stored key as the server checks.
 */
export function unsubscribeHeaders(server: TestServer, tenant: Tenant, inboxId: string, recipient: string) {
  const { repos } = server.db.store;
  const service = new ListUnsubscribeService(repos.reputation, repos.inboxes, repos.serverSecrets, systemClock, { publicUrl: server.url });
  return service.headersFor(tenant.userId, inboxId, recipient);
}

/** RFC 8058's one-click POST to a List-Unsubscribe URL. */
export function oneClick(url: string, body = 'List-Unsubscribe=One-Click') {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
}
