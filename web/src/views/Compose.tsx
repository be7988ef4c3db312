import { useState } from 'preact/hooks';
import { api } from '../api';
import { navigate } from '../router';
import type { Email, Inbox } from '../types';
import { useAction } from '../ui';

const addresses = (text: string) => text.split(/[,;\s]+/).map((a) => a.trim()).filter(Boolean);

async function uploadFiles(files: File[]): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const uploaded = await api.post<string[]>('/attachments', {
      base64Contents: btoa(binary), filename: file.name, contentType: file.type || 'application/octet-stream',
    });
    ids.push(...uploaded);
  }
  return ids;
}

/**
 * New mail from an inbox (POST /inboxes/{id}), a reply (PUT /emails/{id}) or a forward
 * (POST /emails/{id}/forward). The receipt lands in the inbox's Sent tab with its delivery status.
 */
export function Compose(props: { inbox: Inbox } | { email: Email; mode: 'reply' | 'forward'; onDone: () => void }) {
  const replying = 'email' in props && props.mode === 'reply';
  const forwarding = 'email' in props && props.mode === 'forward';
  const [to, setTo] = useState('');
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState(forwarding && 'email' in props ? `Fwd: ${props.email.subject ?? ''}` : '');
  const [body, setBody] = useState('');
  const [isHTML, setIsHTML] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const action = useAction();
  const inboxId = 'inbox' in props ? props.inbox.id : props.email.inboxId;

  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      if ('inbox' in props) {
        const attachments = files.length ? await uploadFiles(files) : undefined;
        await api.post(`/inboxes/${inboxId}`, { to: addresses(to), cc: cc ? addresses(cc) : undefined, subject, body, isHTML, attachments });
      } else if (replying) {
        const attachments = files.length ? await uploadFiles(files) : undefined;
        await api.put(`/emails/${props.email.id}`, { body, isHTML, attachments });
      } else {
        await api.post(`/emails/${props.email.id}/forward`, { to: addresses(to), cc: cc ? addresses(cc) : undefined, subject });
      }
      // The receipt and its delivery status are on the inbox's Sent tab.
      navigate('inboxes', inboxId, 'sent');
    }, replying ? 'Reply sent' : forwarding ? 'Forwarded' : 'Sent');
  };

  return (
    <form class="form-grid compose" onSubmit={submit} aria-label={replying ? 'Reply' : forwarding ? 'Forward' : 'Compose'}>
      {'inbox' in props && <p class="sub wide">From <span class="mono">{props.inbox.emailAddress}</span></p>}
      {replying && 'email' in props && <p class="sub wide">To <span class="mono">{props.email.replyTo || props.email.from}</span></p>}
      {!replying && (
        <>
          <label>To<input required value={to} onInput={(e) => setTo(e.currentTarget.value)} placeholder="someone@example.com, …" autoFocus /></label>
          <label>Cc<input value={cc} onInput={(e) => setCc(e.currentTarget.value)} /></label>
        </>
      )}
      {!replying && <label class="wide">Subject<input value={subject} onInput={(e) => setSubject(e.currentTarget.value)} /></label>}
      {!forwarding && (
        <>
          <label class="wide">
            Message
            <textarea rows={8} value={body} onInput={(e) => setBody(e.currentTarget.value)} required={replying} autoFocus={replying} />
          </label>
          <label class="check"><input type="checkbox" checked={isHTML} onChange={(e) => setIsHTML(e.currentTarget.checked)} /> Body is HTML</label>
          <label>Attachments<input type="file" multiple onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])} /></label>
        </>
      )}
      <div class="form-actions wide">
        <button type="submit" class="primary" disabled={action.busy}>{action.busy ? 'Sending…' : replying ? 'Send reply' : forwarding ? 'Forward' : 'Send'}</button>
        {'onDone' in props && <button type="button" onClick={props.onDone}>Cancel</button>}
      </div>
    </form>
  );
}
