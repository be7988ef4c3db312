import type { PlacementTestRecord } from '../../storage/ports.js';

type Status = 'PASS' | 'WARN' | 'FAIL' | 'INFO';
interface Item { key: string; status: Status; title: string; message: string; meta: Record<string, string> }

/** A verdict word as the analysis status: pass is PASS, none/neutral WARN, the rest FAIL. */
function statusOf(verdicts: string[]): Status {
  if (verdicts.every((v) => v === 'pass')) return 'PASS';
  if (verdicts.some((v) => v === 'fail' || v === 'softfail' || v === 'permerror' || v === 'temperror')) return 'FAIL';
  return 'WARN';
}

/**
 * The analysis of a test from what the seeds received: setup items from the SPF/DKIM/DMARC
 * verdicts of the seeds' messages and whether they arrived; content items from SpamAssassin's
 * score and the rules that added points, and the tracking token. An item that nothing measured is
 * INFO saying so.
 */
export function analysisOf(test: PlacementTestRecord, generatedAt: Date) {
  const received = test.targets.filter((t) => t.emailId);
  const setupItems: Item[] = [];
  const delivery: Status = received.length === test.targets.length ? 'PASS' : test.completedAt ? (received.length ? 'WARN' : 'FAIL') : 'INFO';
  setupItems.push({
    key: 'delivery', status: delivery, title: 'Delivery to the seeds',
    message: `${received.length} of ${test.targets.length} seeds received the message${test.completedAt ? '' : ' so far'}`,
    meta: { received: String(received.length), total: String(test.targets.length) },
  });
  for (const [key, title] of [['spf', 'SPF'], ['dkim', 'DKIM'], ['dmarc', 'DMARC']] as const) {
    const verdicts = received.map((t) => t.evidence[key]).filter((v): v is string => typeof v === 'string').flatMap((v) => v.split(','));
    setupItems.push(verdicts.length === 0
      ? { key, status: 'INFO', title, message: `Not checked: no seed message came in over SMTP with authentication checks on`, meta: {} }
      : { key, status: statusOf(verdicts), title, message: `${title} verdicts of the seeds' messages: ${verdicts.join(', ')}`, meta: { verdicts: verdicts.join(',') } });
  }

  const contentItems: Item[] = [];
  const scored = received.filter((t) => t.spamScore !== null);
  if (scored.length > 0) {
    const worst = Math.max(...scored.map((t) => t.spamScore!));
    const threshold = scored[0]!.spamThreshold ?? 5;
    contentItems.push({
      key: 'spam-score', status: worst >= threshold ? 'FAIL' : worst >= threshold / 2 ? 'WARN' : 'PASS', title: 'SpamAssassin score',
      message: `Highest score ${worst} against a threshold of ${threshold}`, meta: { score: String(worst), threshold: String(threshold) },
    });
    const rules = new Map<string, number>();
    for (const t of scored) for (const [name, score] of Object.entries(t.spamRules)) rules.set(name, score);
    for (const [name, score] of [...rules].sort((a, b) => b[1] - a[1])) {
      contentItems.push({ key: `rule:${name}`, status: score >= 1 ? 'WARN' : 'INFO', title: name, message: `SpamAssassin rule ${name} added ${score}`, meta: { score: String(score) } });
    }
  } else {
    const reason = received.find((t) => t.spamUnavailable)?.spamUnavailable;
    contentItems.push({ key: 'spam-score', status: 'INFO', title: 'SpamAssassin score', message: reason ?? 'No seed message has been scored yet', meta: {} });
  }
  if (received.length > 0) {
    const found = received.filter((t) => t.evidence.trackingTokenFound === 'true').length;
    contentItems.push({
      key: 'tracking-token', status: found === received.length ? 'PASS' : 'WARN', title: 'Tracking token',
      message: `${found} of ${received.length} received messages carry ${test.trackingToken}`, meta: { found: String(found) },
    });
  }
  return { generatedAt: generatedAt.toISOString(), senderDomain: test.senderDomain, fromEmail: test.fromEmail, setupItems, contentItems, domainMonitor: null };
}
