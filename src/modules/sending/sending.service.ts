import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type {
  AttachmentRepository, DeliveryStatusRecord, EmailRecord, InboxRecord, InboxRepository, MailAddress, SentEmailFilter, SentEmailRecord,
  SentEmailRepository, Slice,
} from '../../storage/ports.js';
import { RecipientRefused, type IngestService } from '../email/ingest.service.js';
import type { ParsedMessage } from '../email/parse.js';
import type { EventBus } from '../../events/bus.js';
import type { Relay } from './relay.js';
import type { BounceRecorder } from '../bounce/bounce-recorder.js';
import { publishDeliveryStatuses, publishSent } from './delivery-events.js';
import type { ContactRecipients, MessageSigner, ReplyContext, SendEmailInput, SendGuard } from './sending.types.js';
import type { TrackingService } from '../tracking/tracking.service.js';
import { withPixel } from '../tracking/pixel-html.js';
import type { SendTemplating } from './send-template.js';
import { checkHeaderLength, checkRecipientCount, checkSendInput, DEFAULT_SEND_LIMITS, MAX_MESSAGE_ID_LENGTH, type SendLimits } from './send-limits.js';

const ADDRESS_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/**
 * Options whose feature does not exist yet are refused by name rather than ignored:
 * a test that relies on them must fail loudly, not pass against a silent no-op.
 */
const NOT_YET: Array<[keyof SendEmailInput, string]> = [
  ['isXAmpHtml', 'AMP email'],
  ['bodyParts', 'custom body parts'],
];

export interface SendOutcome {
  sent: SentEmailRecord;
  statuses: DeliveryStatusRecord[];
}

/** Sending from an inbox: compose, keep a receipt (never the body), deliver, record each recipient's outcome. */
export class SendingService {
  /** checks every send passes before anything is stored (rulesets, consent); services.ts registers them */
  readonly guards: SendGuard[] = [];
  /** signs what is sent after the guards (DKIM of custom domains); services.ts sets it */
  signer?: MessageSigner;
  /** RFC 8058 headers for single-recipient sends (PIGEONHOLE_LIST_UNSUBSCRIBE_HEADERS); services.ts sets it */
  listUnsubscribe?: { headersFor(tenantId: string, inboxId: string, recipient: string): Promise<Record<string, string>> };

  constructor(
    private readonly inboxes: InboxRepository,
    private readonly sentEmails: SentEmailRepository,
    private readonly ingest: IngestService,
    private readonly clock: Clock,
    private readonly relay: Relay | undefined,
    private readonly attachments: AttachmentRepository,
    private readonly bus: EventBus,
    /** records FAILED deliveries as bounces; none = no bounce records */
    private readonly bounces?: BounceRecorder,
    /** adds tracking pixels (addTrackingPixel); none = the option is refused */
    private readonly tracking?: TrackingService,
    /** recipients per message and header lengths (PIGEONHOLE_MAX_RECIPIENTS, PIGEONHOLE_MAX_HEADER_LENGTH) */
    readonly limits: SendLimits = DEFAULT_SEND_LIMITS,
    /** renders `template` / `templateVariables` (modules/template); none = those options are refused */
    private readonly templates?: SendTemplating,
    /** resolves toContacts/toGroup to addresses; none = those options are refused */
    private readonly contacts?: ContactRecipients,
  ) {}

  /**
   * `to` plus the primary addresses of `toContacts` and the members of `toGroup` (each once);
   * the recipient limit applies to the whole after that.
   */
  private async withContacts(tenantId: string, input: SendEmailInput, to: string[], others: number): Promise<string[]> {
    const contactIds = input.toContacts ?? [];
    const groupId = input.toGroup ?? null;
    if (contactIds.length === 0 && groupId === null) return to;
    if (!this.contacts) throw badRequest('toContacts and toGroup need contacts, which this server does not offer');
    const known = new Set(to.map((a) => bareAddress(a).toLowerCase()));
    const added = (await this.contacts.recipientsOf(tenantId, contactIds, groupId)).filter((a) => !known.has(a.toLowerCase()));
    const all = [...to, ...added];
    checkRecipientCount(all.length + others, 'to, cc, bcc, toContacts and toGroup', this.limits);
    return all;
  }

  /** Parses a raw message as ingest does (off the event loop, within its budget and limits). */
  parse(raw: Buffer): Promise<ParsedMessage> {
    return this.ingest.parse(raw);
  }

