import { api } from '../api';
import { Empty, ErrorBox, Loading, useAsync } from '../ui';

interface Issue { url: string; responseStatus?: number | null; severity: 'Warning' | 'Error'; message: string }
interface CheckResults { hasIssues: boolean; linkIssues: Issue[]; imageIssues: Issue[] }
interface Row { kind: 'Link' | 'Image'; url: string; status: string; note: string; severity: 'ok' | 'Warning' | 'Error' | 'skipped' }

/**
 * The link check tab: checkEmailBody fetches every link and image from the server (through the
 * same private-address guard as webhooks) and reports the broken ones; links it does not list
 * were fetched and answered fine, except those it never fetches (mailto:, anchors).
 */
export function LinkCheck({ emailId }: { emailId: string }) {
  const check = useAsync(async () => {
    const [results, links] = await Promise.all([
      api.post<CheckResults>(`/emails/${emailId}/check-email-body`),
      api.get<{ links: string[] }>(`/emails/${emailId}/links`),
    ]);
    return rowsOf(results, links.links);
  }, [emailId]);
  if (check.error) return <ErrorBox error={check.error} retry={check.reload} />;
  if (!check.data) return <Loading />;
  return (
    <div class="link-check">
      <div class="filters">
        <button type="button" onClick={check.reload} disabled={check.loading}>Check again</button>
      </div>
      {check.data.length === 0 ? <Empty>No links or images in this email.</Empty> : (
        <div class="table-wrap">
          <table>
            <thead><tr><th scope="col">Kind</th><th scope="col">URL</th><th scope="col">Status</th><th scope="col">Note</th></tr></thead>
            <tbody>
              {check.data.map((row, i) => (
                <tr key={i} class={`check-${row.severity.toLowerCase()}`}>
                  <td>{row.kind}</td>
                  <td class="mono">{row.url}</td>
                  <td>{row.status}</td>
                  <td>{row.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function rowsOf(results: CheckResults, links: string[]): Row[] {
  const issue = (kind: Row['kind']) => (i: Issue): Row => ({
    kind, url: i.url, status: i.responseStatus ? String(i.responseStatus) : '—', note: i.message, severity: i.severity,
  });
  const rows = [...results.linkIssues.map(issue('Link')), ...results.imageIssues.map(issue('Image'))];
  const listed = new Set(rows.map((r) => r.url));
  for (const link of new Set(links)) {
    if (listed.has(link)) continue;
    const fetched = /^(https?:|www\.)/i.test(link);
    rows.push({ kind: 'Link', url: link, status: fetched ? 'OK' : '—', note: fetched ? 'answered 2xx' : 'not fetched (not a web link)', severity: fetched ? 'ok' : 'skipped' });
  }
  return rows;
}
