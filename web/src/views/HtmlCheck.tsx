import { api } from '../api';
import { Empty, ErrorBox, Loading, useAsync } from '../ui';

type Status = 'SUPPORTED' | 'PARTIAL' | 'NOT_SUPPORTED' | 'UNKNOWN';
interface SlugName { slug: string; name: string }
interface Flags { status: Status; notes?: string[] | null }
interface Overview {
  feature: string;
  title?: string | null;
  statuses: Status[];
  featureStatistics?: Array<{ family: string; platforms: Array<{ platform: string; versions: Array<{ supportFlags: Flags }> }> }> | null;
}
interface SupportResult {
  names: { family: SlugName[]; platform: SlugName[] };
  featureOverviews: Overview[];
}
interface Finding { lineNumber: number; message: string | null }
interface Validation { html: { isValid: boolean; errors: Finding[]; warnings: Finding[]; infos: Finding[] } | null }

/** The clients lacking a feature, grouped by family ("Outlook: Windows, Windows Mail"), and the notes caniemail gives. */
interface Gaps { none: string[]; partial: string[]; notes: Array<{ note: string; clients: string[] }> }

/**
 * The HTML check tab: checkEmailBodyFeatureSupport (which HTML and CSS features the body uses and
 * their support in each email client, from caniemail.com's data) and validateEmail (html-validate's
 * findings and the WHATWG parse errors, each message "<rule id>: <text> (column N)").
 */
