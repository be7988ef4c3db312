import { useState } from 'preact/hooks';
import './mail/mail.css';
import { api } from '../api';
import type { Inbox } from '../types';
import { useAction } from '../ui';

/** Tags as typed: split on commas, trimmed, empty and repeated ones dropped. */
export const parseTags = (text: string) => [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];

/** An inbox's tags, edited in place (updateInbox with tags); the sidebar and lists filter by them. */
export function InboxTags({ inboxId, tags, onSaved }: { inboxId: string; tags: string[]; onSaved: (tags: string[]) => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const action = useAction();
  if (!editing) {
    return (
      <span class="inbox-tags">
        {tags.map((t) => <span key={t} class="tag">{t}</span>)}
        <button type="button" class="small" onClick={() => { setText(tags.join(', ')); setEditing(true); }}>
          {tags.length ? 'Edit tags' : 'Add tags'}
        </button>
      </span>
    );
  }
  const save = (event: Event) => {
    event.preventDefault();
    const next = parseTags(text);
    void action.run(async () => {
      const saved = await api.patch<Inbox>(`/inboxes/${encodeURIComponent(inboxId)}`, { tags: next });
      onSaved(saved?.tags ?? next);
      setEditing(false);
    }, 'Tags saved');
  };
  return (
    <form class="inbox-tags" onSubmit={save}>
      <label>
        <span class="visually-hidden">Inbox tags, separated by commas</span>
        <input value={text} onInput={(e) => setText(e.currentTarget.value)} placeholder="signup, staging" autoFocus maxLength={500} />
      </label>
      <button type="submit" class="small primary" disabled={action.busy}>Save tags</button>
      <button type="button" class="small" onClick={() => setEditing(false)}>Cancel</button>
    </form>
  );
}
