import { useState } from 'preact/hooks';
import { api } from '../api';
import { useLiveEvents } from '../live';
import { href } from '../router';
import type { DeliveryStatus, Page, SentEmail } from '../types';
import { Empty, ErrorBox, Loading, Pager, formatTime, relativeTime, useAsync } from '../ui';

const PAGE_SIZE = 20;

/** 2xx and the local/captured outcomes read as delivered; 4xx/5xx as failed. */
function statusClass(status: DeliveryStatus): string {
  const code = status.smtpStatusCode ?? 0;
  if (code >= 500) return 'failed';
  if (code >= 400) return 'pending';
  return 'ok';
}

export function SentList({ inboxId }: { inboxId: string }) {
  const [page, setPage] = useState(0);
  const sent = useAsync(() => api.get<Page<SentEmail>>(`/inboxes/${inboxId}/sent`, { page, size: PAGE_SIZE, sort: 'DESC' }), [inboxId, page]);
  const statuses = useAsync(async () => {
    const found = await api.get<Page<DeliveryStatus>>(`/inboxes/${inboxId}/delivery-status`, { size: 100, sort: 'DESC' });
    const bySent: Record<string, DeliveryStatus[]> = {};
    for (const s of found.content) if (s.sentId) (bySent[s.sentId] ??= []).push(s);
    return bySent;
  }, [inboxId]);

  useLiveEvents((event) => {
    if (event.payload.inboxId !== inboxId) return;
    if (event.name === 'email.sent') sent.reload();
    if (event.name === 'delivery-status.created') statuses.reload();
  });

  if (sent.error) return <ErrorBox error={sent.error} retry={sent.reload} />;
  if (!sent.data) return <Loading />;
  if (sent.data.content.length === 0) return <Empty>Nothing sent from this inbox yet. Use Compose, or reply to an email.</Empty>;
  return (
    <div>
      <ul class="rows" aria-label="Sent emails">
        {sent.data.content.map((mail) => (
          <li key={mail.id} class="row" data-sent-id={mail.id}>
            <div class="row-main">
              <a class="title" href={href('sent', mail.id)}>{mail.subject || '(no subject)'}</a>
              <span class="sub">to {(mail.to ?? []).join(', ')}</span>
              <span class="meta">
                <time dateTime={mail.createdAt} title={formatTime(mail.createdAt)}>{relativeTime(mail.createdAt)}</time>
                {mail.virtualSend && <span class="tag">virtual</span>}
              </span>
              <ul class="statuses" aria-label="Delivery status">
                {(statuses.data?.[mail.id] ?? []).map((s) => (
                  <li key={s.id} class={`status ${statusClass(s)}`}>
                    <span class="mono">{(s.recipients ?? []).join(', ')}</span>: {s.smtpStatusCode ?? '—'} {s.smtpResponse ?? ''}
                  </li>
                ))}
                {statuses.data && !statuses.data[mail.id] && <li class="status pending">waiting for delivery status…</li>}
              </ul>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={sent.data.totalPages} onPage={setPage} />
    </div>
  );
}