export function HtmlCheck({ emailId }: { emailId: string }) {
  const check = useAsync(() => Promise.all([
    api.post<{ result: SupportResult }>(`/emails/${emailId}/check-email-body-feature-support`),
    api.post<Validation>(`/emails/${emailId}/validate`),
  ]), [emailId]);
  if (check.error) return <ErrorBox error={check.error} retry={check.reload} />;
  if (!check.data) return <Loading />;
  const [{ result }, validation] = check.data;
  const label = labeller(result.names);
  // Features some clients do not support at all come first.
  const lacking = result.featureOverviews.filter((o) => o.statuses.includes('NOT_SUPPORTED') || o.statuses.includes('PARTIAL'))
    .sort((a, b) => Number(b.statuses.includes('NOT_SUPPORTED')) - Number(a.statuses.includes('NOT_SUPPORTED')));
  const everywhere = result.featureOverviews.filter((o) => !lacking.includes(o));
  const unsupported = lacking.filter((o) => o.statuses.includes('NOT_SUPPORTED')).length;
  const findings = validation.html ? [
    ...validation.html.errors.map((f) => ({ ...split(f), kind: 'Error' })),
    ...validation.html.warnings.map((f) => ({ ...split(f), kind: 'Warning' })),
    ...validation.html.infos.map((f) => ({ ...split(f), kind: 'Info' })),
  ] : [];
  return (
    <div class="html-check">
      <div class="filters">
        <button type="button" onClick={check.reload} disabled={check.loading}>Check again</button>
      </div>
      <p class="check-summary" data-testid="html-check-summary">
        {result.featureOverviews.length} features used: <strong>{unsupported}</strong> not supported by some clients,{' '}
        <strong>{lacking.length - unsupported}</strong> only partially supported by some.{' '}
        <span class="hint">Data: caniemail.com, newest tested version of each client.</span>
      </p>
      <h3 class="section-title">Client support</h3>
      {result.featureOverviews.length === 0 ? <Empty>No features found: the email has no HTML body, or uses nothing caniemail tracks.</Empty> : (
        <ul class="features">
          {lacking.map((o) => <FeatureGaps key={o.feature} overview={o} gaps={gapsOf(o, label)} />)}
        </ul>
      )}
      {everywhere.length > 0 && (
        <p class="hint">Supported by every client: {everywhere.map((o) => o.title ?? o.feature).join(', ')}</p>
      )}
      <h3 class="section-title">HTML validation</h3>
      {findings.length === 0 ? <Empty>No HTML problems found.</Empty> : (
        <ul class="findings">
          {findings.map((f, i) => (
            <li key={i} class={`finding check-${f.kind.toLowerCase()}`}>
              <span class="tag">{f.kind}</span>{' '}
              {f.ruleId && <RuleLink ruleId={f.ruleId} />}{' '}
              <span class="sub">{f.lineNumber > 0 ? `line ${f.lineNumber}${f.column ? `, col ${f.column}` : ''}` : 'whole body'}</span>{' '}
              <span class="finding-message">{f.text}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The rule id and column validateEmail writes into each message (the wire model has no fields for them). */
function split(finding: Finding): { lineNumber: number; ruleId: string | null; column: number | null; text: string } {
  const match = /^([a-z0-9/-]+): ([\s\S]*?)(?: \(column (\d+)\))?$/.exec(finding.message ?? '');
  if (!match) return { lineNumber: finding.lineNumber, ruleId: null, column: null, text: finding.message ?? '' };
  return { lineNumber: finding.lineNumber, ruleId: match[1]!, column: match[3] ? Number(match[3]) : null, text: match[2]! };
}

/** html-validate's rules link to their documentation; the WHATWG parse errors to the standard's list. */
function RuleLink({ ruleId }: { ruleId: string }) {
  const href = ruleId === 'html-parse-error'
    ? 'https://html.spec.whatwg.org/multipage/parsing.html#parse-errors'
    : `https://html-validate.org/rules/${ruleId}.html`;
  return <a class="rule-id" href={href} target="_blank" rel="noreferrer noopener" data-testid="finding-rule">{ruleId}</a>;
}

function FeatureGaps({ overview, gaps }: { overview: Overview; gaps: Gaps }) {
  return (
    <li class="feature">
      <details open>
        <summary>
          <strong>{overview.title ?? overview.feature}</strong>{' '}
          <span class="sub">{gaps.none.length > 0 ? 'not supported by some clients' : 'partial support'}</span>
        </summary>
        {gaps.none.length > 0 && <ClientGroup heading="Not supported" lines={gaps.none} />}
        {gaps.partial.length > 0 && <ClientGroup heading="Partial" lines={gaps.partial} />}
        {gaps.notes.length > 0 && (
          <ul class="notes">
            {gaps.notes.map((n) => <li key={n.note}>{n.note} <span class="sub">({n.clients.join(', ')})</span></li>)}
          </ul>
        )}
        <a class="hint" href={`https://www.caniemail.com/features/${encodeURIComponent(overview.feature)}/`} target="_blank" rel="noreferrer noopener">
          {overview.feature} on caniemail.com
        </a>
      </details>
    </li>
  );
}

function ClientGroup({ heading, lines }: { heading: string; lines: string[] }) {
  return (
    <div class="client-group">
      <span class="tag">{heading}</span>
      <ul>{lines.map((line) => <li key={line}>{line}</li>)}</ul>
    </div>
  );
}

function labeller(names: SupportResult['names']) {
  const family = new Map(names.family.map((n) => [n.slug, n.name]));
  const platform = new Map(names.platform.map((n) => [n.slug, n.name]));
  return { family: (s: string) => family.get(s) ?? s, platform: (s: string) => platform.get(s) ?? s };
}

function gapsOf(overview: Overview, label: ReturnType<typeof labeller>): Gaps {
  const byStatus = { NOT_SUPPORTED: new Map<string, string[]>(), PARTIAL: new Map<string, string[]>() };
  const notes = new Map<string, string[]>();
  for (const family of overview.featureStatistics ?? []) {
    for (const { platform, versions } of family.platforms) {
      const flags = versions[0]?.supportFlags;
      if (!flags || flags.status === 'SUPPORTED' || flags.status === 'UNKNOWN') continue;
      const group = byStatus[flags.status];
      group.set(family.family, [...(group.get(family.family) ?? []), label.platform(platform)]);
      const client = `${label.family(family.family)} ${label.platform(platform)}`;
      for (const note of flags.notes ?? []) notes.set(note, [...(notes.get(note) ?? []), client]);
    }
  }
  const lines = (group: Map<string, string[]>) => [...group].map(([family, platforms]) => `${label.family(family)}: ${platforms.join(', ')}`);
  return {
    none: lines(byStatus.NOT_SUPPORTED),
    partial: lines(byStatus.PARTIAL),
    notes: [...notes].map(([note, clients]) => ({ note, clients })),
  };
}
