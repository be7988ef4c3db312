import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { ScheduledJob } from '../../automation-types';
import type { Inbox } from '../../types';
import { formatTime, relativeTime } from '../../ui';
import { CreateToggle, DeleteButton, FormError, InboxSelect, PagedRows, inboxLabel, splitList, useFormAction, useInboxes, usePaged } from './shared';

/** Scheduled sends: a send stored now and made at its time, even across restarts. */
export function ScheduledTab() {
  const inboxes = useInboxes();
  const [inboxId, setInboxId] = useState('');
  const paged = usePaged<ScheduledJob>('/inboxes/scheduled-jobs', { inboxId: inboxId || undefined });
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <div class="filters">
        <InboxSelect inboxes={inboxes.data} value={inboxId} onChange={setInboxId} label="Show sends of" none="Every inbox" />
      </div>
      <CreateToggle label="New scheduled send" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <ScheduleForm inboxes={inboxes.data} onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="Scheduled sends" empty="Nothing scheduled.">
        {(job) => <ScheduledRow key={job.id} job={job} inbox={inboxLabel(inboxes.data, job.inboxId)} onCancelled={paged.list.reload} />}
      </PagedRows>
    </div>
  );
}

function ScheduleForm({ inboxes, onDone }: { inboxes: Inbox[] | undefined; onDone: () => void }) {
  const [inboxId, setInboxId] = useState('');
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [minutes, setMinutes] = useState('60');
  const [at, setAt] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    // A chosen time wins over the delay; datetime-local is the browser's local time.
    const when = at ? { sendAtTimestamp: new Date(at).toISOString() } : { sendAtNowPlusSeconds: Math.round(Number(minutes) * 60) };
    void action.run(async () => {
      await api.post(`/inboxes/${inboxId}/with-schedule`, { to: splitList(to), subject, body }, when);
      onDone();
    }, 'Send scheduled');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New scheduled send" aria-describedby="schedule-error">
      <InboxSelect inboxes={inboxes} value={inboxId} onChange={setInboxId} label="From inbox" />
      <label>To<input required value={to} onInput={(e) => setTo(e.currentTarget.value)} placeholder="comma, separated" /></label>
      <label class="wide">Subject<input value={subject} onInput={(e) => setSubject(e.currentTarget.value)} /></label>
      <label class="wide">Body<textarea rows={4} value={body} onInput={(e) => setBody(e.currentTarget.value)} /></label>
      <label>Send in (minutes)<input type="number" min="0" step="any" inputMode="decimal" value={minutes} onInput={(e) => setMinutes(e.currentTarget.value)} /></label>
      <label>Or at<input type="datetime-local" value={at} onInput={(e) => setAt(e.currentTarget.value)} /></label>
      <FormError id="schedule-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Schedule send</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function ScheduledRow({ job, inbox, onCancelled }: { job: ScheduledJob; inbox: string; onCancelled: () => void }) {
  const pending = job.status === 'SUBMITTED';
  return (
    <li class="row" data-id={job.id} data-status={job.status}>
      <div class="row-main">
        <span class="title">
          {pending ? 'Sends' : 'Was due'} <time dateTime={job.sendAtTimestamp} title={formatTime(job.sendAtTimestamp)}>{relativeTime(job.sendAtTimestamp)}</time>
        </span>
        <span class="sub">from <span class="mono">{inbox}</span> · {formatTime(job.sendAtTimestamp)}</span>
        <span class="meta"><span class={`tag ${job.status === 'COMPLETED' ? 'ok' : pending ? 'pending' : 'failed'}`}>{job.status.toLowerCase()}</span></span>
      </div>
      {pending && (
        <span class="row-actions">
          <DeleteButton name={`the send due ${formatTime(job.sendAtTimestamp)}`} path={`/inboxes/scheduled-jobs/${job.id}`} onDone={onCancelled} label="Cancel" done="Send cancelled" />
        </span>
      )}
    </li>
  );
}
