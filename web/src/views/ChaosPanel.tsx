import { useState } from 'preact/hooks';
import { api } from '../api';
import { Empty, ErrorBox, Loading, formatTime, useAction, useAsync } from '../ui';

/** A chaos rule as GET/PUT /inboxes/{inboxId}/chaos carry it (README "Chaos per inbox"). */
interface ChaosRule {
  mode: 'FAIL' | 'DELAY' | 'GREYLIST' | 'BOUNCE';
  stage?: 'MAIL' | 'RCPT' | 'DATA';
  code?: number;
  enhancedStatus?: string;
  message?: string;
  probability?: number;
  seed?: number;
  delaySeconds?: number;
  greylistSeconds?: number;
  bounceAfterSeconds?: number;
}

interface InboxChaos {
  inboxId: string;
  rules: ChaosRule[];
  updatedAt: string | null;
}

const MODES = [
  ['FAIL', 'Fail with a code'],
  ['DELAY', 'Delay the answer'],
  ['GREYLIST', 'Greylist'],
  ['BOUNCE', 'Accept, then bounce'],
] as const;

/** What a rule does, in one line. */
function describe(rule: ChaosRule): string {
  const chance = rule.probability !== undefined && rule.probability < 1 ? `, ${Math.round(rule.probability * 100)}% of attempts` : '';
  switch (rule.mode) {
    case 'FAIL': return `${rule.stage ?? 'RCPT'}: ${rule.code} ${rule.enhancedStatus} ${rule.message ?? ''}${chance}`;
    case 'DELAY': return `${rule.stage ?? 'RCPT'}: answer after ${rule.delaySeconds} s${chance}`;
    case 'GREYLIST': return `RCPT: 451 4.7.1 to a first attempt, accepted after ${rule.greylistSeconds} s`;
    case 'BOUNCE': return `250, then a DSN (${rule.code} ${rule.enhancedStatus}) to the sender after ${rule.bounceAfterSeconds} s${chance}`;
  }
}

/** The chaos rules of one inbox: listed, added one at a time, cleared. */
export function ChaosPanel({ inboxId }: { inboxId: string }) {
  const chaos = useAsync(() => api.get<InboxChaos>(`/inboxes/${inboxId}/chaos`), [inboxId]);
  const action = useAction();
  // PUT replaces the whole list: adding and removing a rule both send the list as it should be.
  const save = (rules: ChaosRule[], done: string) => action.run(async () => {
    const saved = await api.put<InboxChaos>(`/inboxes/${inboxId}/chaos`, { rules });
    chaos.set(() => saved);
  }, done);
  if (chaos.error) return <ErrorBox error={chaos.error} retry={chaos.reload} />;
  if (!chaos.data) return <Loading />;
  const rules = chaos.data.rules;
  return (
    <div>
      <p class="sub">Make this inbox's SMTP answers fail on purpose, to test how your app retries and handles bounces. Only mail from SMTP clients is affected.</p>
      {rules.length === 0 && <Empty>No chaos rules: this inbox answers SMTP normally.</Empty>}
      <ul class="rows" aria-label="Chaos rules">
        {rules.map((rule, i) => (
          <li key={i} class="row" data-chaos-mode={rule.mode}>
            <div class="row-main">
              <span class="title"><span class="tag">{rule.mode}</span> {describe(rule)}</span>
            </div>
            <span class="row-actions">
              <button type="button" class="small danger" disabled={action.busy} aria-label={`Remove chaos rule ${i + 1}`}
                onClick={() => void save(rules.filter((_, j) => j !== i), 'Chaos rule removed')}>Remove</button>
            </span>
          </li>
        ))}
      </ul>
      {chaos.data.updatedAt && <p class="sub">Set {formatTime(chaos.data.updatedAt)}</p>}
      <ChaosRuleForm onAdd={(rule) => void save([...rules, rule], 'Chaos rule added')} busy={action.busy} />
      {rules.length > 0 && (
        <div class="form-actions">
          <button type="button" class="danger" disabled={action.busy}
            onClick={() => void action.run(async () => { await api.del(`/inboxes/${inboxId}/chaos`); chaos.reload(); }, 'Chaos rules cleared')}>
            Clear all chaos rules
          </button>
        </div>
      )}
    </div>
  );
}

