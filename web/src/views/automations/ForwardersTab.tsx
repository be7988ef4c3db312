import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { Forwarder } from '../../automation-types';
import type { Inbox } from '../../types';
import { formatTime, relativeTime } from '../../ui';
import { MatchFields } from './MatchFields';
import { CreateToggle, DeleteButton, EventsTable, FormError, InboxSelect, PagedRows, inboxLabel, splitList, useFormAction, useInboxes, usePaged } from './shared';

/** Forwarders: received mail that matches is sent on, from the inbox, to other addresses. */
export function ForwardersTab() {
  const inboxes = useInboxes();
  const [inboxId, setInboxId] = useState('');
  const paged = usePaged<Forwarder>('/forwarders', { inboxId: inboxId || undefined });
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <p class="intro">Matching mail is forwarded after it is stored, with its body and attachments; loops are stopped.</p>
      <div class="filters">
        <InboxSelect inboxes={inboxes.data} value={inboxId} onChange={setInboxId} label="Show forwarders of" none="Every inbox" />
      </div>
      <CreateToggle label="New forwarder" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <CreateForwarderForm inboxes={inboxes.data} onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="Forwarders" empty="No forwarders yet.">
        {(forwarder) => <ForwarderRow key={forwarder.id} forwarder={forwarder} inbox={inboxLabel(inboxes.data, forwarder.inboxId)} onDeleted={paged.list.reload} />}
      </PagedRows>
    </div>
  );
}

function CreateForwarderForm({ inboxes, onDone }: { inboxes: Inbox[] | undefined; onDone: () => void }) {
  const [inboxId, setInboxId] = useState('');
  const [field, setField] = useState<string>('SENDER');
  const [match, setMatch] = useState('*');
  const [recipients, setRecipients] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await api.post('/forwarders', { field, match, forwardToRecipients: splitList(recipients) }, { inboxId });
      onDone();
    }, 'Forwarder created');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New forwarder" aria-describedby="forwarder-error">
      <InboxSelect inboxes={inboxes} value={inboxId} onChange={setInboxId} />
      <MatchFields field={field} setField={setField} match={match} setMatch={setMatch} />
      <label class="wide">Forward to<input required value={recipients} onInput={(e) => setRecipients(e.currentTarget.value)} placeholder="comma, separated addresses" /></label>
      <FormError id="forwarder-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Create forwarder</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function ForwarderRow({ forwarder, inbox, onDeleted }: { forwarder: Forwarder; inbox: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const to = forwarder.forwardToRecipients.join(', ');
  return (
    <li class="row column" data-id={forwarder.id}>
      <div class="row-line">
        <div class="row-main">
          <span class="title">{forwarder.name || `To ${to}`}</span>
          <span class="sub"><span class="mono">{inbox}</span> · {forwarder.field ?? 'SENDER'} matches <span class="mono">{forwarder.match ?? '*'}</span> → <span class="mono">{to}</span></span>
          <span class="meta"><time dateTime={forwarder.createdAt} title={formatTime(forwarder.createdAt)}>{relativeTime(forwarder.createdAt)}</time></span>
        </div>
        <span class="row-actions">
          <button type="button" class="small" aria-expanded={open} onClick={() => setOpen(!open)}>Events</button>
          <DeleteButton name={`forwarder to ${to}`} path={`/forwarders/${forwarder.id}`} onDone={onDeleted} />
        </span>
      </div>
      {open && <EventsTable path={`/forwarders/${forwarder.id}/events`} label={`Events of the forwarder to ${to}`} />}
    </li>
  );
}
