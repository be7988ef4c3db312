import { api } from '../api';
import { useLiveEvents } from '../live';
import { href } from '../router';
import type { Inbox } from '../types';
import { CopyButton, ErrorBox, Loading, formatTime, relativeTime, useAction, useAsync } from '../ui';
import { Compose } from './Compose';
import { InboxEmails } from './InboxEmails';
import { InboxTags } from './InboxTags';
import { SentList } from './SentList';
import { WebhookPanel } from './WebhooksView';
import { ChaosPanel } from './ChaosPanel';

const TABS = [
  ['emails', 'Emails'],
  ['sent', 'Sent'],
  ['compose', 'Compose'],
  ['webhooks', 'Webhooks'],
  ['chaos', 'Chaos'],
] as const;

export function InboxView({ inboxId, tab }: { inboxId: string; tab: string }) {
  const inbox = useAsync(() => api.get<Inbox>(`/inboxes/${inboxId}`), [inboxId]);
  const action = useAction();
  useLiveEvents((event) => {
    if (event.name === 'inbox.expired' && event.payload.inboxId === inboxId) inbox.reload();
  });
  if (inbox.error) return <ErrorBox error={inbox.error} retry={inbox.reload} />;
  if (!inbox.data) return <Loading />;
  const data = inbox.data;
  const expired = data.expiresAt && new Date(data.expiresAt).getTime() < Date.now();
  return (
    <section aria-labelledby="inbox-title">
      <p class="crumbs"><a href={href('inboxes')}>Inboxes</a> /</p>
      <div class="view-head">
        <div class="grow">
          <h1 id="inbox-title" class="address">{data.name || data.emailAddress}</h1>
          <p class="sub">
            <span class="mono">{data.emailAddress}</span> <CopyButton text={data.emailAddress} label="Copy address" />
            {data.expiresAt && (
              <span class={`expiry ${expired ? 'expired' : ''}`} title={formatTime(data.expiresAt)}>
                {expired ? 'expired' : 'expires'} {relativeTime(data.expiresAt)}
              </span>
            )}
            {data.virtualInbox && <span class="tag">virtual</span>}
            <InboxTags inboxId={inboxId} tags={data.tags ?? []} onSaved={(tags) => inbox.set(() => ({ ...data, tags }))} />
          </p>
        </div>
        <button type="button" class="icon" aria-pressed={data.favourite}
          aria-label={data.favourite ? 'Unfavourite inbox' : 'Favourite inbox'}
          onClick={() => void action.run(async () => {
            inbox.set(() => ({ ...data, favourite: !data.favourite }));
            await api.put(`/inboxes/${inboxId}/favourite`, { state: !data.favourite });
          })}>
          {data.favourite ? '★' : '☆'}
        </button>
      </div>
      <nav class="tabs" aria-label="Inbox sections">
        {TABS.map(([id, label]) => (
          <a key={id} href={href('inboxes', inboxId, id)} aria-current={tab === id ? 'page' : undefined}>{label}</a>
        ))}
      </nav>
      {tab === 'emails' && <InboxEmails inboxId={inboxId} />}
      {tab === 'sent' && <SentList inboxId={inboxId} />}
      {tab === 'compose' && <Compose inbox={data} />}
      {tab === 'webhooks' && <WebhookPanel inboxId={inboxId} />}
      {tab === 'chaos' && <ChaosPanel inboxId={inboxId} />}
    </section>
  );
}