  async send(tenantId: string, inboxId: string, given: SendEmailInput, reply?: ReplyContext): Promise<SendOutcome> {
    checkSendInput(given, this.limits);
    const inbox = await this.senderInbox(tenantId, inboxId);
    const { input, templateId } = await this.templated(tenantId, given);
    for (const [field, feature] of NOT_YET) {
      const value = input[field];
      if (value !== undefined && value !== null && value !== false && !(Array.isArray(value) && value.length === 0)) {
        throw badRequest(`${field} needs ${feature}, which this server does not offer yet; leave it out`);
      }
    }
    if (input.sendStrategy && input.sendStrategy !== 'SINGLE_MESSAGE') {
      throw badRequest(`sendStrategy must be SINGLE_MESSAGE, got '${input.sendStrategy}'`);
    }
    const mode = input.validateEmailAddresses ?? 'VALIDATE_ERROR_IF_INVALID';
    const clean = (list: string[] | null | undefined, field: string) => {
      const trimmed = (list ?? []).map((a) => a.trim()).filter(Boolean);
      const invalid = trimmed.filter((a) => !ADDRESS_RE.test(bareAddress(a)));
      if (invalid.length && mode === 'VALIDATE_ERROR_IF_INVALID') {
        throw badRequest(`${field} has invalid addresses: ${invalid.join(', ')}`);
      }
      return mode === 'VALIDATE_FILTER_REMOVE_INVALID' ? trimmed.filter((a) => !invalid.includes(a)) : trimmed;
    };
    let to = clean(input.to, 'to');
    let cc = clean(input.cc, 'cc');
    let bcc = clean(input.bcc, 'bcc');
    to = await this.withContacts(tenantId, input, to, cc.length + bcc.length);
    if (to.length + cc.length + bcc.length === 0) throw badRequest('Give at least one recipient in to, cc or bcc');
    if (input.filterBouncedRecipients && this.bounces) {
      // Addresses that bounced permanently before are left out, as filterBouncedRecipient answers.
      const bounced = await this.bounces.permanentlyBounced(tenantId, [...to, ...cc, ...bcc].map(bareAddress));
      const keep = (list: string[]) => list.filter((a) => !bounced.has(bareAddress(a).toLowerCase()));
      [to, cc, bcc] = [keep(to), keep(cc), keep(bcc)];
      if (to.length + cc.length + bcc.length === 0) {
        throw badRequest(`Every recipient has bounced before (${[...bounced].join(', ')}); filterBouncedRecipients left none to send to`);
      }
    }
    if (input.charset && !/^utf-?8$/i.test(input.charset)) {
      throw badRequest(`charset '${input.charset}' is not supported: messages are composed in UTF-8`);
    }
    if (input.from && bareAddress(input.from).toLowerCase() !== inbox.emailAddress) {
      throw badRequest(`from must be the inbox's own address ${inbox.emailAddress}`);
    }
    const displayName = input.fromName ?? (input.useInboxName === false ? null : inbox.name);
    const isHtml = Boolean(input.isHTML ?? input.html ?? false);
    const body = input.body ?? '';
    // Mail clients load images only in HTML, so a pixel in a text message could never be seen.
    if (input.addTrackingPixel && !isHtml) throw badRequest('addTrackingPixel needs an HTML body: set isHTML to true');
    if (input.addTrackingPixel && !this.tracking) throw badRequest('addTrackingPixel needs tracking pixels, which this server does not offer');
    const pixel = input.addTrackingPixel ? this.tracking!.planForSend() : undefined;
    const messageId = `<${newId()}@${inbox.domain}>`;
    const attachments = await this.attachmentsFor(tenantId, input.attachments);
    const headers = { ...(input.customHeaders ?? {}), ...await this.unsubscribeHeaders(tenantId, inbox.id, [...to, ...cc, ...bcc], input.customHeaders) };
    const raw = await new MailComposer({
      from: displayName ? { name: displayName, address: inbox.emailAddress } : inbox.emailAddress,
      to,
      cc,
      replyTo: input.replyTo ?? undefined,
      subject: input.subject ?? '',
      messageId,
      date: this.clock.now(),
      headers,
      inReplyTo: reply?.inReplyTo,
      references: reply?.references,
      ...(isHtml ? { html: pixel ? withPixel(body, pixel.tag) : body } : { text: body }),
      textEncoding: 'quoted-printable',
      attachments,
    }).compile().build();

    return this.record(inbox, raw, {
      messageId,
      subject: input.subject ?? null,
      sender: { emailAddress: inbox.emailAddress, name: displayName, rawValue: displayName ? `${JSON.stringify(displayName)} <${inbox.emailAddress}>` : inbox.emailAddress },
      recipients: { to: to.map(mailAddress), cc: cc.map(mailAddress), bcc: bcc.map(mailAddress) },
      replyTo: input.replyTo ?? null,
      headers: Object.entries(headers),
      bodyMd5: createHash('md5').update(body).digest('hex'),
      isHtml,
      charset: 'UTF-8',
      inReplyTo: reply?.inReplyTo ?? null,
      attachmentIds: attachmentIdsOf(input.attachments),
      trackingPixelId: pixel?.id,
      templateId,
    });
  }

