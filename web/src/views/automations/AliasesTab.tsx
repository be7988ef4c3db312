import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { Alias, AliasDetail, AliasThread } from '../../automation-types';
import type { Page } from '../../types';
import { CopyButton, Empty, ErrorBox, Loading, formatTime, relativeTime, useAsync } from '../../ui';
import { CreateToggle, DeleteButton, FormError, PagedRows, useFormAction, usePaged } from './shared';

/** Aliases: an address of this server that masks a hidden one, once the hidden address verifies it. */
export function AliasesTab() {
  const paged = usePaged<Alias>('/aliases');
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <p class="intro">The hidden address gets a verification link; until it is followed the alias proxies nothing.</p>
      <CreateToggle label="New alias" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <CreateAliasForm onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="Aliases" empty="No aliases yet.">
        {(alias) => <AliasRow key={alias.id} alias={alias} onDeleted={paged.list.reload} />}
      </PagedRows>
    </div>
  );
}

function CreateAliasForm({ onDone }: { onDone: () => void }) {
  const [emailAddress, setEmailAddress] = useState('');
  const [name, setName] = useState('');
  const [useThreads, setUseThreads] = useState(true);
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await api.post('/aliases', { emailAddress, name: name || undefined, useThreads });
      onDone();
    }, 'Alias created: the hidden address has a verification email');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New alias" aria-describedby="alias-error">
      <label>Hidden address<input type="email" required value={emailAddress} onInput={(e) => setEmailAddress(e.currentTarget.value)} placeholder="me@example.com" /></label>
      <label>Alias name<input value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
      <label class="check"><input type="checkbox" checked={useThreads} onChange={(e) => setUseThreads(e.currentTarget.checked)} /> Threads (replies go back through the alias)</label>
      <FormError id="alias-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Create alias</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function AliasRow({ alias, onDeleted }: { alias: Alias; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li class="row column" data-id={alias.id}>
      <div class="row-line">
        <div class="row-main">
          <span class="title">{alias.name || alias.emailAddress}</span>
          <span class="sub mono">{alias.emailAddress}</span>
          <span class="meta">
            {alias.useThreads && <span class="tag">threads</span>}
            <time dateTime={alias.createdAt} title={formatTime(alias.createdAt)}>{relativeTime(alias.createdAt)}</time>
          </span>
        </div>
        <span class="row-actions">
          <CopyButton text={alias.emailAddress} label="Copy address" />
          <button type="button" class="small" aria-expanded={open} onClick={() => setOpen(!open)}>Threads</button>
          <DeleteButton name={`alias ${alias.emailAddress}`} path={`/aliases/${alias.id}`} onDone={onDeleted} />
        </span>
      </div>
      {open && <AliasThreads alias={alias} />}
    </li>
  );
}

/** Whether the alias is verified, and its conversations (one thread per outside sender). */
function AliasThreads({ alias }: { alias: Alias }) {
  const detail = useAsync(() => api.get<AliasDetail>(`/aliases/${alias.id}`), [alias.id]);
  const threads = useAsync(() => api.get<Page<AliasThread>>(`/aliases/${alias.id}/threads`, { size: 10, sort: 'DESC' }), [alias.id]);
  const error = detail.error ?? threads.error;
  if (error) return <ErrorBox error={error} retry={() => { detail.reload(); threads.reload(); }} />;
  if (!detail.data || !threads.data) return <Loading />;
  return (
    <div>
      <p class={`status ${detail.data.isVerified ? 'ok' : 'pending'}`}>
        {detail.data.isVerified ? 'Verified' : 'Waiting for verification'}: hides <span class="mono">{detail.data.maskedEmailAddress ?? '—'}</span>
      </p>
      {threads.data.content.length === 0 ? <Empty>No threads yet.</Empty> : (
        <div class="table-wrap">
          <table aria-label={`Threads of ${alias.emailAddress}`}>
            <thead><tr><th scope="col">Updated</th><th scope="col">Subject</th><th scope="col">With</th></tr></thead>
            <tbody>
              {threads.data.content.map((t) => (
                <tr key={t.id}>
                  <td><time dateTime={t.updatedAt} title={formatTime(t.updatedAt)}>{relativeTime(t.updatedAt)}</time></td>
                  <td>{t.subject ?? ''}</td>
                  <td class="mono clip">{t.to.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
