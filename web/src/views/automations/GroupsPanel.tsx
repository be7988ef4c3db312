import { useState } from 'preact/hooks';
import { api, call } from '../../api';
import type { Contact, Group } from '../../automation-types';
import { Empty, ErrorBox, Loading, formatTime, relativeTime, useAction, useAsync } from '../../ui';
import { CreateToggle, DeleteButton, FormError, PagedRows, SelectField, contactName, useFormAction, usePaged } from './shared';

/** Groups of contacts; `onChanged` lets the contacts list refresh its group names. */
export function GroupsPanel({ onChanged }: { onChanged: () => void }) {
  const paged = usePaged<Group>('/groups/paginated');
  const [creating, setCreating] = useState(false);
  const changed = () => {
    paged.list.reload();
    onChanged();
  };
  return (
    <div>
      <h2 id="groups-title" class="section-title">Groups</h2>
      <CreateToggle label="New group" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <CreateGroupForm onDone={() => { setCreating(false); changed(); }} />}
      <PagedRows paged={paged} label="Groups" empty="No groups yet.">
        {(group) => <GroupRow key={group.id} group={group} onDeleted={changed} />}
      </PagedRows>
    </div>
  );
}

function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await api.post('/groups', { name, description: description || undefined });
      onDone();
    }, 'Group created');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New group" aria-describedby="group-error">
      <label>Group name<input required value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
      <label>Description<input value={description} onInput={(e) => setDescription(e.currentTarget.value)} /></label>
      <FormError id="group-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Create group</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function GroupRow({ group, onDeleted }: { group: Group; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li class="row column" data-id={group.id}>
      <div class="row-line">
        <div class="row-main">
          <span class="title">{group.name}</span>
          <span class="sub">{group.description ?? ''}</span>
          <span class="meta"><time dateTime={group.createdAt} title={formatTime(group.createdAt)}>{relativeTime(group.createdAt)}</time></span>
        </div>
        <span class="row-actions">
          <button type="button" class="small" aria-expanded={open} onClick={() => setOpen(!open)}>Members</button>
          <DeleteButton name={`group ${group.name}`} path={`/groups/${group.id}`} onDone={onDeleted} />
        </span>
      </div>
      {open && <GroupMembers group={group} />}
    </li>
  );
}

function GroupMembers({ group }: { group: Group }) {
  const members = useAsync(() => api.get<{ contacts: Contact[] }>(`/groups/${group.id}/contacts`), [group.id]);
  const contacts = useAsync(() => api.get<Contact[]>('/contacts'), []);
  const [adding, setAdding] = useState('');
  const action = useAction();
  const change = (method: 'PUT' | 'DELETE', contactId: string, done: string) =>
    void action.run(async () => {
      await call(method, `/groups/${group.id}/contacts`, { body: { contactIds: [contactId] } });
      setAdding('');
      members.reload();
    }, done);
  if (members.error) return <ErrorBox error={members.error} retry={members.reload} />;
  if (!members.data) return <Loading />;
  const memberIds = new Set(members.data.contacts.map((c) => c.id));
  const candidates = (contacts.data ?? []).filter((c) => !memberIds.has(c.id));
  return (
    <div class="members">
      {members.data.contacts.length === 0 ? <Empty>No members.</Empty> : (
        <ul class="chips" aria-label={`Members of ${group.name}`}>
          {members.data.contacts.map((c) => (
            <li key={c.id}>
              <span class="tag">{contactName(c)}</span>
              <button type="button" class="small" disabled={action.busy} aria-label={`Remove ${contactName(c)} from ${group.name}`}
                onClick={() => change('DELETE', c.id, 'Removed from the group')}>Remove</button>
            </li>
          ))}
        </ul>
      )}
      <form class="filters" onSubmit={(e) => { e.preventDefault(); if (adding) change('PUT', adding, 'Added to the group'); }}>
        <SelectField label="Add a contact" class="grow" value={adding} onChange={setAdding}>
          <option value="">Choose a contact</option>
          {candidates.map((c) => <option key={c.id} value={c.id}>{contactName(c)}</option>)}
        </SelectField>
        <button type="submit" class="small" disabled={!adding || action.busy}>Add</button>
      </form>
    </div>
  );
}
