/**
 * checkDnsPropagation: the same question asked of each resolver on its own, the answers
 * compared. Which resolvers is a setting (PIGEONHOLE_DNS_PROPAGATION_RESOLVERS): the client's
 * options carry none.
 */
import { budgetedResolver } from './deadline-resolver.js';
import { lookupRecords, LookupFailed, type AnswerableType } from './dns-records.js';

export interface ResolverAnswer { resolver: string; records: string[]; responded: boolean; matchedExpectedValue: boolean | null }

export interface PropagationReport {
  propagatedToAllResolvers: boolean;
  respondingResolverCount: number;
  matchingResolverCount: number;
  resolverResults: ResolverAnswer[];
  warnings: string[];
  errors: string[];
}

/** Values compared as DNS compares names: no case, no trailing dot, no quotes around TXT text. */
const canonical = (value: string) => value.trim().replace(/^"(.*)"$/s, '$1').replace(/\.$/, '').toLowerCase();

export async function checkPropagation(
  resolvers: readonly string[], host: string, type: AnswerableType, expected: string | null, budgetMs: number,
): Promise<PropagationReport> {
  const errors: string[] = [];
  const resolverResults = await Promise.all(resolvers.map(async (server): Promise<ResolverAnswer> => {
    const { resolver, release } = budgetedResolver([server], budgetMs);
    try {
      const records = (await lookupRecords(resolver, host, type, true)).flatMap((r) => r.recordEntries);
      const matched = expected === null ? null : records.some((r) => canonical(r) === canonical(expected));
      return { resolver: server, records, responded: true, matchedExpectedValue: matched };
    } catch (error) {
      errors.push(`${server}: ${error instanceof LookupFailed ? error.message : String(error)}`);
      return { resolver: server, records: [], responded: false, matchedExpectedValue: expected === null ? null : false };
    } finally {
      release();
    }
  }));
  const responding = resolverResults.filter((r) => r.responded);
  const warnings: string[] = [];
  const answerSets = new Set(responding.map((r) => JSON.stringify(r.records.map(canonical).sort())));
  // with an expected value, matching means answering it; without one, every resolver answering the same non-empty set
  const matching = expected !== null
    ? resolverResults.filter((r) => r.matchedExpectedValue === true)
    : answerSets.size === 1 && responding[0]!.records.length > 0 ? responding : [];
  if (responding.length > 0 && responding.every((r) => r.records.length === 0)) warnings.push(`no resolver has a ${type} record for ${host}`);
  if (answerSets.size > 1) warnings.push(`resolvers disagree: ${answerSets.size} different answers for ${host} ${type}`);
  return {
    propagatedToAllResolvers: resolverResults.length > 0 && matching.length === resolverResults.length,
    respondingResolverCount: responding.length,
    matchingResolverCount: matching.length,
    resolverResults,
    warnings,
    errors,
  };
}
