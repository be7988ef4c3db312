import { useState } from 'preact/hooks';
import { api } from '../api';
import { WEBHOOK_EVENTS, type Webhook } from '../types';
import { ErrorBox, Loading, useAction, useAsync } from '../ui';

interface WebhookDetail extends Webhook {
  requestHeaders?: { headers: { name: string; value: string }[] } | null;
}

/** "Name: value" lines, one header each; blank lines are skipped. Null for a line without a colon. */
export function parseHeaderLines(text: string): { name: string; value: string }[] | null {
  const headers: { name: string; value: string }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return headers;
}

/**
 * Edits a webhook's URL, name, event and extra headers with updateWebhook (PATCH
 * /webhooks/{id}); the options the form does not show (basic auth, body template, tags, ...)
 * are left out of the request, which keeps them as they are.
 */
export function WebhookEditForm({ webhookId, onDone }: { webhookId: string; onDone: (changed: boolean) => void }) {
  const current = useAsync(() => api.get<WebhookDetail>(`/webhooks/${webhookId}`), [webhookId]);
  if (current.error) return <ErrorBox error={current.error} retry={current.reload} />;
  if (!current.data) return <Loading />;
  return <Fields hook={current.data} onDone={onDone} />;
}

function Fields({ hook, onDone }: { hook: WebhookDetail; onDone: (changed: boolean) => void }) {
  const [url, setUrl] = useState(hook.url);
  const [name, setName] = useState(hook.name ?? '');
  const [eventName, setEventName] = useState(hook.eventName ?? 'EMAIL_RECEIVED');
  const [headers, setHeaders] = useState((hook.requestHeaders?.headers ?? []).map((h) => `${h.name}: ${h.value}`).join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const parsed = parseHeaderLines(headers);
    if (!parsed) {
      setProblem('Write one header per line as "Name: value"');
      return;
    }
    setProblem(null);
    void action.run(async () => {
      await api.patch(`/webhooks/${hook.id}`, { url, name: name || null, eventName, includeHeaders: { headers: parsed } });
      onDone(true);
    }, 'Webhook saved');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="Edit webhook">
      <label class="wide">URL<input type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} /></label>
      <label>Name<input value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
      <label>Event
        <select value={eventName} onChange={(e) => setEventName(e.currentTarget.value)}>
          {WEBHOOK_EVENTS.map((e) => <option key={e} value={e}>{e}</option>)}
        </select>
      </label>
      <label class="wide">Headers (one per line, Name: value)
        <textarea rows={3} value={headers} onInput={(e) => setHeaders(e.currentTarget.value)} placeholder="X-Token: secret" />
      </label>
      {problem && <p class="status failed wide" role="alert">{problem}</p>}
      <div class="form-actions wide">
        <button type="submit" class="primary" disabled={action.busy}>Save webhook</button>
        <button type="button" onClick={() => onDone(false)}>Cancel</button>
      </div>
    </form>
  );
}
