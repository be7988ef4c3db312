/**
 * A parsed search over received mail (modules/email/search-query.ts parses the query
 * language; storage turns it into SQL per dialect). Every term must hold (AND); a negated
 * term must not.
 */
export type SearchField = 'any' | 'from' | 'to' | 'subject';

export type SearchTerm = { negated: boolean } & (
  /** words in a field, the last one a prefix unless `exact` (a "quoted phrase"); consecutive words form a phrase */
  | { kind: 'words'; field: SearchField; words: string[]; exact: boolean }
  /** the email with this id (a UUID given alone, as clients of the old partial match do) */
  | { kind: 'id'; id: string }
  | { kind: 'hasAttachment' }
  | { kind: 'read'; read: boolean }
  | { kind: 'favourite' }
  /** received strictly before / at or after */
  | { kind: 'before' | 'after'; at: Date }
  /** raw size strictly larger / smaller than, in bytes */
  | { kind: 'larger' | 'smaller'; bytes: number }
);

export interface EmailSearch {
  terms: SearchTerm[];
}
