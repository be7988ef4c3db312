import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { OptInIdentity } from '../../automation-types';
import { formatTime, relativeTime, useAction } from '../../ui';
import { CreateToggle, DeleteButton, FormError, PagedRows, useFormAction, usePaged } from './shared';

interface SendingConsent {
  canSend: boolean;
  userHasConsented: boolean;
  verificationCodeSent: boolean;
}

/** Consent: double opt-in requests, their state, and whether an address may be sent to. */
export function ConsentTab() {
  const paged = usePaged<OptInIdentity>('/consent/opt-in');
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <p class="intro">A request mails a confirmation link; sends to an address that needs consent and lacks it are refused.</p>
      <ConsentCheck />
      <CreateToggle label="Request consent" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <RequestConsentForm onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="Opt-in identities" empty="No consent requests yet.">
        {(identity) => <IdentityRow key={identity.id} identity={identity} onRevoked={paged.list.reload} />}
      </PagedRows>
    </div>
  );
}

function RequestConsentForm({ onDone }: { onDone: () => void }) {
  const [emailAddress, setEmailAddress] = useState('');
  const [companyName, setCompanyName] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await api.post('/consent/opt-in/send', { emailAddress, companyName: companyName || undefined });
      onDone();
    }, 'Consent request sent');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="Request consent" aria-describedby="consent-error">
      <label>Recipient address<input type="email" required value={emailAddress} onInput={(e) => setEmailAddress(e.currentTarget.value)} /></label>
      <label>Company name<input value={companyName} onInput={(e) => setCompanyName(e.currentTarget.value)} placeholder="shown in the request" /></label>
      <FormError id="consent-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Send request</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

/** Asks the send guard's question without sending: may mail go to this address? */
function ConsentCheck() {
  const [address, setAddress] = useState('');
  const [result, setResult] = useState<SendingConsent | null>(null);
  const action = useAction();
  const check = (event: Event) => {
    event.preventDefault();
    void action.run(async () => setResult(await api.get<SendingConsent>('/consent/opt-in/sending-consent', { emailAddress: address })));
  };
  return (
    <form class="filters" onSubmit={check} aria-label="Check sending consent">
      <label class="grow">Check an address<input type="email" required value={address} onInput={(e) => { setAddress(e.currentTarget.value); setResult(null); }} /></label>
      <button type="submit" disabled={action.busy}>Check</button>
      {result && (
        <span class={`status ${result.canSend ? 'ok' : 'failed'}`} role="status">
          {result.canSend ? 'May be sent to' : 'Sends are refused'}{result.userHasConsented ? ' · consented' : result.verificationCodeSent ? ' · request pending' : ''}
        </span>
      )}
    </form>
  );
}

function IdentityRow({ identity, onRevoked }: { identity: OptInIdentity; onRevoked: () => void }) {
  return (
    <li class="row" data-id={identity.id}>
      <div class="row-main">
        <span class="title mono">{identity.emailAddress}</span>
        <span class="sub">requested <time dateTime={identity.createdAt} title={formatTime(identity.createdAt)}>{relativeTime(identity.createdAt)}</time></span>
        <span class="meta"><span class={`tag ${identity.verified ? 'ok' : 'pending'}`}>{identity.verified ? 'consented' : 'pending'}</span></span>
      </div>
      <span class="row-actions">
        <DeleteButton name={`consent of ${identity.emailAddress}`} path="/consent/opt-in" query={{ emailAddress: identity.emailAddress }}
          onDone={onRevoked} label="Revoke" done="Consent revoked" />
      </span>
    </li>
  );
}
