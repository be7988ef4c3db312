import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import Mustache from 'mustache';
import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import type { InboxRecord, OptInIdentityRecord, OptInIdentityRepository } from '../../storage/ports.js';
import { parseAddress } from '../inbox/address.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { SendingService } from '../sending/sending.service.js';
import type { SendGuard, SendRecipients } from '../sending/sending.types.js';

/** Which addresses need consent: see README "Consent". */
export type ConsentRequirement = 'none' | 'relay';

/** Path of the public confirmation link; its token is the only credential. */
export const CONFIRM_PATH = '/consent/opt-in/confirm';

/** The inbox consent requests are sent from when the options name none (made on first use). */
export const CONSENT_INBOX_NAME = 'Consent requests';

export interface ConsentStatus {
  verificationCodeSent: boolean;
  userHasConsented: boolean;
  canSend: boolean;
}

export interface ConsentRequest {
  emailAddress: string;
  companyName?: string | null;
  sendOptInOptions?: { templateHtml: string; subject: string; senderInbox?: string | null } | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const DEFAULT_HTML = '<p>{{companyName}} would like to send you email at {{emailAddress}}.</p>'
  + '<p><a href="{{confirmUrl}}">Yes, I agree to receive email</a></p>'
  + '<p>If you did not expect this message, ignore it: nothing will be sent to you.</p>';

/**
 * ConsentController: double opt-in. A consent request mails the address a link with an
 * unguessable token (only its sha256 is stored); following the link records the consent.
 * Until then the address needs consent, and the send guard refuses mail to it.
 *
 * What needs consent: an address with a pending (asked, not yet confirmed) or revoked opt-in
 * of the sending user; with PIGEONHOLE_REQUIRE_CONSENT=relay, also every address outside
 * this server (what the relay would deliver) that has not consented. Inboxes of this server
 * need consent only when they were asked or revoked.
 */
export class ConsentService {
  /** the address whose consent request is being sent: the guard lets that one send through */
  private readonly asking = new AsyncLocalStorage<string>();

  constructor(
    private readonly repo: OptInIdentityRepository,
    private readonly sending: SendingService,
    private readonly inboxes: InboxService,
    /** whether an address is an inbox of this server (or one of its plus addresses) */
    private readonly isLocal: (address: string) => Promise<boolean>,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly requirement: ConsentRequirement = 'none',
  ) {}

  async status(tenantId: string, emailAddress: string): Promise<ConsentStatus> {
    const address = parseAddress(emailAddress).address;
    const identity = await this.repo.find(tenantId, address);
    return {
      verificationCodeSent: identity?.requestedAt != null,
      userHasConsented: identity?.state === 'verified',
      canSend: (await this.refusal(address, identity)) === undefined,
    };
  }

  async page(tenantId: string, query: { page?: number; size?: number; sort?: SortDirection }) {
    const request = pageRequest(query);
    return { slice: await this.repo.page(tenantId, request), request };
  }

  /** Withdraws the consent (or forbids an address never asked): sends to it are refused until it confirms a new request. */
  async revoke(tenantId: string, emailAddress: string): Promise<ConsentStatus> {
    const address = parseAddress(emailAddress).address;
    const now = this.clock.now();
    const before = await this.repo.find(tenantId, address);
    await this.repo.upsert({
      id: before?.id ?? newId(), tenantId, emailAddress: address, state: 'revoked', tokenHash: null,
      requestedAt: before?.requestedAt ?? null, verifiedAt: null, createdAt: before?.createdAt ?? now, updatedAt: now,
    });
    return this.status(tenantId, address);
  }

