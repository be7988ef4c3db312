/**
 * What a refused delivery means, in the vocabulary MailSlurp's bounce records use (those
 * of Amazon SES bounce notifications): bounceType Permanent or Transient, a sub type, the
 * RFC 3463 enhanced status and an RFC 3464 diagnostic code.
 */
export type BounceType = 'Permanent' | 'Transient';

export interface BounceClass {
  bounceType: BounceType;
  /** General, NoEmail, MailboxFull or MessageTooLarge */
  bounceSubType: string;
  /** enhanced status, e.g. 5.1.1 */
  status: string;
  /** e.g. "smtp; 550 5.1.1 No such user"; the error itself when no server answered */
  diagnosticCode: string;
}

const ENHANCED_RE = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;

/** Status "X.4.1": no answer from host, the RFC 3463 code for a relay that cannot be reached. */
const UNREACHABLE = '4.4.1';

/**
 * `code` is the SMTP reply code (null when no server replied: connection refused, timeout);
 * `response` the reply text or the error message.
 */
export function classifyRefusal(code: number | null, response: string | null): BounceClass {
  const text = (response ?? '').trim();
  const enhanced = ENHANCED_RE.exec(text);
  const permanent = code !== null ? code >= 500 && code < 600 : enhanced?.[1] === '5';
  const status = enhanced ? enhanced[0] : code !== null ? `${Math.floor(code / 100)}.0.0` : UNREACHABLE;
  const detail = enhanced ? `${enhanced[2]}.${enhanced[3]}` : '';
  const bounceSubType =
    detail === '1.1' && permanent ? 'NoEmail'
      : detail === '2.2' ? 'MailboxFull'
        : detail === '3.4' ? 'MessageTooLarge'
          : 'General';
  let diagnosticCode: string;
  if (code === null) diagnosticCode = text || 'delivery failed with no reply from the server';
  else diagnosticCode = `smtp; ${text.startsWith(String(code)) ? text : `${code} ${text}`.trim()}`;
  return { bounceType: permanent ? 'Permanent' : 'Transient', bounceSubType, status, diagnosticCode };
}
