import { useRef, useState } from 'preact/hooks';
import { api } from '../../api';
import { useLiveEvents } from '../../live';
import type { Page } from '../../types';
import { refreshUnread } from '../../unread';
import { Empty, ErrorBox, Loading, Pager, toast, useAction, useAsync, useListKeys } from '../../ui';
import { InboxSidebar, useSidebarInboxes } from './InboxSidebar';
import { deleteEmails, downloadEml, markEmails } from './mail-actions';
import { MailRow, type MailItem } from './MailRow';
import { SearchHelp } from './SearchHelp';
import { useSelection } from './selection';
import './mail.css';

const PAGE_SIZE = 50;

/** getEmailsPaginated's query; inboxId repeats, which the api helper's flat query cannot say. */
function listPath(page: number, search: string, unreadOnly: boolean, inboxIds: string[] | null): string {
  const query = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE), sort: 'DESC' });
  if (search.trim()) query.set('searchFilter', search.trim());
  if (unreadOnly) query.set('unreadOnly', 'true');
  for (const id of inboxIds ?? []) query.append('inboxId', id);
  return `/emails?${query.toString()}`;
}

/** Matches a search counts exactly (storage/kysely/email-search-page.ts): past it the total is a lower bound. */
const SEARCH_EXACT_COUNT_LIMIT = 1_000;

/** The landing view: every inbox's mail, newest first, with search and bulk actions. */
export function AllMail() {
  const [search, setSearch] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [tag, setTag] = useState('');
  const [page, setPage] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  useListKeys(list);

  const inboxes = useSidebarInboxes(tag);
  const inboxList = inboxes.data?.content ?? [];
  // With a tag chosen, the mail of that tag's inboxes; none tagged means nothing to list.
  const tagIds = tag ? (inboxes.data ? inboxList.map((i) => i.id) : null) : [];
  const emails = useAsync<Page<MailItem>>(
    () => (tagIds === null || (tag && tagIds.length === 0)
      ? Promise.resolve({ content: [], totalElements: 0, totalPages: 0, number: 0, size: PAGE_SIZE })
      : api.get<Page<MailItem>>(listPath(page, search, unreadOnly, tag ? tagIds : null))),
    [page, search, unreadOnly, tag, tagIds?.join(',')],
  );
  const rows = emails.data?.content ?? [];
  const selection = useSelection(rows.map((e) => e.id));

  useLiveEvents((event) => {
    if (event.name === 'email.received') {
      if (page === 0) emails.reload();
      else toast('New email arrived (on page 1)');
    }
    if (event.name === 'email.read') {
      emails.set((p) => p && { ...p, content: p.content.map((e) => (e.id === event.payload.emailId ? { ...e, read: true } : e)) });
    }
  });

  const action = useAction();
  const chosen = [...selection.selected];
  const bulk = (run: () => Promise<void>, done: string) =>
    void action.run(async () => {
      try {
        await run();
      } finally {
        selection.clear();
        emails.reload();
        refreshUnread();
      }
    }, done);
  const plural = (n: number) => `${n} email${n === 1 ? '' : 's'}`;

  return (
    <div class="mail-layout">
      <InboxSidebar inboxes={inboxList} tag={tag} onTag={(t) => { setTag(t); setPage(0); selection.clear(); }} />
      <section class="mail-list" aria-labelledby="all-mail-title">
        <h1 id="all-mail-title" class="compact-title">All mail</h1>
        <div class="filters mail-filters">
          <label class="grow">
            <span class="visually-hidden">Search all mail</span>
            <input type="search" placeholder="Search: words, from:, subject:, is:unread…  ( / )" value={search}
              onInput={(e) => { setSearch(e.currentTarget.value); setPage(0); selection.clear(); }} />
          </label>
          <SearchHelp />
          <label class="check">
            <input type="checkbox" checked={unreadOnly} onChange={(e) => { setUnreadOnly(e.currentTarget.checked); setPage(0); }} /> Unread
          </label>
        </div>
        <div class="bulk-bar" role="toolbar" aria-label="Selected emails">
          <label class="check">
            <input type="checkbox" checked={selection.allSelected} disabled={rows.length === 0}
              onChange={(e) => selection.setAll(e.currentTarget.checked)} /> Select all
          </label>
          {chosen.length > 0 && (
            <>
              <span class="sub">{chosen.length} selected</span>
              <button type="button" class="small" disabled={action.busy} onClick={() => bulk(() => markEmails(chosen, true), `${plural(chosen.length)} marked read`)}>Mark read</button>
              <button type="button" class="small" disabled={action.busy} onClick={() => bulk(() => markEmails(chosen, false), `${plural(chosen.length)} marked unread`)}>Mark unread</button>
              <button type="button" class="small danger" disabled={action.busy}
                onClick={() => confirm(`Delete ${plural(chosen.length)}?`) && bulk(() => deleteEmails(chosen), `${plural(chosen.length)} deleted`)}>Delete</button>
            </>
          )}
        </div>
        {emails.error && <ErrorBox error={emails.error} retry={emails.reload} />}
        {!emails.data && emails.loading && <Loading />}
        {emails.data && rows.length === 0 && (
          <Empty>
            {search || unreadOnly || tag ? 'No email matches.'
              : inboxes.data && inboxList.length === 0 ? 'No inboxes yet. Create one under Inboxes to receive mail.'
                : 'No email yet. Mail sent to any of your inboxes shows up here as it arrives.'}
          </Empty>
        )}
        <ul class="rows mail-rows" ref={list} aria-label="Emails" aria-live="polite">
          {rows.map((email) => (
            <MailRow key={email.id} email={email} inbox={inboxList.find((i) => i.id === email.inboxId)}
              selected={selection.isSelected(email.id)} onSelect={(shift) => selection.toggle(email.id, shift)}
              onDownload={() => void action.run(() => downloadEml(email.id, email.subject))} />
          ))}
        </ul>
        {emails.data && <Pager page={page} totalPages={emails.data.totalPages} atLeast={search.trim() !== '' && emails.data.last === false && emails.data.totalElements > SEARCH_EXACT_COUNT_LIMIT} onPage={(p) => { setPage(p); selection.clear(); }} />}
      </section>
    </div>
  );
}
