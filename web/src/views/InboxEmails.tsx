import { useRef, useState } from 'preact/hooks';
import { api } from '../api';
import { useLiveEvents } from '../live';
import { href } from '../router';
import type { EmailPreview, Page } from '../types';
import { Empty, ErrorBox, Loading, Pager, formatTime, relativeTime, toast, useAction, useAsync, useListKeys } from '../ui';

const PAGE_SIZE = 25;

/** An inline icon: emoji glyphs are missing from many server and CI fonts. */
const Paperclip = () => (
  <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round">
    <path d="M21 11.5l-8.6 8.6a5 5 0 01-7.1-7.1l8.6-8.6a3.3 3.3 0 014.7 4.7l-8.6 8.6a1.7 1.7 0 01-2.4-2.4l7.9-7.9" />
  </svg>
);

export function InboxEmails({ inboxId }: { inboxId: string }) {
  const [search, setSearch] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  useListKeys(list);
  const emails = useAsync(
    () => api.post<Page<EmailPreview>>('/emails/search', {
      inboxIds: [inboxId], pageIndex: page, pageSize: PAGE_SIZE, sortDirection: 'DESC',
      searchFilter: search || undefined, unreadOnly: unreadOnly || undefined,
    }),
    [inboxId, page, search, unreadOnly],
  );

  // New mail appears at the top as it arrives; reads elsewhere (API, IMAP) clear the bold.
  useLiveEvents((event) => {
    if (event.payload.inboxId !== inboxId) return;
    if (event.name === 'email.received') {
      emails.reload();
      if (page > 0) toast('New email arrived (on page 1)');
    }
    if (event.name === 'email.read') {
      emails.set((p) => p && { ...p, content: p.content.map((e) => (e.id === event.payload.emailId ? { ...e, read: true } : e)) });
    }
  });

  const action = useAction();
  const patch = (id: string, change: Partial<EmailPreview>) =>
    emails.set((p) => p && { ...p, content: p.content.map((e) => (e.id === id ? { ...e, ...change } : e)) });
  const setRead = (email: EmailPreview, read: boolean) =>
    action.run(async () => {
      await api.patch(`/emails/${email.id}/read`, undefined, { read });
      patch(email.id, { read });
    });
  const setFavourite = (email: EmailPreview) =>
    action.run(async () => {
      await api.put(`/emails/${email.id}/favourite`, undefined, { favourited: !email.favourite });
      patch(email.id, { favourite: !email.favourite });
    });
  const remove = (email: EmailPreview) =>
    action.run(async () => {
      await api.del(`/emails/${email.id}`);
      emails.reload();
    }, 'Email deleted');
  const markAllRead = () =>
    action.run(async () => {
      await api.patch('/emails/read', undefined, { inboxId, read: true });
      emails.set((p) => p && { ...p, content: p.content.map((e) => ({ ...e, read: true })) });
    }, 'All marked read');

  return (
    <div>
      <div class="filters">
        <label class="grow">
          <span class="visually-hidden">Search emails</span>
          <input type="search" placeholder="Search subject, sender, body  ( / )" value={search}
            onInput={(e) => { setSearch(e.currentTarget.value); setPage(0); }} />
        </label>
        <label class="check">
          <input type="checkbox" checked={unreadOnly} onChange={(e) => { setUnreadOnly(e.currentTarget.checked); setPage(0); }} /> Unread only
        </label>
        <button type="button" class="small" onClick={() => void markAllRead()}>Mark all read</button>
      </div>
      {emails.error && <ErrorBox error={emails.error} retry={emails.reload} />}
      {!emails.data && emails.loading && <Loading />}
      {emails.data && emails.data.content.length === 0 && (
        <Empty>{search || unreadOnly ? 'No email matches.' : 'No email yet. Mail sent to this address shows up here as it arrives.'}</Empty>
      )}
      <ul class="rows" ref={list} aria-label="Emails" aria-live="polite">
        {emails.data?.content.map((email) => (
          <li key={email.id} class={`row ${email.read ? '' : 'unread'}`} data-email-id={email.id}>
            <a class="row-main" href={href('emails', email.id)} data-row>
              {/* Always rendered, so read and unread titles line up. */}
              <span class={`dot ${email.read ? 'read' : ''}`} aria-label={email.read ? undefined : 'unread'} aria-hidden={email.read ? 'true' : undefined} />
              <span class="title">{email.subject || '(no subject)'}</span>
              <span class="sub">{email.from ?? ''}</span>
              <span class="meta">
                {(email.attachments?.length ?? 0) > 0 && <span class="tag" aria-label={`${email.attachments!.length} attachments`}><Paperclip /> {email.attachments!.length}</span>}
                <time dateTime={email.createdAt} title={formatTime(email.createdAt)}>{relativeTime(email.createdAt)}</time>
              </span>
            </a>
            <span class="row-actions">
              <button type="button" class="icon" aria-pressed={!!email.favourite} onClick={() => void setFavourite(email)}
                aria-label={email.favourite ? 'Unfavourite email' : 'Favourite email'}>{email.favourite ? '★' : '☆'}</button>
              <button type="button" class="small" onClick={() => void setRead(email, !email.read)}>{email.read ? 'Mark unread' : 'Mark read'}</button>
              <button type="button" class="small danger" onClick={() => void remove(email)} aria-label={`Delete email ${email.subject ?? ''}`}>Delete</button>
            </span>
          </li>
        ))}
      </ul>
      {emails.data && <Pager page={page} totalPages={emails.data.totalPages} onPage={setPage} />}
    </div>
  );
}
