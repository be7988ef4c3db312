import { useState } from 'preact/hooks';
import { api } from '../../api';
import { RULESET_ACTIONS, RULESET_SCOPES, type Ruleset } from '../../automation-types';
import type { Inbox } from '../../types';
import { formatTime, relativeTime, useAction } from '../../ui';
import { CreateToggle, DeleteButton, FormError, InboxSelect, PagedRows, SelectField, inboxLabel, useFormAction, useInboxes, usePaged } from './shared';

/** Rulesets: block, allow, filter or bounce mail to and from matching addresses. */
export function RulesetsTab() {
  const inboxes = useInboxes();
  const [inboxId, setInboxId] = useState('');
  const paged = usePaged<Ruleset>('/rulesets', { inboxId: inboxId || undefined });
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <p class="intro">A ruleset on an inbox is checked before the account's; ALLOW wins over BLOCK for the same message.</p>
      <div class="filters">
        <InboxSelect inboxes={inboxes.data} value={inboxId} onChange={setInboxId} label="Show rulesets of" none="Every inbox and the account" />
      </div>
      <CreateToggle label="New ruleset" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <CreateRulesetForm inboxes={inboxes.data} onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="Rulesets" empty="No rulesets. Mail flows as usual.">
        {(ruleset) => <RulesetRow key={ruleset.id} ruleset={ruleset} inbox={inboxLabel(inboxes.data, ruleset.inboxId)} onDeleted={paged.list.reload} />}
      </PagedRows>
    </div>
  );
}

function CreateRulesetForm({ inboxes, onDone }: { inboxes: Inbox[] | undefined; onDone: () => void }) {
  const [inboxId, setInboxId] = useState('');
  const [scope, setScope] = useState<string>('RECEIVING_EMAILS');
  const [action, setAction] = useState<string>('BLOCK');
  const [target, setTarget] = useState('');
  const submit = useFormAction();
  const onSubmit = (event: Event) => {
    event.preventDefault();
    void submit.run(async () => {
      await api.post('/rulesets', { scope, action, target }, { inboxId: inboxId || undefined });
      onDone();
    }, 'Ruleset created');
  };
  return (
    <form class="panel form-grid" onSubmit={onSubmit} aria-label="New ruleset" aria-describedby="ruleset-error">
      <InboxSelect inboxes={inboxes} value={inboxId} onChange={setInboxId} label="Applies to" none="The account (every inbox)" />
      <SelectField label="Scope" value={scope} onChange={setScope}>
        {RULESET_SCOPES.map((s) => <option key={s} value={s}>{s}</option>)}
      </SelectField>
      <SelectField label="Action" value={action} onChange={setAction}>
        {RULESET_ACTIONS.map((a) => <option key={a} value={a}>{a}</option>)}
      </SelectField>
      <label>Target<input required value={target} onInput={(e) => setTarget(e.currentTarget.value)} placeholder="*@example.com" /></label>
      <FormError id="ruleset-error" error={submit.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={submit.busy}>Create ruleset</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function RulesetRow({ ruleset, inbox, onDeleted }: { ruleset: Ruleset; inbox: string; onDeleted: () => void }) {
  const [testTarget, setTestTarget] = useState('');
  const [result, setResult] = useState<boolean | null>(null);
  const action = useAction();
  const name = `${ruleset.action} ${ruleset.target}`;
  const test = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      setResult((await api.post<{ matches: boolean }>(`/rulesets/${ruleset.id}/test`, { testTarget })).matches);
    });
  };
  return (
    <li class="row column" data-id={ruleset.id}>
      <div class="row-line">
        <div class="row-main">
          <span class="title"><span class="tag">{ruleset.action}</span> <span class="mono">{ruleset.target}</span></span>
          <span class="sub">{ruleset.scope} · {inbox}</span>
          <span class="meta"><time dateTime={ruleset.createdAt} title={formatTime(ruleset.createdAt)}>{relativeTime(ruleset.createdAt)}</time></span>
        </div>
        <form class="row-actions" onSubmit={test} aria-label={`Test ruleset ${name}`}>
          <label class="visually-hidden" for={`test-${ruleset.id}`}>Address to test</label>
          <input id={`test-${ruleset.id}`} class="inline-input" required value={testTarget} placeholder="address to test"
            onInput={(e) => { setTestTarget(e.currentTarget.value); setResult(null); }} />
          <button type="submit" class="small" disabled={action.busy}>Test</button>
          <DeleteButton name={`ruleset ${name}`} path={`/rulesets/${ruleset.id}`} onDone={onDeleted} />
        </form>
      </div>
      {result !== null && (
        <p class={`status ${result ? 'ok' : ''}`} role="status">{result ? `${testTarget} matches: ${ruleset.action}` : `${testTarget} does not match`}</p>
      )}
    </li>
  );
}
