import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { PhoneNumber } from '../../phone-types';
import { href, navigate } from '../../router';
import { CopyButton, Empty, ErrorBox, Loading, useAction, useAsync } from '../../ui';
import { DeleteButton } from '../automations/shared';
import { SendSmsForm, TestSmsForm } from './SendForms';
import { ThreadList } from './ThreadList';
import { ThreadView } from './ThreadView';
import { MAX_MESSAGES, useThreads } from './threads';

/** One number: its conversations by other number (live), a test SMS, a new message. */
export function PhoneView({ phoneId, otherNumber }: { phoneId: string; otherNumber?: string }) {
  const phone = useAsync(() => api.get<PhoneNumber>(`/phone/numbers/${phoneId}`), [phoneId]);
  const threads = useThreads(phoneId);
  const [form, setForm] = useState<'test' | 'send' | null>(null);
  const action = useAction();
  if (phone.error) return <ErrorBox error={phone.error} retry={phone.reload} />;
  if (!phone.data) return <Loading />;
  const data = phone.data;
  const list = threads.data?.threads;
  // With no conversation in the route, the most recently active one is open.
  const current = otherNumber ? list?.find((t) => t.otherNumber === otherNumber) : list?.[0];
  const unread = list?.reduce((n, t) => n + t.unread, 0) ?? 0;
  const markAllRead = () => void action.run(async () => {
    await api.patch('/sms/read', undefined, { read: true, phoneNumberId: phoneId });
    threads.reload();
  }, 'Every SMS of the number marked read');
  return (
    <section aria-labelledby="phone-title">
      <p class="crumbs"><a href={href('phones')}>Phones</a> /</p>
      <div class="view-head phone-head">
        <div class="grow">
          <h1 id="phone-title"><span class="phone-number">{data.phoneNumber}</span></h1>
          <p class="sub">
            <CopyButton text={data.phoneNumber} label="Copy number" />
            {data.name && <span>{data.name}</span>}
            <span class="tag">{data.phoneCountry}</span>
            {data.tags.map((t) => <span key={t} class="tag">{t}</span>)}
          </p>
        </div>
        <div class="actions">
          <button type="button" aria-expanded={form === 'test'} onClick={() => setForm(form === 'test' ? null : 'test')}>Send test SMS</button>
          <button type="button" class="primary" aria-expanded={form === 'send'} onClick={() => setForm(form === 'send' ? null : 'send')}>New message</button>
          {unread > 0 && <button type="button" disabled={action.busy} onClick={markAllRead}>Mark all read</button>}
          <DeleteButton name={`phone number ${data.phoneNumber}`} path={`/phone/numbers/${phoneId}`} onDone={() => navigate('phones')} />
        </div>
      </div>
      {form === 'test' && <TestSmsForm phoneId={phoneId} onDone={() => setForm(null)} />}
      {form === 'send' && (
        <SendSmsForm phoneId={phoneId} onCancel={() => setForm(null)}
          onSent={(to) => { setForm(null); threads.reload(); navigate('phones', phoneId, to); }} />
      )}
      {threads.error && <ErrorBox error={threads.error} retry={threads.reload} />}
      {!threads.data && threads.loading && <Loading />}
      {threads.data && !threads.data.complete && <p class="hint">Showing the newest {MAX_MESSAGES} received and {MAX_MESSAGES} sent SMS.</p>}
      {list && list.length === 0 && <Empty>No SMS yet. Send a test SMS, or text {data.phoneNumber} from another number or the SMS sink.</Empty>}
      {list && list.length > 0 && (
        <div class="threads">
          <ThreadList phoneId={phoneId} threads={list} current={current?.otherNumber} />
          {current
            ? <ThreadView key={current.otherNumber} phoneId={phoneId} thread={current} onSent={threads.reload} onRead={threads.markRead} />
            : <div class="empty">No messages with {otherNumber}.</div>}
        </div>
      )}
    </section>
  );
}
