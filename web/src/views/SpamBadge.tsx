import { api, ApiError } from '../api';
import { useAsync } from '../ui';

interface Score { score: number; threshold: number; spam: boolean }

/**
 * SpamAssassin's score of the email (GET /emails/{id}/spam-score), coloured when at or over the
 * threshold. Without spamd on the server (503) the badge says the check is off: never a number
 * nobody measured.
 */
export function SpamBadge({ emailId }: { emailId: string }) {
  const score = useAsync(async () => {
    try {
      return await api.get<Score>(`/emails/${emailId}/spam-score`);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 503 || err.status === 413)) return null;
      throw err;
    }
  }, [emailId]);
  if (score.loading && !score.data) return null;
  if (score.error) return null;
  if (score.data === null || score.data === undefined) {
    return <span class="badge spam-badge spam-off" title="No spamd on the server: install the Debian package spamassassin">spam check off</span>;
  }
  const { score: value, threshold, spam } = score.data;
  return (
    <span class={`badge spam-badge ${spam ? 'spam-high' : 'spam-ok'}`} title={`SpamAssassin score ${value}; recorded as spam at ${threshold}`}>
      spam score {value} / {threshold}
    </span>
  );
}
