/** The deliverability test report as HTML, for Chromium to print to PDF (exportDeliverabilityTestReport). */
import type { DeliverabilityTestRecord } from '../../storage/ports.js';
import { entityResults } from './deliverability.dto.js';
import { tally } from './tally.js';

const escape = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function reportHtml(test: DeliverabilityTestRecord, generatedAt: Date): string {
  const t = tally(test);
  const expectation = (i: number) => {
    const e = test.expectations[i]!;
    const filters = [e.from && `from contains "${e.from}"`, e.to && `to contains "${e.to}"`, e.subject && `${test.scope === 'PHONE' ? 'body' : 'subject'} contains "${e.subject}"`].filter(Boolean).join(', ');
    return `${e.name ?? `Expectation ${i + 1}`}: at least ${e.minCount} message${e.minCount === 1 ? '' : 's'}${filters ? ` (${filters})` : ''}`;
  };
  const facts: Array<[string, unknown]> = [
    ['Status', test.status + (test.timedOut ? ' (timed out)' : '')], ['Scope', test.scope], ['Started', test.startedAt?.toISOString() ?? 'not started'],
    ['Completed', test.completedAt?.toISOString() ?? '-'], ['Matched entities', `${t.matched} of ${t.total} (${t.completion}%)`],
    ['Threshold', test.successThresholdPercent === null ? 'not configured' : `${test.successThresholdPercent}%: ${t.thresholdStatus}`],
    ['Last evaluated', test.lastEvaluatedAt?.toISOString() ?? '-'], ['Failure reason', test.failureReason ?? '-'],
  ];
  const rows = entityResults(test, undefined, 'ASC').map((r) => `<tr class="${r.matched ? 'ok' : 'bad'}"><td>${escape(r.label)}</td><td>${r.matched ? 'matched' : 'not matched'}</td>${
    test.expectations.map((e, i) => `<td>${r.counts[i] ?? 0} / ${e.minCount}</td>`).join('')}</tr>`).join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escape(test.name ?? test.id)}</title><style>
body{font:12px/1.4 sans-serif;color:#222}h1{font-size:18px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:3px 6px;text-align:left}
tr.bad td:nth-child(2){color:#b00020;font-weight:bold}tr.ok td:nth-child(2){color:#1b5e20}dt{font-weight:bold;float:left;width:9em}dd{margin-left:9.5em}
</style></head><body><h1>Deliverability test: ${escape(test.name ?? test.id)}</h1>
${test.description ? `<p>${escape(test.description)}</p>` : ''}<dl>${facts.map(([k, v]) => `<dt>${escape(k)}</dt><dd>${escape(v)}</dd>`).join('')}</dl>
<h2>Expectations</h2><ol>${test.expectations.map((_, i) => `<li>${escape(expectation(i))}</li>`).join('')}</ol>
<h2>Entities</h2><table><thead><tr><th>${test.scope === 'INBOX' ? 'Inbox' : 'Phone number'}</th><th>Result</th>${test.expectations.map((_, i) => `<th>#${i + 1} received / needed</th>`).join('')}</tr></thead>
<tbody>${rows || `<tr><td colspan="${2 + test.expectations.length}">No entity evaluated yet</td></tr>`}</tbody></table>
<p>Test ${escape(test.id)}, report made ${escape(generatedAt.toISOString())}.</p></body></html>`;
}
