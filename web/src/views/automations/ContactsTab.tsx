import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { Contact, Group } from '../../automation-types';
import type { Page } from '../../types';
import { formatTime, relativeTime, saveBlob, useAction, useAsync } from '../../ui';
import { GroupsPanel } from './GroupsPanel';
import { CreateToggle, DeleteButton, FormError, PagedRows, SelectField, contactName, splitList, useFormAction, usePaged } from './shared';

/** Contacts and groups: sends resolve `toContacts` and `toGroup` to their addresses. */
export function ContactsTab() {
  const paged = usePaged<Contact>('/contacts/paginated');
  const groups = useAsync(() => api.get<Page<Group>>('/groups/paginated', { size: 100, sort: 'DESC' }), []);
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <h2 id="contacts-title">Contacts</h2>
      <p class="intro">A send with <code>toContacts</code> or <code>toGroup</code> goes to these addresses.</p>
      <CreateToggle label="New contact" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <CreateContactForm groups={groups.data?.content} onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="Contacts" empty="No contacts yet.">
        {(contact) => <ContactRow key={contact.id} contact={contact} groups={groups.data?.content} onDeleted={paged.list.reload} />}
      </PagedRows>
      <GroupsPanel onChanged={groups.reload} />
    </div>
  );
}

function CreateContactForm({ groups, onDone }: { groups: Group[] | undefined; onDone: () => void }) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [company, setCompany] = useState('');
  const [addresses, setAddresses] = useState('');
  const [groupId, setGroupId] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await api.post('/contacts', {
        firstName: firstName || undefined,
        lastName: lastName || undefined,
        company: company || undefined,
        emailAddresses: splitList(addresses),
        groupId: groupId || undefined,
      });
      onDone();
    }, 'Contact created');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New contact" aria-describedby="contact-error">
      <label>First name<input value={firstName} onInput={(e) => setFirstName(e.currentTarget.value)} /></label>
      <label>Last name<input value={lastName} onInput={(e) => setLastName(e.currentTarget.value)} /></label>
      <label>Company<input value={company} onInput={(e) => setCompany(e.currentTarget.value)} /></label>
      <label class="wide">Email addresses<input required value={addresses} onInput={(e) => setAddresses(e.currentTarget.value)} placeholder="comma, separated" /></label>
      <SelectField label="Group" value={groupId} onChange={setGroupId}>
        <option value="">No group</option>
        {(groups ?? []).map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
      </SelectField>
      <FormError id="contact-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Create contact</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function ContactRow({ contact, groups, onDeleted }: { contact: Contact; groups: Group[] | undefined; onDeleted: () => void }) {
  const name = contactName(contact);
  const action = useAction();
  // The vCard needs the API key, so it is fetched here and handed to the browser as a file.
  const download = () => void action.run(async () => {
    saveBlob(await api.blob(`/contacts/${contact.id}/download`), `${name}.vcf`);
  });
  const group = contact.groupId ? groups?.find((g) => g.id === contact.groupId)?.name : undefined;
  return (
    <li class="row" data-id={contact.id}>
      <div class="row-main">
        <span class="title">{name}{contact.company ? ` · ${contact.company}` : ''}</span>
        <span class="sub mono">{(contact.emailAddresses ?? [contact.emailAddress]).filter(Boolean).join(', ')}</span>
        <span class="meta">
          {group && <span class="tag">{group}</span>}
          <time dateTime={contact.createdAt} title={formatTime(contact.createdAt)}>{relativeTime(contact.createdAt)}</time>
        </span>
      </div>
      <span class="row-actions">
        <button type="button" class="small" disabled={action.busy} onClick={download} aria-label={`Download vCard of ${name}`}>vCard</button>
        <DeleteButton name={`contact ${name}`} path={`/contacts/${contact.id}`} onDone={onDeleted} />
      </span>
    </li>
  );
}
