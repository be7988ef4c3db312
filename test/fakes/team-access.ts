import type { ResourceOwner, TeamAccessRepository } from '../../src/storage/ports.js';

/** In-memory owners of inboxes, emails and sent emails, set by the test; counts its look-ups. */
export class FakeTeamAccessRepository implements TeamAccessRepository {
  readonly inboxes = new Map<string, ResourceOwner>();
  readonly emails = new Map<string, ResourceOwner>();
  readonly sent = new Map<string, ResourceOwner>();
  lookUps = 0;

  async inboxOwner(inboxId: string): Promise<ResourceOwner | undefined> {
    this.lookUps++;
    return this.inboxes.get(inboxId);
  }

  async emailOwner(emailId: string): Promise<ResourceOwner | undefined> {
    this.lookUps++;
    return this.emails.get(emailId) ?? this.sent.get(emailId);
  }

  async sentEmailOwner(sentId: string): Promise<ResourceOwner | undefined> {
    this.lookUps++;
    return this.sent.get(sentId);
  }
}
