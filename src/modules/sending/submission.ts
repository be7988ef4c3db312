import type { InboxRecord } from '../../storage/ports.js';
import type { AccessService, MailLogin } from '../access/access.service.js';
import { RecipientRefused, receptionReply, type IngestService } from '../email/ingest.service.js';
import type { SendingService } from './sending.service.js';

/** A recipient or sender refused, with the SMTP reply code the transport answers. */
export class SubmissionRefused extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
    this.name = 'SubmissionRefused';
  }
}

/** What one message of an authenticated SMTP session has said so far (MAIL FROM, RCPT TO). */
export interface SubmissionEnvelope {
  /** the login's inbox that sends to outside addresses; undefined when MAIL FROM names none that may */
  sender?: InboxRecord;
  /** why outside addresses are refused, when there is no sender */
  refusal?: { code: number; message: string };
  /** inboxes of this server, by the address the client gave */
  local: Array<{ address: string; inbox: InboxRecord }>;
  /** addresses outside this server */
  outside: string[];
}

/**
 * An authenticated SMTP session (a login from getSmtpAccess / getImapSmtpAccess). Mail to
 * inboxes of this server is a delivery, as over the MX: neither the MAIL FROM address nor the
 * sending inbox's type matters for it. Only outside addresses need a sender: an inbox the login
 * owns that may send (sendEmail's rules: an HTTP inbox, not expired); the message then goes out
 * as sendEmail sends it (receipt, relay or capture, delivery statuses), local recipients included.
 * Without such a sender, outside recipients are refused at RCPT and local ones still receive.
 */
export class SmtpSubmission {
  constructor(
    private readonly access: AccessService,
    private readonly ingest: IngestService,
    private readonly sending: SendingService,
  ) {}

  /** MAIL FROM: never refused; it decides whether outside recipients can be accepted. */
  async start(login: MailLogin, mailFrom: string): Promise<SubmissionEnvelope> {
    const envelope: SubmissionEnvelope = { local: [], outside: [] };
    const inbox = await this.access.senderFor(login, mailFrom);
    if (!inbox) {
      const owns = login.inboxId ? 'its inbox' : "the account's inboxes";
      envelope.refusal = {
        code: 553,
        message: `Sender ${mailFrom || '<>'} is not allowed to send to outside addresses: this login sends from ${owns} only (mail to inboxes of this server is delivered whatever the sender)`,
      };
      return envelope;
    }
    const refusal = this.sending.sendRefusal(inbox);
    if (refusal) {
      envelope.refusal = { code: 550, message: `${refusal} (mail to inboxes of this server is still delivered)` };
      return envelope;
    }
    envelope.sender = inbox;
    return envelope;
  }

  /** RCPT TO: an inbox of this server is always accepted (unless expired); an outside address needs a sender. */
  async addRecipient(envelope: SubmissionEnvelope, address: string): Promise<void> {
    let inbox: InboxRecord | undefined;
    try {
      inbox = await this.ingest.localRecipient(address);
    } catch (err) {
      if (err instanceof RecipientRefused) throw new SubmissionRefused(550, err.message);
      throw err;
    }
    if (inbox) {
      envelope.local.push({ address, inbox });
      return;
    }
    if (!envelope.sender) throw new SubmissionRefused(envelope.refusal?.code ?? 553, envelope.refusal?.message ?? `Cannot send to ${address}`);
    envelope.outside.push(address);
  }

  /**
   * DATA: with a sender, the message is sent from it to every recipient (as today's SMTP
   * submission); without one, it is delivered to the local inboxes as MX mail is. Resolves
   * with the text of the 250 once everything is committed.
   */
  async complete(envelope: SubmissionEnvelope, raw: Buffer): Promise<string> {
    if (envelope.sender) {
      const { sent } = await this.sending.submit(envelope.sender, [...envelope.local.map((l) => l.address), ...envelope.outside], raw);
      return `Message sent as ${sent.id}`;
    }
    return receptionReply(await this.ingest.receive(raw, envelope.local.map((l) => l.inbox)));
  }
}
