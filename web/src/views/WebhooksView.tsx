import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { href } from '../router';
import { WEBHOOK_EVENTS, type Page, type Webhook, type WebhookResult, type WebhookTestResult } from '../types';
import { Empty, ErrorBox, Loading, formatTime, relativeTime, useAction, useAsync } from '../ui';
import { WebhookEditForm } from './WebhookEditForm';

/** Webhook results have no live event, so an open results list is refreshed on this period. */
const RESULTS_REFRESH_MS = 3000;

export function WebhooksView() {
  return (
    <section aria-labelledby="webhooks-title">
      <div class="view-head"><h1 id="webhooks-title" class="grow">Webhooks</h1></div>
      <p class="sub">Account webhooks fire for every inbox; inbox webhooks are listed here too and created from an inbox's Webhooks tab.</p>
      <WebhookPanel />
    </section>
  );
}

/** The webhooks of one inbox, or with no inboxId every webhook of the account. */
export function WebhookPanel({ inboxId }: { inboxId?: string }) {
  const hooks = useAsync(
    () => inboxId
      ? api.get<Page<Webhook>>(`/inboxes/${inboxId}/webhooks/paginated`, { size: 50, sort: 'DESC' })
      : api.get<Page<Webhook>>('/webhooks/paginated', { size: 50, sort: 'DESC' }),
    [inboxId],
  );
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <div class="filters">
        <button type="button" class="primary" onClick={() => setCreating(!creating)} aria-expanded={creating}>
          {inboxId ? 'New inbox webhook' : 'New account webhook'}
        </button>
      </div>
      {creating && <CreateWebhookForm inboxId={inboxId} onDone={() => { setCreating(false); hooks.reload(); }} />}
      {hooks.error && <ErrorBox error={hooks.error} retry={hooks.reload} />}
      {!hooks.data && hooks.loading && <Loading />}
      {hooks.data && hooks.data.content.length === 0 && <Empty>No webhooks. A webhook POSTs a JSON payload to your URL when its event happens.</Empty>}
      <ul class="rows" aria-label="Webhooks">
        {hooks.data?.content.map((hook) => <WebhookRow key={hook.id} hook={hook} showInbox={!inboxId} onDeleted={hooks.reload} onChanged={hooks.reload} />)}
      </ul>
    </div>
  );
}

function CreateWebhookForm({ inboxId, onDone }: { inboxId?: string; onDone: () => void }) {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [eventName, setEventName] = useState<string>('EMAIL_RECEIVED');
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      const body = { url, name: name || undefined, eventName };
      await api.post(inboxId ? `/inboxes/${inboxId}/webhooks` : '/webhooks', body);
      onDone();
    }, 'Webhook created');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New webhook">
      <label class="wide">URL<input type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} placeholder="https://example.com/hooks/mail" /></label>
      <label>Name<input value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
      <label>Event
        <select value={eventName} onChange={(e) => setEventName(e.currentTarget.value)}>
          {WEBHOOK_EVENTS.map((e) => <option key={e} value={e}>{e}</option>)}
        </select>
      </label>
      <div class="form-actions wide">
        <button type="submit" class="primary" disabled={action.busy}>Create webhook</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function WebhookRow({ hook, showInbox, onDeleted, onChanged }: { hook: Webhook; showInbox: boolean; onDeleted: () => void; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [test, setTest] = useState<WebhookTestResult | null>(null);
  const action = useAction();
  const remove = () => {
    if (!confirm(`Delete the webhook to ${hook.url}?`)) return;
    void action.run(async () => {
      await api.del(`/webhooks/${hook.id}`);
      onDeleted();
    }, 'Webhook deleted');
  };
  return (
    <li class="row column" data-webhook-id={hook.id}>
      <div class="row-line">
        <div class="row-main">
          <span class="title">{hook.name || hook.url}</span>
          <span class="sub mono">{hook.url}</span>
          <span class="meta">
            <span class="tag">{hook.eventName ?? 'EMAIL_RECEIVED'}</span>
            {hook.healthStatus && <span class={`tag ${hook.healthStatus === 'HEALTHY' ? 'ok' : 'failed'}`}>{hook.healthStatus.toLowerCase()}</span>}
            {showInbox && hook.inboxId && <a href={href('inboxes', hook.inboxId, 'webhooks')}>inbox</a>}
            {showInbox && !hook.inboxId && <span class="tag">account</span>}
          </span>
        </div>
        <span class="row-actions">
          <button type="button" class="small" aria-expanded={editing} onClick={() => setEditing(!editing)} aria-label={`Edit webhook ${hook.name ?? hook.url}`}>Edit</button>
          <button type="button" class="small" aria-expanded={open} onClick={() => setOpen(!open)}>Results</button>
          <button type="button" class="small" disabled={action.busy}
            onClick={() => void action.run(async () => setTest(await api.post<WebhookTestResult>(`/webhooks/${hook.id}/test`)))}>
            Send test
          </button>
          <button type="button" class="small danger" onClick={remove} aria-label={`Delete webhook ${hook.name ?? hook.url}`}>Delete</button>
        </span>
      </div>
      {test && (
        <p class={`status ${test.response.statusCode && test.response.statusCode < 300 ? 'ok' : 'failed'}`} role="status">
          Test: HTTP {test.response.statusCode ?? '—'} {test.response.message ?? test.message ?? ''}
        </p>
      )}
      {editing && <WebhookEditForm webhookId={hook.id} onDone={(changed) => { setEditing(false); if (changed) onChanged(); }} />}
      {open && <WebhookResults webhookId={hook.id} />}
    </li>
  );
}

function WebhookResults({ webhookId }: { webhookId: string }) {
  const results = useAsync(() => api.get<Page<WebhookResult>>(`/webhooks/${webhookId}/results`, { size: 10, sort: 'DESC' }), [webhookId]);
  const action = useAction();
  useEffect(() => {
    const timer = setInterval(results.reload, RESULTS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [results.reload]);
  if (results.error) return <ErrorBox error={results.error} retry={results.reload} />;
  if (!results.data) return <Loading />;
  if (results.data.content.length === 0) return <Empty>No deliveries yet.</Empty>;
  return (
    <div class="table-wrap">
      <table class="results" aria-label="Recent webhook results">
        <thead>
          <tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Response</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          {results.data.content.map((r) => (
            <tr key={r.id ?? r.createdAt} data-result-status={r.responseStatus ?? ''}>
              <td><time dateTime={r.createdAt} title={formatTime(r.createdAt)}>{relativeTime(r.createdAt)}</time></td>
              <td>{r.webhookEvent}</td>
              <td class={r.resultType === 'SUCCESS' ? 'ok' : 'failed'}>{r.responseStatus ?? '—'} <span class="sub">{r.resultType?.toLowerCase()} · {r.responseTimeMillis} ms</span></td>
              <td class="mono clip">{r.responseBodyExtract ?? ''}</td>
              <td>
                {r.id && (
                  <button type="button" class="small" disabled={action.busy}
                    onClick={() => void action.run(async () => { await api.post(`/webhooks/results/${r.id}/redrive`); results.reload(); }, 'Redriven')}>
                    Redrive
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
