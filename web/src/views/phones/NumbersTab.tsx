import { useRef, useState } from 'preact/hooks';
import { api } from '../../api';
import { useLiveEvents } from '../../live';
import { PHONE_COUNTRIES, type PhoneNumber } from '../../phone-types';
import { href } from '../../router';
import type { Page } from '../../types';
import { formatTime, relativeTime, useAsync, useListKeys } from '../../ui';
import { CreateToggle, DeleteButton, FormError, PagedRows, SelectField, useFormAction, usePaged } from '../automations/shared';

/** The account's simulated phone numbers: create one in a country's configured range, delete, open. */
export function NumbersTab() {
  const paged = usePaged<PhoneNumber>('/phone/numbers');
  const [creating, setCreating] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useListKeys(container);
  const ids = paged.list.data?.content.map((p) => p.id) ?? [];
  const unread = useAsync(async () => Object.fromEntries(await Promise.all(ids.map(async (id) =>
    [id, (await api.get<Page<unknown>>(`/phone/numbers/${id}/sms`, { unreadOnly: true, size: 1 })).totalElements] as const))), [ids.join()]);
  // A new SMS raises its number's badge without a reload.
  useLiveEvents((event) => {
    const phoneId = event.payload.phoneId;
    if (event.name !== 'sms.received' || typeof phoneId !== 'string' || unread.data?.[phoneId] === undefined) return;
    unread.set((u) => ({ ...u, [phoneId]: (u?.[phoneId] ?? 0) + 1 }));
  });
  return (
    <div ref={container}>
      <p class="intro">Numbers of the simulated carrier: they never reach a real network. The SMS sent to them show up
        in their threads, grouped by the other number, the moment they arrive.</p>
      <CreateToggle label="New phone number" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <CreatePhoneForm onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="Phone numbers" empty="No phone numbers yet.">
        {(phone) => <PhoneRow key={phone.id} phone={phone} unread={unread.data?.[phone.id]} onDeleted={paged.list.reload} />}
      </PagedRows>
    </div>
  );
}

function CreatePhoneForm({ onDone }: { onDone: () => void }) {
  const [country, setCountry] = useState<string>('US');
  const [name, setName] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await api.post('/phone', { phoneCountry: country, name: name.trim() || null });
      onDone();
    }, 'Phone number created');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New phone number" aria-describedby="phone-error">
      <SelectField label="Country" value={country} onChange={setCountry} required>
        {PHONE_COUNTRIES.map((c) => <option key={c} value={c}>{c}</option>)}
      </SelectField>
      <label>Number name<input value={name} onInput={(e) => setName(e.currentTarget.value)} placeholder="optional" maxLength={1000} /></label>
      <FormError id="phone-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Create number</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

/** `unread` is undefined while the count loads. */
function PhoneRow({ phone, unread, onDeleted }: { phone: PhoneNumber; unread: number | undefined; onDeleted: () => void }) {
  return (
    <li class={`row ${unread ? 'unread' : ''}`} data-id={phone.id} data-number={phone.phoneNumber} data-unread={unread}>
      <a class="row-main" href={href('phones', phone.id)} data-row>
        <span class="title mono">{phone.phoneNumber}</span>
        <span class="sub">{phone.name ? `${phone.name} · ` : ''}{phone.phoneCountry}
          {phone.tags.length > 0 && ` · ${phone.tags.join(', ')}`}</span>
        <span class="meta">
          {unread !== undefined && unread > 0 && <span class="badge" aria-label={`${unread} unread`}>{unread}</span>}
          <time dateTime={phone.createdAt} title={formatTime(phone.createdAt)}>{relativeTime(phone.createdAt)}</time>
        </span>
      </a>
      <span class="row-actions">
        <DeleteButton name={`phone number ${phone.phoneNumber}`} path={`/phone/numbers/${phone.id}`} onDone={onDeleted} />
      </span>
    </li>
  );
}
