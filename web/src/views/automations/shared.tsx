import type { ComponentChildren } from 'preact';
import { useEffect, useId, useState } from 'preact/hooks';
import { api } from '../../api';
import type { AutomationEvent, Contact } from '../../automation-types';
import type { Inbox, Page } from '../../types';
import { Empty, ErrorBox, Loading, Pager, formatTime, messageOf, relativeTime, toast, useAction, useAsync, type Async } from '../../ui';

export const PAGE_SIZE = 20;

/** Forwarder and replier events have no live event of their own, so an open list is refreshed on this period. */
const EVENTS_REFRESH_MS = 3000;

/** One page of a paged list operation (`page`, `size`, `sort`), newest first. */
export function usePaged<T>(path: string, query: Record<string, string | undefined> = {}) {
  const [page, setPage] = useState(0);
  const key = JSON.stringify(query);
  const list = useAsync(() => api.get<Page<T>>(path, { ...query, page, size: PAGE_SIZE, sort: 'DESC' }), [path, key, page]);
  return { list, page, setPage };
}

/**
 * A form's submission: the API's 4xx message is shown in the form itself (role=alert, named by
 * the form's aria-describedby) so it stays next to the fields it is about.
 */
export function useFormAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    busy,
    error,
    async run(action: () => Promise<unknown>, done: string) {
      setBusy(true);
      setError(null);
      try {
        await action();
        toast(done);
      } catch (err) {
        setError(messageOf(err));
      } finally {
        setBusy(false);
      }
    },
  };
}

export const FormError = ({ id, error }: { id: string; error: string | null }) =>
  error ? <p id={id} class="field-error wide" role="alert">{error}</p> : null;

/** The "New …" button that opens a tab's create form. */
export function CreateToggle({ label, open, onToggle }: { label: string; open: boolean; onToggle: () => void }) {
  return (
    <div class="filters">
      <button type="button" class="primary" onClick={onToggle} aria-expanded={open}>{label}</button>
    </div>
  );
}

/** The list of one tab: errors, loading, the empty text, the rows and the pager. */
export function PagedRows<T>({ paged, label, empty, children }: {
  paged: { list: Async<Page<T>>; page: number; setPage: (page: number) => void };
  label: string;
  empty: ComponentChildren;
  children: (item: T) => ComponentChildren;
}) {
  const { list } = paged;
  return (
    <div>
      {list.error && <ErrorBox error={list.error} retry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.data.content.length === 0 && <Empty>{empty}</Empty>}
      <ul class="rows" aria-label={label}>{list.data?.content.map(children)}</ul>
      {list.data && <Pager page={paged.page} totalPages={list.data.totalPages} onPage={paged.setPage} />}
    </div>
  );
}

/** Deletes one item after the browser's confirmation; `label` and `done` let cancel and revoke reuse it. */
export function DeleteButton({ name, path, query, onDone, label = 'Delete', done = 'Deleted' }: {
  name: string;
  path: string;
  query?: Record<string, string>;
  onDone: () => void;
  label?: string;
  done?: string;
}) {
  const action = useAction();
  const remove = () => {
    if (!confirm(`${label} ${name}?`)) return;
    void action.run(async () => {
      await api.del(path, query);
      onDone();
    }, done);
  };
  return (
    <button type="button" class="small danger" disabled={action.busy} onClick={remove} aria-label={`${label} ${name}`}>{label}</button>
  );
}

/** The user's inboxes for a select (the first hundred, newest first). */
export function useInboxes() {
  return useAsync(
    async () => (await api.post<Page<Inbox>>('/inboxes/search', { pageIndex: 0, pageSize: 100, sortDirection: 'DESC' })).content,
    [],
  );
}

/**
 * A labelled select. The label stands beside the select (for=) rather than around it: a
 * wrapping label's text would include every option's, and so would the select's name.
 */
export function SelectField({ label, value, onChange, required, class: className = '', children }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  class?: string;
  children: ComponentChildren;
}) {
  const id = useId();
  return (
    <div class={`field ${className}`}>
      <label for={id}>{label}</label>
      <select id={id} value={value} required={required} onChange={(e) => onChange(e.currentTarget.value)}>{children}</select>
    </div>
  );
}

export function InboxSelect({ inboxes, value, onChange, label = 'Inbox', none }: {
  inboxes: Inbox[] | undefined;
  value: string;
  onChange: (id: string) => void;
  label?: string;
  /** the label of the "no inbox" choice, when the operation allows one */
  none?: string;
}) {
  return (
    <SelectField label={label} value={value} onChange={onChange} required={!none}>
      {none ? <option value="">{none}</option> : <option value="" disabled>Choose an inbox</option>}
      {(inboxes ?? []).map((inbox) => <option key={inbox.id} value={inbox.id}>{inbox.name ? `${inbox.name} (${inbox.emailAddress})` : inbox.emailAddress}</option>)}
    </SelectField>
  );
}

/** An inbox's address for a row, falling back to its id while the list loads. */
export const inboxLabel = (inboxes: Inbox[] | undefined, id: string | null | undefined) =>
  id ? inboxes?.find((i) => i.id === id)?.emailAddress ?? id : 'account';

export const contactName = (c: Contact) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.emailAddress || c.emailAddresses?.[0] || c.id;

export const splitList = (text: string) => text.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);

/** The recent events of a forwarder or replier (a page of InboxForwarderEventProjection or InboxReplierEventProjection). */
export function EventsTable({ path, label }: { path: string; label: string }) {
  const events = useAsync(() => api.get<Page<AutomationEvent>>(path, { size: 10, sort: 'DESC' }), [path]);
  useEffect(() => {
    const timer = setInterval(events.reload, EVENTS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [events.reload]);
  if (events.error) return <ErrorBox error={events.error} retry={events.reload} />;
  if (!events.data) return <Loading />;
  return (
    <div class="table-wrap">
      {events.data.content.length === 0 ? <Empty>No events yet.</Empty> : (
        <table class="results" aria-label={label}>
          <thead><tr><th scope="col">When</th><th scope="col">Status</th><th scope="col">Message</th></tr></thead>
          <tbody>
            {events.data.content.map((e) => (
              <tr key={e.id ?? e.createdAt} data-event-status={e.status ?? ''}>
                <td><time dateTime={e.createdAt} title={formatTime(e.createdAt)}>{relativeTime(e.createdAt)}</time></td>
                <td class={e.status === 'SUCCESS' ? 'ok' : 'failed'}>{e.status?.toLowerCase() ?? '—'}</td>
                <td class="clip">{e.message ?? e.recipients?.join(', ') ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
