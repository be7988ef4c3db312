import { useEffect } from 'preact/hooks';
import { api } from '../../api';
import { useLiveEvents } from '../../live';
import { href } from '../../router';
import type { Inbox, Page } from '../../types';
import { useUnread, watchInboxes } from '../../unread';
import { useAsync } from '../../ui';

/** Inboxes shown in the sidebar: enough for a test setup; the Inboxes view pages through the rest. */
const SIDEBAR_INBOXES = 50;

/** The sidebar's inboxes (of one tag, if chosen), which the All mail view also uses to name rows. */
export function useSidebarInboxes(tag: string) {
  const inboxes = useAsync(
    () => api.post<Page<Inbox>>('/inboxes/search', { pageIndex: 0, pageSize: SIDEBAR_INBOXES, sortDirection: 'DESC', tag: tag || undefined }),
    [tag],
  );
  useLiveEvents((event) => {
    if (event.name === 'inbox.expired') inboxes.reload();
    // mail to an inbox the list does not show yet: it was created since (by a test, the API)
    if (event.name === 'email.received' && inboxes.data && !inboxes.data.content.some((i) => i.id === event.payload.inboxId)) inboxes.reload();
  });
  return inboxes;
}

interface Props {
  inboxes: Inbox[];
  tag: string;
  onTag: (tag: string) => void;
}

export function InboxSidebar({ inboxes, tag, onTag }: Props) {
  const tags = useAsync(() => api.get<string[]>('/inboxes/tags'), []);
  const unread = useUnread();
  const ids = inboxes.map((i) => i.id).join(',');
  useEffect(() => watchInboxes(ids ? ids.split(',') : []), [ids]);
  return (
    <aside class="mail-sidebar" aria-labelledby="sidebar-title">
      <h2 id="sidebar-title"><a href={href('inboxes')}>Inboxes</a></h2>
      <label>
        <span class="visually-hidden">Filter by tag</span>
        <select value={tag} onChange={(e) => onTag(e.currentTarget.value)}>
          <option value="">All tags</option>
          {(tags.data ?? []).map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
      </label>
      <ul class="sidebar-inboxes">
        {inboxes.map((inbox) => {
          const count = unread.byInbox[inbox.id] ?? 0;
          return (
            <li key={inbox.id} data-inbox-id={inbox.id}>
              <a href={href('inboxes', inbox.id)} title={inbox.emailAddress}>
                <span class="name">{inbox.name || inbox.emailAddress}</span>
                {count > 0 && <span class="badge" aria-label={`${count} unread`}>{count}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