  /**
   * One-click unsubscribe headers naming the one recipient of a send. A message to several people
   * has one header block, so no link in it could say who unsubscribed: those get none. A send
   * that sets its own List-Unsubscribe keeps it.
   */
  private async unsubscribeHeaders(tenantId: string, inboxId: string, recipients: string[], given: Record<string, string> | null | undefined): Promise<Record<string, string>> {
    if (!this.listUnsubscribe || recipients.length !== 1) return {};
    if (Object.keys(given ?? {}).some((name) => name.toLowerCase() === 'list-unsubscribe')) return {};
    return this.listUnsubscribe.headersFor(tenantId, inboxId, bareAddress(recipients[0]!));
  }

  /** The options with `template` and `templateVariables` applied to subject and body (send-template.ts). */
  private async templated(tenantId: string, input: SendEmailInput): Promise<{ input: SendEmailInput; templateId: string | null }> {
    const used = Boolean(input.template) || (input.templateVariables !== undefined && input.templateVariables !== null);
    if (!used) return { input, templateId: null };
    if (!this.templates) throw badRequest('template and templateVariables need templates, which this server does not offer; leave them out');
    const { subject, body, templateId } = await this.templates.apply(tenantId, input);
    const rendered = { ...input, subject, body, template: undefined, templateVariables: undefined };
    // the values may have lengthened the subject past the header limit checked before
    checkSendInput(rendered, this.limits);
    return { input: rendered, templateId };
  }

  /** sendSmtpEnvelope: the caller's own MIME message, to the envelope recipients given. */
  async sendEnvelope(tenantId: string, inboxId: string, envelope: { mailFrom: string; rcptTo: string[]; data: string }): Promise<SendOutcome> {
    checkRecipientCount(envelope.rcptTo.length, 'rcptTo', this.limits);
    checkHeaderLength('mailFrom', envelope.mailFrom, this.limits);
    for (const address of envelope.rcptTo) checkHeaderLength('an address of rcptTo', address, this.limits);
    const inbox = await this.senderInbox(tenantId, inboxId);
    const rcptTo = envelope.rcptTo.map((a) => a.trim()).filter(Boolean);
    const invalid = rcptTo.filter((a) => !ADDRESS_RE.test(a));
    if (rcptTo.length === 0) throw badRequest('rcptTo needs at least one recipient');
    if (invalid.length) throw badRequest(`rcptTo has invalid addresses: ${invalid.join(', ')}`);
    if (bareAddress(envelope.mailFrom).toLowerCase() !== inbox.emailAddress) {
      throw badRequest(`mailFrom must be the inbox's own address ${inbox.emailAddress}`);
    }
    const raw = Buffer.from(envelope.data.replace(/\r?\n/g, '\r\n'), 'utf8');
    const messageId = /^message-id:\s*(.+)$/im.exec(envelope.data)?.[1]?.trim() ?? `<${newId()}@${inbox.domain}>`;
    checkHeaderLength('the Message-ID of data', messageId, this.limits, Math.min(MAX_MESSAGE_ID_LENGTH, this.limits.maxHeaderLength));
    const subject = /^subject:\s*(.*)$/im.exec(envelope.data)?.[1]?.trim() ?? null;
    return this.record(inbox, raw, {
      messageId,
      subject,
      sender: mailAddress(inbox.emailAddress),
      recipients: { to: rcptTo.map(mailAddress), cc: [], bcc: [] },
      replyTo: null,
      headers: [],
      bodyMd5: createHash('md5').update(raw).digest('hex'),
      isHtml: false,
      charset: null,
      inReplyTo: null,
    });
  }

