import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../api';
import { formatTime, useAction } from '../../ui';
import type { Thread } from './threads';

/** One conversation, oldest first, with a reply box that sends from the number to the other one. */
export function ThreadView({ phoneId, thread, onSent, onRead }: {
  phoneId: string;
  thread: Thread;
  onSent: () => void;
  onRead: (ids: string[]) => void;
}) {
  const [body, setBody] = useState('');
  const send = useAction();
  const mark = useAction();
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => end.current?.scrollIntoView({ block: 'nearest' }), [thread.messages.length]);
  const unreadIds = thread.messages.filter((m) => !m.read).map((m) => m.id);
  const reply = (event: Event) => {
    event.preventDefault();
    void send.run(async () => {
      await api.post(`/phone/numbers/${phoneId}/sms`, { to: thread.otherNumber, body });
      setBody('');
      onSent();
    }, 'SMS sent');
  };
  const markRead = () => void mark.run(async () => {
    await Promise.all(unreadIds.map((id) => api.patch(`/sms/${id}/read`, undefined, { read: true })));
    onRead(unreadIds);
  }, 'Marked read');
  return (
    <div class="thread" role="region" aria-label={`Conversation with ${thread.otherNumber}`}>
      <div class="thread-head">
        <h2 class="grow mono">{thread.otherNumber}</h2>
        {unreadIds.length > 0 && <button type="button" class="small" disabled={mark.busy} onClick={markRead}>Mark read</button>}
      </div>
      <ol class="bubbles" aria-label={`Messages with ${thread.otherNumber}`}>
        {thread.messages.map((m, i) => (
          <li key={m.id} ref={i === thread.messages.length - 1 ? end : undefined}
            class={`bubble ${m.direction} ${m.read ? '' : 'unread'}`} data-id={m.id} data-direction={m.direction}>
            <span class="visually-hidden">{m.direction === 'in' ? 'Received' : 'Sent'}{m.read ? '' : ', unread'}: </span>
            <span class="body">{m.body}</span>
            <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
          </li>
        ))}
      </ol>
      <form class="reply" onSubmit={reply} aria-label={`Reply to ${thread.otherNumber}`}>
        <label class="grow">Message
          <textarea required rows={2} maxLength={10_000} value={body} onInput={(e) => setBody(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={send.busy}>Send</button>
      </form>
    </div>
  );
}
