import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { mailSrcdoc, escapeHtml, inlineBaseOf, inlineImages } from '../mail-frame';
import { href, navigate } from '../router';
import type { AttachmentMeta, Email } from '../types';
import { CopyButton, Empty, ErrorBox, Loading, formatBytes, formatTime, messageOf, saveBlob, toast, useAction, useAsync } from '../ui';
import { Compose } from './Compose';
import { HtmlCheck } from './HtmlCheck';
import { LinkCheck } from './LinkCheck';
import { AuditTab } from './AuditTab';
import { PreviewTab } from './PreviewTab';
import { SpamBadge } from './SpamBadge';

type Tab = 'html' | 'text' | 'raw' | 'headers' | 'links' | 'check' | 'preview' | 'audit';
const WIDTHS = [['phone', 375], ['tablet', 768], ['desktop', 0]] as const;

export function EmailView({ emailId, mode }: { emailId: string; mode?: string }) {
  // GET /emails/{id} marks the email read, as the API documents.
  const email = useAsync(() => api.get<Email>(`/emails/${emailId}`), [emailId]);
  const [tab, setTab] = useState<Tab>('html');
  const action = useAction();
  useEffect(() => {
    if (email.data && !email.data.isHTML) setTab('text');
  }, [email.data?.id]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.target as HTMLElement).closest('input, textarea, select')) return;
      if (event.key === 'Escape' && email.data) navigate('inboxes', email.data.inboxId);
      if (event.key === 'r' && !mode && email.data) navigate('emails', emailId, 'reply');
      if (event.key === 'f' && !mode && email.data) navigate('emails', emailId, 'forward');
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [email.data, mode]);

  if (email.error) return <ErrorBox error={email.error} retry={email.reload} />;
  if (!email.data) return <Loading />;
  const data = email.data;
  const remove = () =>
    action.run(async () => {
      await api.del(`/emails/${emailId}`);
      navigate('inboxes', data.inboxId);
    }, 'Email deleted');

  return (
    <article aria-labelledby="email-subject">
      <p class="crumbs"><a href={href('inboxes', data.inboxId)}>Inbox</a> /</p>
      <div class="view-head">
        <h1 id="email-subject" class="grow">{data.subject || '(no subject)'}</h1>
        <div class="actions">
          <a class="button" href={href('emails', emailId, 'reply')}>Reply</a>
          <a class="button" href={href('emails', emailId, 'forward')}>Forward</a>
          <button type="button" onClick={() => void action.run(async () => {
            await api.patch(`/emails/${emailId}/read`, undefined, { read: false });
            navigate('inboxes', data.inboxId);
          }, 'Marked unread')}>Mark unread</button>
          <button type="button" class="danger" onClick={() => void remove()}>Delete</button>
        </div>
      </div>
      <dl class="envelope">
        <dt>From</dt><dd>{data.from}</dd>
        <dt>To</dt><dd>{(data.to ?? []).join(', ')}</dd>
        {(data.cc?.length ?? 0) > 0 && <><dt>Cc</dt><dd>{data.cc!.join(', ')}</dd></>}
        <dt>Date</dt><dd><time dateTime={data.createdAt}>{formatTime(data.createdAt)}</time></dd>
        <dt>Spam</dt><dd><SpamBadge emailId={emailId} /></dd>
      </dl>
      {mode === 'reply' || mode === 'forward' ? (
        <div class="panel">
          <h2>{mode === 'reply' ? 'Reply' : 'Forward'}</h2>
          <Compose email={data} mode={mode} onDone={() => navigate('emails', emailId)} />
        </div>
      ) : null}
      <Extracted emailId={emailId} />
      <Attachments emailId={emailId} count={data.attachments?.length ?? 0} />
      <div class="tabs" role="tablist" aria-label="Email views">
        {(['html', 'text', 'raw', 'headers', 'links', 'check', 'preview', 'audit'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)}>
            {{ html: 'HTML', text: 'Text', raw: 'Source', headers: 'Headers', links: 'Link check', check: 'HTML check', preview: 'Preview', audit: 'Audit' }[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'html' && <HtmlBody email={data} />}
        {tab === 'text' && <TextBody emailId={emailId} />}
        {tab === 'raw' && <RawSource emailId={emailId} />}
        {tab === 'headers' && <Headers email={data} />}
        {tab === 'links' && <LinkCheck emailId={emailId} />}
        {tab === 'check' && <HtmlCheck emailId={emailId} />}
        {tab === 'preview' && <PreviewTab emailId={emailId} />}
        {tab === 'audit' && <AuditTab emailId={emailId} />}
      </div>
    </article>
  );
}

function HtmlBody({ email }: { email: Email }) {
  const [allowRemote, setAllowRemote] = useState(false);
  const [width, setWidth] = useState<number>(0);
  const hasCid = email.isHTML && /cid:/i.test(email.body ?? '');
  // A preview token for this email lets the sandboxed frame load its inline (cid:) images.
  const token = useAsync(async () => {
    if (!hasCid) return null;
    const urls = await api.get<{ plainHtmlBodyUrl: string }>(`/emails/${email.id}/urls`);
    return new URL(urls.plainHtmlBodyUrl, location.origin).searchParams.get('token');
  }, [email.id, hasCid]);
  const base = inlineBaseOf(location.origin, email.id);
  const body = email.body ?? '';
  const html = !email.isHTML
    ? `<pre style="white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace">${escapeHtml(body)}</pre>`
    : token.data ? inlineImages(body, base, token.data) : body;
  return (
    <div>
      <div class="filters">
        <div class="segmented" role="group" aria-label="Preview width">
          {WIDTHS.map(([name, px]) => (
            <button key={name} type="button" aria-pressed={width === px} onClick={() => setWidth(px)}>{name}</button>
          ))}
        </div>
        <label class="check">
          <input type="checkbox" checked={!allowRemote} onChange={(e) => setAllowRemote(!e.currentTarget.checked)} />
          Block remote content
        </label>
      </div>
      {/* With cid: images, the frame waits for the token: rendered once, images and all. */}
      {hasCid && token.loading && !token.error ? <Loading /> : <div class="frame-wrap">
        {/* No allow-scripts and no allow-same-origin: the mail cannot run code or reach this page. */}
        <iframe
          title="Email body"
          class="mail-frame"
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          referrerpolicy="no-referrer"
          srcdoc={mailSrcdoc(html, allowRemote, token.data ? base : undefined)}
          style={width ? { width: `${width}px` } : undefined}
        />
      </div>}
    </div>
  );
}

function TextBody({ emailId }: { emailId: string }) {
  const text = useAsync(() => api.get<{ lines: string[] }>(`/emails/${emailId}/textLines`, { decodeHtmlEntities: true }), [emailId]);
  if (text.error) return <ErrorBox error={text.error} retry={text.reload} />;
  if (!text.data) return <Loading />;
  return <pre class="plain">{text.data.lines.join('\n')}</pre>;
}

function RawSource({ emailId }: { emailId: string }) {
  const raw = useAsync(() => api.text(`/emails/${emailId}/raw`), [emailId]);
  if (raw.error) return <ErrorBox error={raw.error} retry={raw.reload} />;
  if (raw.data === undefined) return <Loading />;
  return (
    <div>
      <div class="filters"><CopyButton text={raw.data} label="Copy source" /></div>
      <pre class="plain raw">{raw.data}</pre>
    </div>
  );
}

function Headers({ email }: { email: Email }) {
  const rows = Object.entries(email.headersMap ?? {}).flatMap(([name, values]) => values.map((value) => [name, value] as const));
  if (rows.length === 0) return <Empty>No headers recorded.</Empty>;
  return (
    <div class="table-wrap">
      <table class="headers">
        <thead><tr><th scope="col">Header</th><th scope="col">Value</th></tr></thead>
        <tbody>{rows.map(([name, value], i) => <tr key={i}><th scope="row">{name}</th><td>{value}</td></tr>)}</tbody>
      </table>
    </div>
  );
}

function Attachments({ emailId, count }: { emailId: string; count: number }) {
  const list = useAsync(() => (count ? api.get<AttachmentMeta[]>(`/emails/${emailId}/attachments`) : Promise.resolve([])), [emailId, count]);
  if (!count) return null;
  const download = async (attachment: AttachmentMeta) => {
    try {
      // Fetched with the key, then saved from a blob: a plain link could not send x-api-key.
      saveBlob(await api.blob(`/emails/${emailId}/attachments/${attachment.id}`), attachment.name || 'attachment');
    } catch (err) {
      toast(messageOf(err), true);
    }
  };
  return (
    <section class="panel" aria-labelledby="attachments-title">
      <h2 id="attachments-title">Attachments</h2>
      {list.error && <ErrorBox error={list.error} retry={list.reload} />}
      <ul class="chips">
        {list.data?.map((a) => (
          <li key={a.id}>
            <button type="button" onClick={() => void download(a)} aria-label={`Download ${a.name}`}>
              ⬇ {a.name || a.id} <span class="sub">{a.contentType}, {formatBytes(a.contentLength)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Extracted({ emailId }: { emailId: string }) {
  const links = useAsync(() => api.get<{ links: string[] }>(`/emails/${emailId}/links`), [emailId]);
  const codes = useAsync(
    () => api.post<{ candidates: { code: string; confidence: number }[] }>(`/emails/${emailId}/codes`, { maxCandidates: 3 }),
    [emailId],
  );
  const linkList = links.data?.links ?? [];
  const codeList = codes.data?.candidates ?? [];
  if (linkList.length === 0 && codeList.length === 0) return null;
  return (
    <section class="panel extracted" aria-label="Links and codes">
      {codeList.length > 0 && (
        <div>
          <h2>Codes</h2>
          <ul class="chips">
            {codeList.map((c) => (
              <li key={c.code}><code class="code">{c.code}</code> <CopyButton text={c.code} label="Copy code" /></li>
            ))}
          </ul>
        </div>
      )}
      {linkList.length > 0 && (
        <div>
          <h2>Links</h2>
          <ul class="links">
            {linkList.slice(0, 20).map((link) => (
              <li key={link}>
                {/^(https?|mailto):/i.test(link)
                  ? <a href={link} target="_blank" rel="noopener noreferrer" class="mono">{link}</a>
                  : <span class="mono">{link}</span>}{' '}
                <CopyButton text={link} label="Copy link" />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