  /**
   * SMTP submission by an authenticated session: the client's own message, byte for byte,
   * from `inbox` to the envelope recipients (Bcc included), recorded and delivered like
   * sendEmail. Resolves once the receipt is stored and every recipient has an outcome.
   */
  async submit(inbox: InboxRecord, rcptTo: string[], raw: Buffer): Promise<SendOutcome> {
    await this.senderInbox(inbox.tenantId, inbox.id);
    const parsed = await this.parse(raw);
    const inHeaders = new Set([...parsed.to, ...parsed.cc].map((r) => r.emailAddress.toLowerCase()));
    const envelope = rcptTo.map(mailAddress);
    return this.record(inbox, raw, {
      messageId: parsed.messageId ?? `<${newId()}@${inbox.domain}>`,
      subject: parsed.subject,
      sender: parsed.from ?? mailAddress(inbox.emailAddress),
      recipients: {
        to: envelope.filter((r) => parsed.to.some((t) => t.emailAddress.toLowerCase() === r.emailAddress.toLowerCase())),
        cc: envelope.filter((r) => parsed.cc.some((t) => t.emailAddress.toLowerCase() === r.emailAddress.toLowerCase())),
        // envelope recipients the headers do not name were blind copies
        bcc: envelope.filter((r) => !inHeaders.has(r.emailAddress.toLowerCase())),
      },
      replyTo: parsed.replyTo,
      headers: [],
      bodyMd5: parsed.bodyMd5,
      isHtml: parsed.htmlBody !== null,
      charset: parsed.charset,
      inReplyTo: parsed.inReplyTo,
    });
  }

  /**
   * replyToEmail: from the inbox that received `original`, to its Reply-To (else its
   * sender), with the original subject prefixed "Re: " and the thread headers set.
   */
  reply(original: EmailRecord, input: SendEmailInput): Promise<SendOutcome> {
    const to = original.replyTo ?? original.from;
    if (!to) throw badRequest(`Email ${original.id} has no sender or Reply-To to answer`);
    const subject = original.subject ?? '';
    const references = [
      ...(original.headers.find(([name]) => name.toLowerCase() === 'references')?.[1].split(/\s+/).filter(Boolean) ?? []),
      ...(original.messageId ? [original.messageId] : []),
    ];
    return this.send(original.tenantId, original.inboxId, {
      ...input,
      to: [to],
      subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
    }, original.messageId ? { inReplyTo: original.messageId, references } : undefined);
  }

  /** sendTestEmail: a short message from the inbox to itself. */
  sendTest(tenantId: string, inboxId: string): Promise<SendOutcome> {
    return this.inboxes.findById(tenantId, inboxId).then((inbox) => {
      if (!inbox) throw notFound(`No inbox ${inboxId}`);
      return this.send(tenantId, inboxId, {
        to: [inbox.emailAddress],
        subject: 'Test email from Pigeonhole',
        body: `This is a test email sent to ${inbox.emailAddress} at ${this.clock.now().toISOString()}.`,
      });
    });
  }

  async get(tenantId: string, id: string): Promise<SentEmailRecord> {
    const sent = await this.sentEmails.findById(tenantId, id);
    if (!sent) throw notFound(`No sent email ${id}`);
    if (this.tracking) sent.pixelIds = await this.tracking.pixelIdsOf(tenantId, id);
    return sent;
  }

  async page(tenantId: string, filter: SentEmailFilter, input: { page?: number; size?: number; sort?: SortDirection }): Promise<{ slice: Slice<SentEmailRecord>; request: PageRequest }> {
    if (filter.inboxId) await this.inboxOf(tenantId, filter.inboxId);
    const request = pageRequest(input);
    return { slice: await this.sentEmails.page(tenantId, filter, request), request };
  }

  async count(tenantId: string, inboxId: string): Promise<number> {
    await this.inboxOf(tenantId, inboxId);
    return this.sentEmails.count(tenantId, { inboxId });
  }

  async raw(tenantId: string, id: string): Promise<Buffer> {
    const raw = await this.sentEmails.raw(tenantId, id);
    if (!raw) throw notFound(`No sent email ${id}`);
    return raw;
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if ((await this.sentEmails.deleteWhere(tenantId, { id })).length === 0) throw notFound(`No sent email ${id}`);
  }

