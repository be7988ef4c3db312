import type { PlacementTestRecord } from '../../storage/ports.js';
import { analysisOf } from './placement-analysis.js';
import { targetStatus, testState } from './placement.service.js';

/** Where a share token opens the results without a key. */
export const shareUrlAt = (baseUrl: string) => (token: string) => `${baseUrl}/inbox-placement-tests/share/${token}`;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function countsOf(test: PlacementTestRecord) {
  const statuses = test.targets.map((t) => ({ status: targetStatus(test, t), verdict: t.verdict }));
  return {
    totalTargets: test.targets.length,
    matchedTargets: statuses.filter((t) => t.status === 'RECEIVED').length,
    inboxTargets: statuses.filter((t) => t.verdict === 'INBOX').length,
    spamTargets: statuses.filter((t) => t.verdict === 'SPAM').length,
    notReceivedTargets: statuses.filter((t) => t.status === 'NOT_RECEIVED').length,
  };
}

const subjectHint = (test: PlacementTestRecord) => `Put ${test.trackingToken} in the subject or body`;

function labels(test: PlacementTestRecord) {
  return {
    status: testState(test), reportStatus: test.completedAt ? 'READY' : 'PENDING', requestedSegment: test.requestedSegment,
    seedlistProfile: test.seedlistProfile, senderDomain: test.senderDomain, fromEmail: test.fromEmail, subjectHint: subjectHint(test),
  };
}

const times = (test: PlacementTestRecord) => ({
  startedAt: iso(test.createdAt), firstMatchAt: iso(test.firstMatchAt), completedAt: iso(test.completedAt), expiresAt: iso(test.expiresAt),
});

const seeds = (test: PlacementTestRecord) => {
  const addresses = test.targets.map((t) => t.seedAddress);
  return { seedAddresses: addresses, seedAddressFormats: { COMMA: addresses.join(','), NEWLINE: addresses.join('\n') } };
};

export function toRunDto(test: PlacementTestRecord) {
  return {
    id: test.id, remoteTestId: test.id, mode: 'LOCAL', ...labels(test), trackingToken: test.trackingToken, ...seeds(test), ...countsOf(test),
    ...times(test), lastEventAt: iso(test.lastEventAt), lastSyncedAt: iso(test.updatedAt), billedAt: null,
    createdAt: test.createdAt.toISOString(), updatedAt: test.updatedAt.toISOString(),
  };
}

export function toSpamTestRunDto(test: PlacementTestRecord) {
  return {
    id: test.id, source: 'PUBLIC_SPAM_TEST', ...labels(test), trackingToken: test.trackingToken, ...seeds(test), ...countsOf(test),
    submittedAt: iso(test.submittedAt), ...times(test), lastEventAt: iso(test.lastEventAt), lastSyncedAt: iso(test.updatedAt),
    freeLimitReached: false, createdAt: test.createdAt.toISOString(), updatedAt: test.updatedAt.toISOString(),
  };
}

export function toPublicRunDto(test: PlacementTestRecord) {
  return { id: test.id, ...labels(test), ...countsOf(test), ...times(test), createdAt: test.createdAt.toISOString(), updatedAt: test.updatedAt.toISOString() };
}

export function targetsOf(test: PlacementTestRecord, provider: string) {
  return test.targets.map((t) => ({
    seedAccountId: t.seedAccountId, seedAddress: t.seedAddress, provider, segment: test.requestedSegment, status: targetStatus(test, t),
    placementVerdict: t.verdict, placementFolder: t.verdict === 'INBOX' ? 'Inbox' : t.verdict === 'SPAM' ? 'Spam' : null,
    receivedAt: iso(t.receivedAt), latencyMs: t.latencyMs,
    evidence: <Record<string, string>>{
      ...t.evidence,
      ...(t.spamScore !== null ? { spamScore: String(t.spamScore), spamThreshold: String(t.spamThreshold), spamRules: Object.keys(t.spamRules).join(',') } : {}),
      ...(t.spamUnavailable ? { spamCheck: t.spamUnavailable } : {}),
    },
  }));
}

/**
 * The spam score out of ten, as mail testers give it: 10 minus the average SpamAssassin score of
 * the received seeds, kept between 0 and 10. None before a seed was scored.
 */
export function spamScoresOf(test: PlacementTestRecord) {
  const scored = test.targets.filter((t) => t.spamScore !== null);
  if (scored.length === 0) return [];
  const average = scored.reduce((sum, t) => sum + t.spamScore!, 0) / scored.length;
  const threshold = scored[0]!.spamThreshold ?? 5;
  const outOfTen = Math.round(Math.min(10, Math.max(0, 10 - average)) * 10) / 10;
  const variant = average >= threshold ? 'Danger' : average >= threshold / 2 ? 'Warning' : 'Good';
  return [{ segment: test.requestedSegment, spamScoreOutOfTen: outOfTen, spamScoreVariant: variant }];
}

export function resultsOf(test: PlacementTestRecord, provider: string, shareUrl: (token: string) => string, generatedAt: Date) {
  const analysis = analysisOf(test, generatedAt);
  return {
    test: {
      testId: test.id, mode: 'LOCAL', status: testState(test), reportStatus: test.completedAt ? 'READY' : 'PENDING', requestedSegment: test.requestedSegment,
      seedlistProfile: test.seedlistProfile, senderDomain: test.senderDomain, fromEmail: test.fromEmail, subjectHint: subjectHint(test),
      startedAt: iso(test.createdAt), expiresAt: iso(test.expiresAt),
    },
    deliverability: countsOf(test),
    setupAnalysis: Object.fromEntries(analysis.setupItems.map((i) => [i.key, i.status])),
    contentAnalysis: Object.fromEntries(analysis.contentItems.map((i) => [i.key, i.status])),
    analysis,
    targets: targetsOf(test, provider),
    scores: spamScoresOf(test).map((s) => ({ segment: String(s.segment), spamScoreOutOfTen: String(s.spamScoreOutOfTen), spamScoreVariant: s.spamScoreVariant })),
    share: test.shareToken ? { token: test.shareToken, url: shareUrl(test.shareToken) } : null,
  };
}
