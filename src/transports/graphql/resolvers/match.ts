import { badRequest } from '../../../core/errors.js';
import { RegexTimeoutError, type RegexRunner } from '../../../modules/email/regex-runner.js';
import type { EmailRecord, EmailSummary } from '../../../storage/ports.js';
import type { Maybe } from './types.js';

export type MatchField = 'SUBJECT' | 'TO' | 'BCC' | 'CC' | 'FROM' | 'HEADERS';
export type MatchShould = 'MATCH' | 'CONTAIN' | 'EQUAL';

/** The REST API's MatchOptions, as GraphQL input. */
export interface MatchOptionsInput {
  matches?: Maybe<Array<{ field: MatchField; should: MatchShould; value: string }>>;
  conditions?: Maybe<Array<{ condition: 'HAS_ATTACHMENTS'; value: 'TRUE' | 'FALSE' }>>;
}

type Candidate = EmailSummary & Partial<Pick<EmailRecord, 'headers'>>;

/**
 * Filters emails by MatchOptions: every match and every condition must hold. A field with
 * several values (recipients, header lines) holds when any of them does. CONTAIN and EQUAL
 * compare exactly; MATCH tests a regular expression, run in the RegexRunner's worker so a
 * pathological pattern costs only its own time limit.
 */
export class EmailMatcher {
  private readonly matches: Array<{ field: MatchField; should: MatchShould; value: string; regex?: RegExp; index: number }>;
  private readonly conditions: NonNullable<MatchOptionsInput['conditions']>;

  constructor(options: MatchOptionsInput, private readonly regexRunner: RegexRunner) {
    this.matches = (options.matches ?? []).map((m, index) => ({ ...m, index, regex: m.should === 'MATCH' ? compile(m.value, index) : undefined }));
    this.conditions = options.conditions ?? [];
  }

  /** HEADERS matches need the full records; the others work on summaries. */
  get needsHeaders(): boolean {
    return this.matches.some((m) => m.field === 'HEADERS');
  }

  async filter<T extends Candidate>(emails: T[]): Promise<T[]> {
    let remaining = emails.filter((email) => this.conditions.every((c) => (email.attachmentIds.length > 0) === (c.value === 'TRUE')));
    for (const match of this.matches) {
      if (remaining.length === 0) break;
      const values = remaining.map((email) => fieldValues(email, match.field));
      const keep = match.regex ? await this.regexHolds(match.regex, values, match.index) : values.map((vs) => vs.some((v) => holds(match.should, v, match.value)));
      remaining = remaining.filter((_, i) => keep[i]);
    }
    return remaining;
  }

  private async regexHolds(regex: RegExp, values: string[][], index: number): Promise<boolean[]> {
    const flat = values.flat();
    let found;
    try {
      found = flat.length ? await this.regexRunner.exec(regex, flat, { all: false }) : [];
    } catch (err) {
      if (err instanceof RegexTimeoutError) throw badRequest(`matchOptions.matches[${index}].value took longer than ${err.timeoutMs} ms to match; simplify the pattern`);
      throw err;
    }
    let at = 0;
    return values.map((vs) => {
      const hit = found.slice(at, at + vs.length).some((matches) => matches.length > 0);
      at += vs.length;
      return hit;
    });
  }
}

function compile(source: string, index: number): RegExp {
  try {
    return new RegExp(source);
  } catch {
    throw badRequest(`matchOptions.matches[${index}].value is not a valid regular expression: ${source}`);
  }
}

const holds = (should: MatchShould, actual: string, expected: string): boolean =>
  should === 'EQUAL' ? actual === expected : actual.includes(expected);

function fieldValues(email: Candidate, field: MatchField): string[] {
  switch (field) {
    case 'SUBJECT':
      return [email.subject ?? ''];
    case 'FROM':
      return [email.from ?? ''];
    case 'TO':
    case 'CC':
    case 'BCC':
      return email.recipients[field.toLowerCase() as 'to' | 'cc' | 'bcc'].map((r) => r.emailAddress);
    case 'HEADERS':
      return (email.headers ?? []).map(([name, value]) => `${name}: ${value}`);
  }
}