  async deleteAll(tenantId: string): Promise<void> {
    await this.sentEmails.deleteWhere(tenantId, {});
  }

  async statuses(tenantId: string, filter: { sentId?: string; inboxId?: string; since?: Date; before?: Date }, input: { page?: number; size?: number; sort?: SortDirection }) {
    if (filter.sentId) await this.get(tenantId, filter.sentId);
    if (filter.inboxId) await this.inboxOf(tenantId, filter.inboxId);
    const request = pageRequest(input);
    return { slice: await this.sentEmails.statuses(tenantId, filter, request), request };
  }

  async status(tenantId: string, id: string): Promise<DeliveryStatusRecord> {
    const status = await this.sentEmails.status(tenantId, id);
    if (!status) throw notFound(`No delivery status ${id}`);
    return status;
  }

  /** Uploaded (or received) attachments of the caller, by id, as MailComposer attachments; unknown ids are a 400 naming them. */
  private async attachmentsFor(tenantId: string, ids: string[] | null | undefined) {
    const unique = attachmentIdsOf(ids);
    const found = await Promise.all(unique.map((id) => this.attachments.withContent(tenantId, id)));
    const unknown = unique.filter((_, i) => !found[i]);
    if (unknown.length) {
      throw badRequest(`attachments has unknown attachment ids: ${unknown.join(', ')}; upload files with POST /attachments and pass the ids it answers`);
    }
    return found.map((a) => ({
      filename: a!.record.name,
      contentType: a!.record.contentType,
      content: a!.content,
      // base64 whatever the type: text attachments arrive byte for byte (no line-ending rewrites)
      contentTransferEncoding: 'base64' as const,
      ...(a!.record.contentId ? { cid: a!.record.contentId.replace(/^<|>$/g, '') } : {}),
    }));
  }

  private async inboxOf(tenantId: string, inboxId: string): Promise<InboxRecord> {
    const inbox = await this.inboxes.findById(tenantId, inboxId);
    if (!inbox) throw notFound(`No inbox ${inboxId}`);
    return inbox;
  }

  private async senderInbox(tenantId: string, inboxId: string): Promise<InboxRecord> {
    const inbox = await this.inboxOf(tenantId, inboxId);
    const refusal = this.sendRefusal(inbox);
    if (refusal) throw badRequest(refusal);
    return inbox;
  }

  /** Why the inbox may not send (an SMTP inbox, an expired one); undefined when it may. */
  sendRefusal(inbox: InboxRecord): string | undefined {
    if (inbox.inboxType === 'SMTP') return 'SMTP inboxes can only receive; send from an HTTP inbox';
    if (inbox.expiresAt && inbox.expiresAt.getTime() <= this.clock.now().getTime()) {
      return `Inbox ${inbox.id} expired at ${inbox.expiresAt.toISOString()} and can no longer send`;
    }
    return undefined;
  }

  /** The guards' word on a send (sending.types.ts SendGuard), then the receipt and delivery (commit). */
  private async record(inbox: InboxRecord, raw: Buffer, fields: ReceiptFields): Promise<SendOutcome> {
    let recipients = fields.recipients;
    for (const guard of this.guards) recipients = await guard.check(inbox, recipients);
    if (recipients.to.length + recipients.cc.length + recipients.bcc.length === 0) {
      throw badRequest('No recipient is left to send to: the rules that apply removed every one');
    }
    const signed = this.signer ? await this.signer.sign(inbox, raw) : raw;
    return this.commit(inbox, signed, { ...fields, recipients });
  }

  /** Stores the receipt first (so a failed delivery is still on record), then delivers and records outcomes. */
  /** protected: SendCheck (send-check.ts) replaces it to run every check of a send without sending. */
  protected async commit(inbox: InboxRecord, raw: Buffer, { trackingPixelId, ...fields }: ReceiptFields): Promise<SendOutcome> {
    const sent: SentEmailRecord = {
      id: newId(),
      tenantId: inbox.tenantId,
      inboxId: inbox.id,
      from: inbox.emailAddress,
      virtualSend: inbox.virtualInbox,
      sizeBytes: raw.length,
      rawSha256: createHash('sha256').update(raw).digest('hex'),
      createdAt: this.clock.now(),
      ...fields,
      attachmentIds: fields.attachmentIds ?? [],
      pixelIds: trackingPixelId ? [trackingPixelId] : [],
    };
    await this.sentEmails.create(sent, raw);
    // The pixel exists before delivery, so an open right after delivery finds it.
    if (trackingPixelId) await this.tracking?.recordForSent(sent, trackingPixelId);
    const statuses = await this.deliver(sent, raw);
    await this.sentEmails.addStatuses(statuses);
    await this.bounces?.record(sent, statuses);
    publishDeliveryStatuses(this.bus, statuses);
    publishSent(this.bus, sent);
    return { sent, statuses };
  }

