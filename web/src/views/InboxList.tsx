import { useRef, useState } from 'preact/hooks';
import { api } from '../api';
import { useLiveEvents } from '../live';
import { href, navigate } from '../router';
import type { Inbox, Page } from '../types';
import { CopyButton, Empty, ErrorBox, Loading, Pager, formatTime, relativeTime, useAction, useAsync, useListKeys } from '../ui';
import { CreateInboxForm } from './CreateInboxForm';

const PAGE_SIZE = 20;

export function InboxList() {
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  useListKeys(list);

  const inboxes = useAsync(
    () => api.post<Page<Inbox>>('/inboxes/search', {
      pageIndex: page, pageSize: PAGE_SIZE, sortDirection: 'DESC',
      search: search || undefined, tag: tag || undefined, favourite: favouritesOnly || undefined,
    }),
    [page, search, tag, favouritesOnly],
  );
  const tags = useAsync(() => api.get<string[]>('/inboxes/tags'), []);
  const ids = inboxes.data?.content.map((i) => i.id).join(',') ?? '';
  const unread = useAsync(async () => {
    const entries = await Promise.all((inboxes.data?.content ?? []).map(async (inbox) =>
      [inbox.id, (await api.get<{ count: number }>('/emails/unreadCount', { inboxId: inbox.id })).count] as const));
    return Object.fromEntries(entries) as Record<string, number>;
  }, [ids]);

  // New and read mail change the unread badges without a reload.
  useLiveEvents((event) => {
    const inboxId = event.payload.inboxId;
    if (!inboxId || unread.data?.[inboxId] === undefined) return;
    if (event.name === 'email.received') unread.set((u) => ({ ...u, [inboxId]: (u?.[inboxId] ?? 0) + 1 }));
    if (event.name === 'email.read') unread.set((u) => ({ ...u, [inboxId]: Math.max(0, (u?.[inboxId] ?? 1) - 1) }));
    if (event.name === 'inbox.expired') inboxes.reload();
  });

  const action = useAction();
  const toggleFavourite = (inbox: Inbox) =>
    action.run(async () => {
      await api.put(`/inboxes/${inbox.id}/favourite`, { state: !inbox.favourite });
      inboxes.set((p) => p && { ...p, content: p.content.map((i) => (i.id === inbox.id ? { ...i, favourite: !inbox.favourite } : i)) });
    });
  const remove = (inbox: Inbox) => {
    if (!confirm(`Delete ${inbox.emailAddress} and all of its email?`)) return;
    void action.run(async () => {
      await api.del(`/inboxes/${inbox.id}`);
      inboxes.reload();
    }, 'Inbox deleted');
  };

  return (
    <section aria-labelledby="inboxes-title">
      <div class="view-head">
        <h1 id="inboxes-title">Inboxes</h1>
        <button type="button" class="primary" onClick={() => setCreating(!creating)} aria-expanded={creating}>New inbox</button>
      </div>
      {creating && (
        <CreateInboxForm
          onCancel={() => setCreating(false)}
          onCreated={(inbox) => {
            setCreating(false);
            navigate('inboxes', inbox.id);
          }}
        />
      )}
      <div class="filters">
        <label class="grow">
          <span class="visually-hidden">Search inboxes</span>
          <input type="search" placeholder="Search address, name, tags  ( / )" value={search}
            onInput={(e) => { setSearch(e.currentTarget.value); setPage(0); }} />
        </label>
        <label>
          <span class="visually-hidden">Tag</span>
          <select value={tag} onChange={(e) => { setTag(e.currentTarget.value); setPage(0); }}>
            <option value="">All tags</option>
            {(tags.data ?? []).map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
        <label class="check">
          <input type="checkbox" checked={favouritesOnly} onChange={(e) => { setFavouritesOnly(e.currentTarget.checked); setPage(0); }} />
          Favourites
        </label>
      </div>
      {inboxes.error && <ErrorBox error={inboxes.error} retry={inboxes.reload} />}
      {!inboxes.data && inboxes.loading && <Loading />}
      {inboxes.data && inboxes.data.content.length === 0 && (
        <Empty>{search || tag || favouritesOnly ? 'No inbox matches these filters.' : 'No inboxes yet. Create one to receive mail.'}</Empty>
      )}
      <ul class="rows" ref={list} aria-label="Inboxes">
        {inboxes.data?.content.map((inbox) => {
          const count = unread.data?.[inbox.id] ?? 0;
          return (
            <li key={inbox.id} class={`row ${count ? 'unread' : ''}`}>
              <a class="row-main" href={href('inboxes', inbox.id)} data-row>
                <span class="title">{inbox.name || inbox.emailAddress}</span>
                <span class="sub">{inbox.name ? inbox.emailAddress : ''}</span>
                <span class="meta">
                  {(inbox.tags ?? []).map((t) => <span key={t} class="tag">{t}</span>)}
                  {inbox.expiresAt && (
                    <span class="expiry" title={formatTime(inbox.expiresAt)}>expires {relativeTime(inbox.expiresAt)}</span>
                  )}
                </span>
              </a>
              {count > 0 && <span class="badge" aria-label={`${count} unread`}>{count}</span>}
              <span class="row-actions">
                <button type="button" class="icon" aria-pressed={inbox.favourite} onClick={() => void toggleFavourite(inbox)}
                  aria-label={inbox.favourite ? `Unfavourite ${inbox.emailAddress}` : `Favourite ${inbox.emailAddress}`}>
                  {inbox.favourite ? '★' : '☆'}
                </button>
                <CopyButton text={inbox.emailAddress} label="Copy address" />
                <button type="button" class="small danger" onClick={() => remove(inbox)} aria-label={`Delete ${inbox.emailAddress}`}>Delete</button>
              </span>
            </li>
          );
        })}
      </ul>
      {inboxes.data && <Pager page={page} totalPages={inboxes.data.totalPages} onPage={setPage} />}
    </section>
  );
}
