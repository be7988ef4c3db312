import { useState } from 'preact/hooks';
import { api } from '../api';
import type { Inbox } from '../types';
import { useAction } from '../ui';

export function CreateInboxForm({ onCreated, onCancel }: { onCreated: (inbox: Inbox) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [prefix, setPrefix] = useState('');
  const [tags, setTags] = useState('');
  const [expiresInMinutes, setExpiresInMinutes] = useState('');
  const [favourite, setFavourite] = useState(false);
  const [virtualInbox, setVirtualInbox] = useState(false);
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const minutes = Number(expiresInMinutes);
    void action.run(async () => {
      const inbox = await api.post<Inbox>('/inboxes/withOptions', {
        name: name || undefined,
        prefix: prefix || undefined,
        tags: tags ? tags.split(',').map((t) => t.trim()).filter(Boolean) : undefined,
        expiresIn: expiresInMinutes && minutes > 0 ? minutes * 60_000 : undefined,
        favourite,
        virtualInbox,
      });
      onCreated(inbox);
    }, 'Inbox created');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New inbox">
      <label>Name<input value={name} onInput={(e) => setName(e.currentTarget.value)} placeholder="Sign-up tests" /></label>
      <label>Address prefix<input value={prefix} onInput={(e) => setPrefix(e.currentTarget.value)} placeholder="optional" /></label>
      <label>Tags<input value={tags} onInput={(e) => setTags(e.currentTarget.value)} placeholder="comma, separated" /></label>
      <label>Expires in (minutes)<input type="number" min="1" inputMode="numeric" value={expiresInMinutes} onInput={(e) => setExpiresInMinutes(e.currentTarget.value)} placeholder="never" /></label>
      <label class="check"><input type="checkbox" checked={favourite} onChange={(e) => setFavourite(e.currentTarget.checked)} /> Favourite</label>
      <label class="check"><input type="checkbox" checked={virtualInbox} onChange={(e) => setVirtualInbox(e.currentTarget.checked)} /> Virtual (sent mail is never delivered)</label>
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Create inbox</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