  private async deliver(sent: SentEmailRecord, raw: Buffer): Promise<DeliveryStatusRecord[]> {
    const started = Date.now();
    const recipients = [...new Set([...sent.recipients.to, ...sent.recipients.cc, ...sent.recipients.bcc].map((r) => r.emailAddress))];
    const status = (recipient: string, outcome: DeliveryStatusRecord['outcome'], code: number | null, response: string | null, mta: string | null): DeliveryStatusRecord => ({
      id: newId(), tenantId: sent.tenantId, sentId: sent.id, inboxId: sent.inboxId, recipient, outcome,
      smtpStatusCode: code, smtpResponse: response, reportingMta: mta, processingMs: Date.now() - started, createdAt: this.clock.now(),
    });
    // Virtual inboxes never deliver, not even to inboxes of this server.
    if (sent.virtualSend) return recipients.map((r) => status(r, 'VIRTUAL', null, 'Not delivered: virtual inbox', null));

    const statuses: DeliveryStatusRecord[] = [];
    const local: InboxRecord[] = [];
    const localAddresses: string[] = [];
    const remote: string[] = [];
    for (const recipient of recipients) {
      try {
        // with the envelope: the recipient inbox's rulesets judge the sender, as at SMTP RCPT
        local.push(await this.ingest.acceptRecipient(recipient, { mailFrom: sent.from }));
        localAddresses.push(recipient);
      } catch (err) {
        // an inbox here (or its plus address) that takes no mail fails; it is never relayed
        const ours = await this.ingest.ownInbox(recipient);
        if (ours && err instanceof RecipientRefused) statuses.push(status(recipient, 'FAILED', 550, err.message, 'local'));
        else remote.push(recipient);
      }
    }
    if (local.length) {
      // The same inbound pipeline as SMTP, so waits and webhooks see sent mail arrive.
      await this.ingest.deliver(raw, local, { mailFrom: sent.from });
      for (const recipient of localAddresses) statuses.push(status(recipient, 'DELIVERED', 250, 'Delivered to an inbox of this server', 'local'));
    }
    if (remote.length && this.relay) {
      const result = await this.relay.send({ from: sent.from, to: remote }, raw);
      for (const recipient of result.accepted) statuses.push(status(recipient, 'RELAYED', 250, result.response, result.reportingMta));
      for (const r of result.rejected) statuses.push(status(r.recipient, 'FAILED', r.code, r.response, result.reportingMta));
    } else {
      for (const recipient of remote) statuses.push(status(recipient, 'CAPTURED', null, 'Captured: no relay is configured (PIGEONHOLE_RELAY_URL)', null));
    }
    return statuses;
  }
}

/** What a send's receipt is made of, besides what the service fills in. */
type ReceiptFields = Pick<SentEmailRecord, 'messageId' | 'subject' | 'sender' | 'recipients' | 'replyTo' | 'headers' | 'bodyMd5' | 'isHtml' | 'charset' | 'inReplyTo'>
  & { attachmentIds?: string[]; trackingPixelId?: string; templateId?: string | null };

/** Attachment ids as given, trimmed, blanks and repeats dropped, first-given order kept. */
function attachmentIdsOf(ids: string[] | null | undefined): string[] {
  return [...new Set((ids ?? []).map((id) => id.trim()).filter(Boolean))];
}

function bareAddress(value: string): string {
  const angle = /<([^>]+)>/.exec(value);
  return (angle ? angle[1]! : value).trim();
}

function mailAddress(value: string): MailAddress {
  const address = bareAddress(value);
  const name = value.includes('<') ? value.slice(0, value.indexOf('<')).trim().replace(/^"|"$/g, '') || null : null;
  return { emailAddress: address.toLowerCase(), name, rawValue: value.trim() };
}
