import type { ParsedMessage } from '../email/parse.js';

/** The first address of a header value ("Name <a@b>", "a@b", a list), lower-cased; null when there is none. */
export function firstAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  const angled = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  const bare = angled ? angled[1] : /[^\s<>,;:"]+@[^\s<>,;:"]+/.exec(value)?.[0];
  return bare ? bare.toLowerCase() : null;
}

/** Whom a reply to the message goes to and how it threads (In-Reply-To, References). */
export function replyFields(message: ParsedMessage, ignoreReplyTo: boolean) {
  const sender = message.from?.emailAddress ? message.from.emailAddress.trim().toLowerCase() : null;
  const replyTo = ignoreReplyTo ? null : firstAddress(message.replyTo);
  const references = message.headers
    .filter(([name]) => name.toLowerCase() === 'references')
    .flatMap(([, value]) => value.split(/\s+/))
    .filter((id) => /^<[^<>\s]+>$/.test(id))
    .slice(-20);
  return { to: replyTo ?? sender, sender, subject: message.subject, messageId: message.messageId, references };
}
