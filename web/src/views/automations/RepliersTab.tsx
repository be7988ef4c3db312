import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { Replier } from '../../automation-types';
import type { Inbox } from '../../types';
import { formatTime, relativeTime } from '../../ui';
import { MatchFields } from './MatchFields';
import { CreateToggle, DeleteButton, EventsTable, FormError, InboxSelect, PagedRows, inboxLabel, useFormAction, useInboxes, usePaged } from './shared';

/** Repliers: matching received mail gets an automatic answer from the inbox. */
export function RepliersTab() {
  const inboxes = useInboxes();
  const [inboxId, setInboxId] = useState('');
  const paged = usePaged<Replier>('/repliers', { inboxId: inboxId || undefined });
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <p class="intro">Auto-replies, bounces and bulk mail are never answered, and each sender at most once per window.</p>
      <div class="filters">
        <InboxSelect inboxes={inboxes.data} value={inboxId} onChange={setInboxId} label="Show repliers of" none="Every inbox" />
      </div>
      <CreateToggle label="New replier" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <CreateReplierForm inboxes={inboxes.data} onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="Repliers" empty="No repliers yet.">
        {(replier) => <ReplierRow key={replier.id} replier={replier} inbox={inboxLabel(inboxes.data, replier.inboxId)} onDeleted={paged.list.reload} />}
      </PagedRows>
    </div>
  );
}

function CreateReplierForm({ inboxes, onDone }: { inboxes: Inbox[] | undefined; onDone: () => void }) {
  const [inboxId, setInboxId] = useState('');
  const [name, setName] = useState('');
  const [field, setField] = useState<string>('SENDER');
  const [match, setMatch] = useState('*');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await api.post('/repliers', { inboxId, name: name || undefined, field, match, subject: subject || undefined, body, isHTML: false });
      onDone();
    }, 'Replier created');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New replier" aria-describedby="replier-error">
      <InboxSelect inboxes={inboxes} value={inboxId} onChange={setInboxId} />
      <label>Replier name<input value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
      <MatchFields field={field} setField={setField} match={match} setMatch={setMatch} />
      <label class="wide">Reply subject<input value={subject} onInput={(e) => setSubject(e.currentTarget.value)} placeholder="Re: the received subject" /></label>
      <label class="wide">Reply body<textarea required rows={4} value={body} onInput={(e) => setBody(e.currentTarget.value)} /></label>
      <FormError id="replier-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Create replier</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function ReplierRow({ replier, inbox, onDeleted }: { replier: Replier; inbox: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const name = replier.name || replier.subject || `replier of ${inbox}`;
  return (
    <li class="row column" data-id={replier.id}>
      <div class="row-line">
        <div class="row-main">
          <span class="title">{name}</span>
          <span class="sub"><span class="mono">{inbox}</span> · {replier.field ?? 'SENDER'} matches <span class="mono">{replier.match ?? '*'}</span></span>
          <span class="meta"><time dateTime={replier.createdAt} title={formatTime(replier.createdAt)}>{relativeTime(replier.createdAt)}</time></span>
        </div>
        <span class="row-actions">
          <button type="button" class="small" aria-expanded={open} onClick={() => setOpen(!open)}>Events</button>
          <DeleteButton name={`replier ${name}`} path={`/repliers/${replier.id}`} onDone={onDeleted} />
        </span>
      </div>
      {open && <EventsTable path={`/repliers/${replier.id}/events`} label={`Events of ${name}`} />}
    </li>
  );
}
