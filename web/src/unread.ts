import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import { useLiveEvents } from './live';

/** Unread mail in all (total) and per inbox of those a view shows (byInbox). */
export interface UnreadCounts {
  total: number;
  byInbox: Record<string, number>;
}

/**
 * One shared store, so the sidebar's badges and the tab title ("(3) Pigeonhole") never disagree.
 * Counts are asked of the server again on each change rather than counted up and down here:
 * deletes, bulk marks and reads elsewhere (IMAP, the API) all land right that way.
 */
let counts: UnreadCounts = { total: 0, byInbox: {} };
let watched: string[] = [];
let generation = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const subscribers = new Set<(counts: UnreadCounts) => void>();

const unreadOf = async (inboxId?: string) => (await api.get<{ count: number }>('/emails/unreadCount', { inboxId })).count;

async function load() {
  const mine = ++generation;
  const ids = watched;
  const [total, ...each] = await Promise.all([unreadOf(), ...ids.map((id) => unreadOf(id))]);
  if (mine !== generation) return;
  counts = { total: total!, byInbox: Object.fromEntries(ids.map((id, i) => [id, each[i]!])) };
  subscribers.forEach((notify) => notify(counts));
}

/** Asks for fresh counts; a burst of events costs one round of requests. */
export function refreshUnread() {
  clearTimeout(timer);
  timer = setTimeout(() => void load().catch(() => undefined), 80);
}

/** The inboxes whose own counts are wanted (the sidebar's). */
export function watchInboxes(ids: string[]) {
  watched = ids;
  refreshUnread();
}

export function useUnread(): UnreadCounts {
  const [state, setState] = useState(counts);
  useEffect(() => {
    subscribers.add(setState);
    refreshUnread();
    return () => {
      subscribers.delete(setState);
    };
  }, []);
  return state;
}

/** Mounted once while signed in: keeps the counts live and the tab title showing the total. */
export function UnreadTitle() {
  const { total } = useUnread();
  useLiveEvents((event) => {
    if (event.name === 'email.received' || event.name === 'email.read') refreshUnread();
  });
  useEffect(() => {
    document.title = total > 0 ? `(${total}) Pigeonhole` : 'Pigeonhole';
    return () => {
      document.title = 'Pigeonhole';
    };
  }, [total]);
  return null;
}
