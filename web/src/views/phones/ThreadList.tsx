import { useRef } from 'preact/hooks';
import { href } from '../../router';
import { formatTime, relativeTime, useListKeys } from '../../ui';
import type { Thread } from './threads';

/** The number's conversations, the most recently active first, with their unread counts. */
export function ThreadList({ phoneId, threads, current }: { phoneId: string; threads: Thread[]; current?: string }) {
  const list = useRef<HTMLUListElement>(null);
  useListKeys(list);
  return (
    <ul ref={list} class="rows thread-list" aria-label="SMS threads">
      {threads.map((t) => (
        <li key={t.otherNumber} class={`row ${t.unread ? 'unread' : ''}`} data-thread={t.otherNumber}>
          <a class="row-main" href={href('phones', phoneId, t.otherNumber)} data-row aria-current={t.otherNumber === current ? 'page' : undefined}>
            <span class={`dot ${t.unread ? '' : 'read'}`} aria-hidden="true" />
            <span class="title mono">{t.otherNumber}</span>
            <span class="sub">{t.last.direction === 'out' ? 'You: ' : ''}{t.last.body}</span>
            <span class="meta">
              {t.unread > 0 && <span class="badge" aria-label={`${t.unread} unread`}>{t.unread}</span>}
              <time dateTime={t.last.createdAt} title={formatTime(t.last.createdAt)}>{relativeTime(t.last.createdAt)}</time>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
