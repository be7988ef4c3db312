import { useCallback } from 'preact/hooks';
import { api } from '../../api';
import { useLiveEvents } from '../../live';
import type { SentSms, Sms } from '../../phone-types';
import type { Page } from '../../types';
import { useAsync } from '../../ui';

/** One message of a conversation, in either direction. */
export interface ThreadMessage {
  id: string;
  direction: 'in' | 'out';
  body: string;
  createdAt: string;
  /** received messages only; a sent one is always read */
  read: boolean;
}

/** The conversation of a number with one other number, oldest message first. */
export interface Thread {
  otherNumber: string;
  messages: ThreadMessage[];
  unread: number;
  last: ThreadMessage;
}

/** The API answers at most 100 a page; a number's lists are read up to this many messages each. */
const PAGE = 100;
export const MAX_MESSAGES = 1000;

async function readAll<T>(path: string): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  for (let page = 0; items.length < MAX_MESSAGES; page++) {
    const answer = await api.get<Page<T>>(path, { page, size: PAGE, sort: 'DESC' });
    items.push(...answer.content);
    if (page + 1 >= answer.totalPages || answer.content.length === 0) return { items, complete: true };
  }
  return { items, complete: false };
}

/** Groups a number's received and sent SMS by the other number, the most recently active thread first. */
export function groupThreads(received: Sms[], sent: SentSms[]): Thread[] {
  const byNumber = new Map<string, ThreadMessage[]>();
  const add = (other: string, message: ThreadMessage) => {
    const list = byNumber.get(other);
    if (list) list.push(message);
    else byNumber.set(other, [message]);
  };
  for (const sms of received) add(sms.fromNumber, { id: sms.id, direction: 'in', body: sms.body, createdAt: sms.createdAt, read: sms.read });
  for (const sms of sent) add(sms.toNumber, { id: sms.id, direction: 'out', body: sms.body, createdAt: sms.createdAt, read: true });
  const threads = [...byNumber.entries()].map(([otherNumber, messages]) => {
    messages.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1));
    return { otherNumber, messages, unread: messages.filter((m) => !m.read).length, last: messages[messages.length - 1]! };
  });
  return threads.sort((a, b) => Date.parse(b.last.createdAt) - Date.parse(a.last.createdAt));
}

/**
 * A number's threads, reloaded when `sms.received` or `sms.sent` names the number on GET /events
 * (never polled); `reload` after the dashboard itself marked something.
 */
export function useThreads(phoneId: string) {
  const data = useAsync(async () => {
    const [received, sent] = await Promise.all([
      readAll<Sms>(`/phone/numbers/${phoneId}/sms`),
      readAll<SentSms>(`/phone/numbers/${phoneId}/sms-sent`),
    ]);
    return { threads: groupThreads(received.items, sent.items), complete: received.complete && sent.complete };
  }, [phoneId]);
  useLiveEvents((event) => {
    if ((event.name === 'sms.received' || event.name === 'sms.sent') && event.payload.phoneId === phoneId) data.reload();
  });
  const markRead = useCallback((ids: string[]) => data.set((previous) => previous && {
    ...previous,
    threads: previous.threads.map((t) => {
      const messages = t.messages.map((m) => (ids.includes(m.id) ? { ...m, read: true } : m));
      return { ...t, messages, unread: messages.filter((m) => !m.read).length };
    }),
  }), [data.set]);
  return { ...data, markRead };
}
