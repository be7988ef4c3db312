/**
 * Conversation threading by RFC 5322 headers (the JWZ idea, reduced to what a test mailbox
 * needs): a message joins the thread of the nearest message it names that is already known.
 * Message ids are compared in header form, `<id>`, as storage keeps them.
 */

const ID_RE = /<[^<>\s]+>/g;

/** `<a@b>` for `a@b` or `<a@b>`; null for nothing usable. */
export function headerMessageId(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const bracketed = trimmed.match(ID_RE);
  if (bracketed) return bracketed[0]!;
  return /\s/.test(trimmed) ? null : `<${trimmed}>`;
}

/** Every `<id>` of a References (or In-Reply-To) header value, in header order. */
export const referencedIds = (value: string | null | undefined): string[] => value?.match(ID_RE) ?? [];

export interface ThreadHeaders {
  messageId: string | null;
  inReplyTo: string | null;
  /** [name, value] pairs; only References is read */
  headers: ReadonlyArray<readonly [string, string]>;
}

/**
 * The ids whose thread this message joins, best first: its own Message-ID (another copy of
 * the same message, or the receipt of a message sent from here), then In-Reply-To (the direct
 * parent), then References from the newest ancestor back to the root.
 */
export function threadKeys(message: ThreadHeaders): string[] {
  const references = message.headers
    .filter(([name]) => name.toLowerCase() === 'references')
    .flatMap(([, value]) => referencedIds(value));
  const keys = [
    headerMessageId(message.messageId),
    ...referencedIds(message.inReplyTo),
    headerMessageId(message.inReplyTo),
    ...references.reverse(),
  ];
  return [...new Set(keys.filter((k): k is string => k !== null))];
}