  /**
   * Mails the address a confirmation link (from `senderInbox`, else from the user's inbox named
   * "Consent requests", made on first use) and marks it pending. An address that already
   * consented is not asked again: `sent` is false.
   */
  async request(tenantId: string, baseUrl: string, input: ConsentRequest): Promise<{ sent: boolean }> {
    const address = parseAddress(input.emailAddress).address;
    const before = await this.repo.find(tenantId, address);
    if (before?.state === 'verified') return { sent: false };
    const options = input.sendOptInOptions ?? null;

    const token = randomBytes(32).toString('base64url');
    const confirmUrl = `${baseUrl}${CONFIRM_PATH}?token=${token}`;
    const companyName = input.companyName?.trim() || 'We';
    const view = { confirmUrl, emailAddress: address, companyName };
    const template = options?.templateHtml?.trim() ? options.templateHtml : DEFAULT_HTML;
    let body: string;
    try {
      body = Mustache.render(template, view);
    } catch (err) {
      throw badRequest(`sendOptInOptions.templateHtml cannot be read as a moustache template: ${(err as Error).message}`);
    }
    if (!body.includes(confirmUrl)) body += `<p><a href="${confirmUrl}">Confirm that you agree to receive email</a></p>`;
    const subject = options?.subject?.trim() || `Please confirm: ${companyName === 'We' ? 'may we' : `may ${companyName}`} send you email?`;

    // the consent inbox is made only for a request that can be sent
    const senderId = options?.senderInbox ? (await this.inboxes.get(tenantId, options.senderInbox)).id : (await this.consentInbox(tenantId)).id;
    const now = this.clock.now();
    await this.repo.upsert({
      id: before?.id ?? newId(), tenantId, emailAddress: address, state: 'pending', tokenHash: hashOf(token),
      requestedAt: now, verifiedAt: null, createdAt: before?.createdAt ?? now, updatedAt: now,
    });
    try {
      await this.asking.run(address, () => this.sending.send(tenantId, senderId, { to: [address], subject, body, isHTML: true }));
    } catch (err) {
      // the request never went out: the address is as it was before it
      if (before) await this.repo.upsert(before);
      else await this.repo.remove(tenantId, address);
      throw err;
    }
    return { sent: true };
  }

  /**
   * The public link: records the consent of the address whose open request carries this token.
   * A token that is unknown, already used or replaced by a newer request is a 404.
   */
  async confirm(token: string): Promise<OptInIdentityRecord> {
    const identity = token ? await this.repo.findByTokenHash(hashOf(token)) : undefined;
    if (!identity || identity.state !== 'pending') throw notFound('This consent link is not valid: it was already used, replaced by a newer one, or withdrawn');
    const now = this.clock.now();
    const confirmed = await this.repo.upsert({ ...identity, state: 'verified', tokenHash: null, verifiedAt: now, updatedAt: now });
    this.bus.publish('consent.confirmed', {
      tenantId: identity.tenantId, inboxId: '', optInId: identity.id, emailAddress: identity.emailAddress, createdAt: now,
    });
    return confirmed;
  }

  /** The send guard: a send to an address that needs consent and lacks it is refused (400), before anything is stored. */
  readonly guard: SendGuard = {
    name: 'consent',
    check: async (inbox: InboxRecord, recipients: SendRecipients) => {
      const addresses = [...new Set([...recipients.to, ...recipients.cc, ...recipients.bcc].map((r) => r.emailAddress.toLowerCase()))];
      const asking = this.asking.getStore();
      const identities = new Map((await this.repo.findMany(inbox.tenantId, addresses)).map((i) => [i.emailAddress, i]));
      for (const address of addresses) {
        if (address === asking) continue;
        const why = await this.refusal(address, identities.get(address));
        if (why) throw badRequest(`Cannot send to ${address}: ${why}`);
      }
      return recipients;
    },
  };

  /** Why a send to `address` needs consent it lacks, or undefined when it may be sent to. */
  private async refusal(address: string, identity: OptInIdentityRecord | undefined): Promise<string | undefined> {
    const ask = 'ask for it with POST /consent/opt-in/send (sendOptInConsentForEmailAddress) and send once the address has followed the link';
    if (identity?.state === 'verified') return undefined;
    if (identity?.state === 'pending') return `it needs consent (double opt-in) and has not yet followed the confirmation link mailed to it; ${ask}`;
    if (identity?.state === 'revoked') return `its consent (double opt-in) was revoked; ${ask}`;
    if (this.requirement === 'relay' && !(await this.isLocal(address))) {
      return `this server requires consent (double opt-in, PIGEONHOLE_REQUIRE_CONSENT=relay) for addresses outside it; ${ask}`;
    }
    return undefined;
  }

  private async consentInbox(tenantId: string): Promise<InboxRecord> {
    return (await this.inboxes.findByName(tenantId, CONSENT_INBOX_NAME)) ?? this.inboxes.create(tenantId, { name: CONSENT_INBOX_NAME });
  }
}
