import { api } from '../api';
import { escapeHtml, mailSrcdoc } from '../mail-frame';
import { href } from '../router';
import type { DeliveryStatus, Page } from '../types';
import { Empty, ErrorBox, Loading, formatBytes, formatTime, messageOf, saveBlob, toast, useAsync } from '../ui';

interface SentDetail {
  id: string;
  inboxId: string;
  from?: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject?: string | null;
  isHTML: boolean;
  sentAt: string;
  virtualSend: boolean;
  messageId?: string | null;
  headers: Record<string, string>;
  attachments: string[];
}

interface AttachmentInfo { id: string; name?: string | null; contentType?: string | null; contentLength?: number | null }

/**
 * One sent email: envelope, body (in the same script-less sandboxed frame as received mail,
 * remote content blocked), each recipient's delivery status, headers and attachments.
 */
export function SentView({ sentId }: { sentId: string }) {
  const sent = useAsync(() => api.get<SentDetail>(`/sent/${sentId}`), [sentId]);
  const body = useAsync(() => api.text(`/sent/${sentId}/html`), [sentId]);
  const statuses = useAsync(() => api.get<Page<DeliveryStatus>>(`/sent/${sentId}/delivery-status`, { size: 100, sort: 'ASC' }), [sentId]);
  if (sent.error) return <ErrorBox error={sent.error} retry={sent.reload} />;
  if (!sent.data) return <Loading />;
  const data = sent.data;
  const html = body.data === undefined ? null
    : data.isHTML ? body.data : `<pre style="white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace">${escapeHtml(body.data)}</pre>`;
  return (
    <article aria-labelledby="sent-subject">
      <p class="crumbs"><a href={href('inboxes', data.inboxId, 'sent')}>Sent</a> /</p>
      <div class="view-head"><h1 id="sent-subject" class="grow">{data.subject || '(no subject)'}</h1></div>
      <dl class="envelope">
        <dt>From</dt><dd>{data.from ?? ''}</dd>
        <dt>To</dt><dd>{data.to.join(', ')}</dd>
        {data.cc.length > 0 && <><dt>Cc</dt><dd>{data.cc.join(', ')}</dd></>}
        {data.bcc.length > 0 && <><dt>Bcc</dt><dd>{data.bcc.join(', ')}</dd></>}
        {data.messageId && <><dt>Message-ID</dt><dd class="mono">{data.messageId}</dd></>}
        <dt>Sent</dt><dd><time dateTime={data.sentAt}>{formatTime(data.sentAt)}</time>{data.virtualSend && <span class="tag">virtual</span>}</dd>
      </dl>
      <section class="panel" aria-labelledby="delivery-title">
        <h2 id="delivery-title">Delivery status</h2>
        {statuses.error && <ErrorBox error={statuses.error} retry={statuses.reload} />}
        {statuses.data && statuses.data.content.length === 0 && <Empty>No delivery status yet.</Empty>}
        <ul class="statuses" aria-label="Delivery status">
          {statuses.data?.content.map((s) => (
            <li key={s.id} class={`status ${(s.smtpStatusCode ?? 0) >= 500 ? 'failed' : (s.smtpStatusCode ?? 0) >= 400 ? 'pending' : 'ok'}`}>
              <span class="mono">{(s.recipients ?? []).join(', ')}</span>: {s.smtpStatusCode ?? '—'} {s.smtpResponse ?? ''}
            </li>
          ))}
        </ul>
      </section>
      <SentAttachments ids={data.attachments} />
      <section aria-label="Body">
        {body.error && <ErrorBox error={body.error} retry={body.reload} />}
        {html === null ? (!body.error && <Loading />) : (
          <div class="frame-wrap">
            {/* The same sandbox as received mail: no scripts, no same-origin access, remote content blocked. */}
            <iframe title="Sent email body" class="mail-frame" sandbox="allow-popups allow-popups-to-escape-sandbox"
              referrerpolicy="no-referrer" srcdoc={mailSrcdoc(html, false)} />
          </div>
        )}
      </section>
      <SentHeaders headers={data.headers} />
    </article>
  );
}

function SentAttachments({ ids }: { ids: string[] }) {
  const list = useAsync(() => Promise.all(ids.map((id) => api.get<AttachmentInfo>(`/attachments/${id}/metadata`))), [ids.join(',')]);
  if (ids.length === 0) return null;
  const download = async (a: AttachmentInfo) => {
    try {
      saveBlob(await api.blob(`/attachments/${a.id}/bytes`), a.name || 'attachment');
    } catch (err) {
      toast(messageOf(err), true);
    }
  };
  return (
    <section class="panel" aria-labelledby="sent-attachments-title">
      <h2 id="sent-attachments-title">Attachments</h2>
      {list.error && <ErrorBox error={list.error} retry={list.reload} />}
      <ul class="chips">
        {list.data?.map((a) => (
          <li key={a.id}>
            <button type="button" onClick={() => void download(a)} aria-label={`Download ${a.name ?? a.id}`}>
              ⬇ {a.name || a.id} <span class="sub">{a.contentType ?? ''}{a.contentLength != null ? `, ${formatBytes(a.contentLength)}` : ''}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SentHeaders({ headers }: { headers: Record<string, string> }) {
  const rows = Object.entries(headers ?? {});
  if (rows.length === 0) return null;
  return (
    <section class="panel" aria-labelledby="sent-headers-title">
      <h2 id="sent-headers-title">Custom headers</h2>
      <div class="table-wrap">
        <table class="headers">
          <thead><tr><th scope="col">Header</th><th scope="col">Value</th></tr></thead>
          <tbody>{rows.map(([name, value]) => <tr key={name}><th scope="row">{name}</th><td>{value}</td></tr>)}</tbody>
        </table>
      </div>
    </section>
  );
}
