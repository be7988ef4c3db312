/**
 * RFC 3834 (automatic responses to email) as repliers apply it: which received messages an
 * automatic reply must never answer, and the header every reply carries so that other
 * responders leave it alone in turn.
 */
export const AUTO_REPLY_HEADERS = { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' } as const;

const BULK_PRECEDENCE = new Set(['bulk', 'junk', 'list']);
// RFC 3834 §2: never respond to mail from these (bounce and system senders)
const SYSTEM_LOCAL_PARTS = new Set(['mailer-daemon', 'postmaster']);

/** Why no automatic reply may answer the message, or null when one may. */
export function autoReplyRefusal(message: { headers: Array<[string, string]>; from: { emailAddress: string } | null }, ownAddress: string): string | null {
  const header = (name: string) => message.headers.find(([key]) => key.toLowerCase() === name)?.[1]?.trim();
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted !== undefined && autoSubmitted.split(';')[0]!.trim().toLowerCase() !== 'no') {
    return `the message is automatic (Auto-Submitted: ${autoSubmitted})`;
  }
  const precedence = header('precedence')?.toLowerCase();
  if (precedence && BULK_PRECEDENCE.has(precedence)) return `the message is bulk mail (Precedence: ${precedence})`;
  if (header('list-id') !== undefined) return 'the message came through a mailing list (List-Id)';
  if (header('list-unsubscribe') !== undefined) return 'the message is list mail (List-Unsubscribe)';
  const contentType = header('content-type')?.toLowerCase() ?? '';
  if (/^multipart\/report\b/.test(contentType)) return 'the message is a delivery or disposition report (multipart/report)';
  const sender = message.from?.emailAddress.trim().toLowerCase() ?? '';
  if (!sender) return 'the message has no sender to reply to';
  const local = sender.split('@')[0]!;
  if (SYSTEM_LOCAL_PARTS.has(local)) return `the sender ${sender} is a mail system (bounces are never answered)`;
  if (sender === ownAddress.toLowerCase()) return "the sender is the inbox's own address";
  return null;
}
