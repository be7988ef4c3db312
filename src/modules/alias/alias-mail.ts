/**
 * The pure parts of alias mail: the verification message, reply subjects, who a reply goes
 * to, and the hop header that stops aliases proxying to each other in a circle.
 */
import type { EmailRecord, MailAddress } from '../../storage/ports.js';

/**
 * Proxied copies carry the ids of the aliases they passed through. An alias never proxies a
 * message that already passed through it: two aliases hiding each other's address (A proxies
 * to B's inbox, B to A's) stop after one round instead of mailing each other forever.
 */
export const ALIAS_HOPS_HEADER = 'X-Pigeonhole-Alias-Hops';

/** The alias ids a received message passed through (its hop header, lower-cased). */
export function hopsOf(headers: ReadonlyArray<readonly [string, string]>): string[] {
  const name = ALIAS_HOPS_HEADER.toLowerCase();
  return headers
    .filter(([key]) => key.toLowerCase() === name)
    .flatMap(([, value]) => value.split(/[\s,]+/))
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
}

/** The hop header value of a copy proxied by `aliasId` from a message with `headers`. */
export function nextHops(headers: ReadonlyArray<readonly [string, string]>, aliasId: string): string {
  return [...new Set([...hopsOf(headers), aliasId.toLowerCase()])].join(', ');
}

/** "Re: subject", never "Re: Re: subject". */
export function replySubject(subject: string | null | undefined): string {
  const text = (subject ?? '').trim();
  return /^re:/i.test(text) ? text : `Re: ${text}`;
}

/** Who answers a received email reach: its Reply-To, else its sender (lower-cased); null when neither. */
export function conversationPartner(email: Pick<EmailRecord, 'replyTo' | 'from'>): string | null {
  const address = email.replyTo ?? email.from;
  return address ? bareAddress(address).toLowerCase() : null;
}

/** The addresses of a list, lower-cased and without the alias's own and the hidden address (they are not the other side). */
export function othersIn(list: readonly MailAddress[], exclude: readonly string[]): string[] {
  const left = new Set(exclude.map((a) => a.toLowerCase()));
  const out: string[] = [];
  for (const { emailAddress } of list) {
    const address = emailAddress.toLowerCase();
    if (!left.has(address) && !out.includes(address)) out.push(address);
  }
  return out;
}

export function bareAddress(value: string): string {
  const angle = /<([^>]+)>/.exec(value);
  return (angle ? angle[1]! : value).trim();
}

/** The display name of a proxied copy: who wrote to the alias, so the hidden user sees it. */
export function proxiedFromName(email: Pick<EmailRecord, 'sender' | 'from'>, aliasAddress: string): string {
  const who = email.sender?.name || email.sender?.emailAddress || email.from || 'unknown sender';
  return `${who} via ${aliasAddress}`;
}

/** The verification message mailed to the hidden address. */
export function verificationMail(aliasAddress: string, hiddenAddress: string, link: string): { subject: string; body: string } {
  return {
    subject: `Verify the alias ${aliasAddress}`,
    body: [
      `The alias ${aliasAddress} was created to forward its mail to ${hiddenAddress}.`,
      '',
      'Open this link to activate it:',
      link,
      '',
      'Until then nothing sent to the alias is forwarded. If you did not expect this, ignore this message.',
    ].join('\n'),
  };
}

/** The small page the verification link opens. */
export function verifiedPage(aliasAddress: string, hiddenAddress: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Alias verified</title></head>',
    '<body>',
    '<h1>Alias verified</h1>',
    `<p>The alias <strong>${escapeHtml(aliasAddress)}</strong> is active: mail sent to it is now forwarded to <strong>${escapeHtml(hiddenAddress)}</strong>.</p>`,
    '</body></html>',
  ].join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
