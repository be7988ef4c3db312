import type { EmailSummary, MailAddress } from '../../storage/ports.js';
import type { ConditionOptionT, MatchOptionT } from './waitfor.schemas.js';

/**
 * MatchOptions semantics: every match and every condition must hold (AND). A field with
 * several values (TO, CC, BCC, HEADERS) matches when any one of them does. Addresses and
 * headers (whose names are case-insensitive) compare without regard to case; subjects exactly
 * as received.
 */

/** An email as matching sees it; headers are only loaded when a HEADERS match needs them. */
export type MatchableEmail = EmailSummary & { headers?: Array<[string, string]> };

const CASE_INSENSITIVE = new Set<MatchOptionT['field']>(['TO', 'CC', 'BCC', 'FROM', 'HEADERS']);

const addressValues = (list: MailAddress[]) => list.flatMap((a) => [a.emailAddress, a.rawValue]);

/** The strings a field offers for comparison. */
export function fieldValues(email: MatchableEmail, field: MatchOptionT['field']): string[] {
  switch (field) {
    case 'SUBJECT':
      return [email.subject ?? ''];
    case 'TO':
      return addressValues(email.recipients.to);
    case 'CC':
      return addressValues(email.recipients.cc);
    case 'BCC':
      return addressValues(email.recipients.bcc);
    case 'FROM':
      return [email.from, email.sender?.rawValue].filter((v): v is string => !!v);
    case 'HEADERS':
      // "Name: value" lines and the bare values, so both `X-Id: 7` and `7` can be matched.
      return (email.headers ?? []).flatMap(([name, value]) => [`${name}: ${value}`, value]);
  }
}

/** CONTAIN or EQUAL on one field; MATCH (regex) is run elsewhere, in a time-limited worker. */
export function meetsMatch(email: MatchableEmail, option: MatchOptionT): boolean {
  const fold = CASE_INSENSITIVE.has(option.field) ? (s: string) => s.toLowerCase() : (s: string) => s;
  const wanted = fold(option.value);
  return fieldValues(email, option.field).some((candidate) => {
    const value = fold(candidate);
    return option.should === 'EQUAL' ? value === wanted : value.includes(wanted);
  });
}

export function meetsCondition(email: MatchableEmail, condition: ConditionOptionT): boolean {
  switch (condition.condition) {
    case 'HAS_ATTACHMENTS':
      return (email.attachmentIds.length > 0) === (condition.value === 'TRUE');
  }
}

/** Every CONTAIN/EQUAL match and every condition holds. */
export function meetsPlainOptions(email: MatchableEmail, matches: MatchOptionT[], conditions: ConditionOptionT[]): boolean {
  return conditions.every((c) => meetsCondition(email, c)) && matches.every((m) => m.should === 'MATCH' || meetsMatch(email, m));
}
