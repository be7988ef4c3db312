import { randomUUID } from 'node:crypto';
import type { InboxRecord, Repositories } from '../../src/storage/ports.js';

/** A new user with `n` inboxes, written straight through the repositories (storage tests). */
export async function tenantWithInboxes(repos: Repositories, n: number, createdAt: Date): Promise<{ tenantId: string; inboxes: InboxRecord[] }> {
  const tenantId = randomUUID();
  await repos.users.create({ id: tenantId, email: `${tenantId}@example.com`, name: null, isAdmin: false, createdAt });
  const inboxes: InboxRecord[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const inbox: InboxRecord = {
      id, tenantId, emailAddress: `${id}@pigeonhole.test`, localPart: id, domain: 'pigeonhole.test', domainId: null, name: null,
      description: null, favourite: false, inboxType: 'HTTP', virtualInbox: false, expiresAt: null, createdAt, tags: [],
    };
    await repos.inboxes.create(inbox);
    inboxes.push(inbox);
  }
  return { tenantId, inboxes };
}