function ChaosRuleForm({ onAdd, busy }: { onAdd: (rule: ChaosRule) => void; busy: boolean }) {
  const [mode, setMode] = useState<ChaosRule['mode']>('FAIL');
  const [stage, setStage] = useState<'MAIL' | 'RCPT' | 'DATA'>('RCPT');
  const [code, setCode] = useState('451');
  const [enhanced, setEnhanced] = useState('4.3.0');
  const [message, setMessage] = useState('');
  const [probability, setProbability] = useState('100');
  const [seconds, setSeconds] = useState('5');
  const submit = (event: Event) => {
    event.preventDefault();
    const rule: ChaosRule = { mode };
    if (mode === 'FAIL' || mode === 'DELAY') rule.stage = stage;
    if (mode === 'FAIL' || mode === 'BOUNCE') {
      rule.code = Number(code);
      rule.enhancedStatus = enhanced;
    }
    if (message && mode !== 'DELAY') rule.message = message;
    if (mode !== 'GREYLIST') rule.probability = Number(probability) / 100;
    if (mode === 'DELAY') rule.delaySeconds = Number(seconds);
    if (mode === 'GREYLIST') rule.greylistSeconds = Number(seconds);
    if (mode === 'BOUNCE') rule.bounceAfterSeconds = Number(seconds);
    onAdd(rule);
  };
  const pickMode = (next: ChaosRule['mode']) => {
    setMode(next);
    if (next === 'BOUNCE') { setCode('550'); setEnhanced('5.1.1'); }
    if (next === 'FAIL') { setCode('451'); setEnhanced('4.3.0'); }
    if (next === 'GREYLIST') setSeconds('60');
  };
  const secondsLabel = mode === 'DELAY' ? 'Delay (s, up to 60)' : mode === 'GREYLIST' ? 'Retry accepted after (s)' : 'Bounce after (s)';
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New chaos rule">
      <label>Mode
        <select value={mode} onChange={(e) => pickMode(e.currentTarget.value as ChaosRule['mode'])}>
          {MODES.map(([id, label]) => <option key={id} value={id}>{label}</option>)}
        </select>
      </label>
      {(mode === 'FAIL' || mode === 'DELAY') && (
        <label>Stage
          <select value={stage} onChange={(e) => setStage(e.currentTarget.value as 'MAIL' | 'RCPT' | 'DATA')}>
            <option value="MAIL">MAIL FROM</option><option value="RCPT">RCPT TO</option><option value="DATA">DATA</option>
          </select>
        </label>
      )}
      {(mode === 'FAIL' || mode === 'BOUNCE') && (
        <>
          <label>SMTP code<input type="number" required min={mode === 'BOUNCE' ? 500 : 400} max={599} value={code} onInput={(e) => setCode(e.currentTarget.value)} /></label>
          <label>Enhanced status<input required pattern="[45]\.[0-9]{1,3}\.[0-9]{1,3}" value={enhanced} onInput={(e) => setEnhanced(e.currentTarget.value)} /></label>
          <label class="wide">Text<input maxLength={200} value={message} onInput={(e) => setMessage(e.currentTarget.value)} placeholder="Failure injected by chaos rule" /></label>
        </>
      )}
      {mode !== 'FAIL' && (
        <label>{secondsLabel}<input type="number" required min={mode === 'GREYLIST' ? 1 : 0} max={mode === 'DELAY' ? 60 : 86400} value={seconds} onInput={(e) => setSeconds(e.currentTarget.value)} /></label>
      )}
      {mode !== 'GREYLIST' && (
        <label>Probability (%)<input type="number" required min={0} max={100} value={probability} onInput={(e) => setProbability(e.currentTarget.value)} /></label>
      )}
      <div class="form-actions wide">
        <button type="submit" class="primary" disabled={busy}>Add chaos rule</button>
      </div>
    </form>
  );
}
