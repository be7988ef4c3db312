import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api';
import type { TotpDevice } from '../../automation-types';
import { formatTime, relativeTime } from '../../ui';
import { CreateToggle, DeleteButton, FormError, PagedRows, useFormAction, usePaged } from './shared';

/** Virtual TOTP devices: an authenticator app for tests, with its current code ticking. */
export function TotpTab() {
  const paged = usePaged<TotpDevice>('/mfa/totp/device');
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <p class="intro">Paste the <code>otpauth://</code> URL or the base32 secret an app's two-factor setup shows; the device answers its codes.</p>
      <CreateToggle label="New TOTP device" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <CreateTotpForm onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="TOTP devices" empty="No TOTP devices yet.">
        {(device) => <TotpRow key={device.id} device={device} onDeleted={paged.list.reload} />}
      </PagedRows>
    </div>
  );
}

function CreateTotpForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const fromUrl = secret.trim().toLowerCase().startsWith('otpauth://');
    void action.run(async () => {
      if (fromUrl) await api.post('/mfa/totp/device/otpAuthUrl', { otpAuthUrl: secret.trim(), name: name || null });
      else await api.post('/mfa/totp/device/base32SecretKey', { base32SecretKey: secret, name: name || null });
      onDone();
    }, 'TOTP device created');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New TOTP device" aria-describedby="totp-error">
      <label>Device name<input value={name} onInput={(e) => setName(e.currentTarget.value)} placeholder="from the URL when empty" /></label>
      <label class="wide">Secret or otpauth:// URL
        <input required value={secret} onInput={(e) => setSecret(e.currentTarget.value)} placeholder="JBSWY3DPEHPK3PXP" autocomplete="off" />
      </label>
      <FormError id="totp-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Create device</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function TotpRow({ device, onDeleted }: { device: TotpDevice; onDeleted: () => void }) {
  const label = device.name ?? device.username ?? device.id;
  const about = [device.issuer, device.username].filter(Boolean).join(' · ');
  return (
    <li class="row column" data-id={device.id}>
      <div class="row-line">
        <div class="row-main">
          <span class="title">{label}</span>
          <span class="sub">{about ? `${about} · ` : ''}{device.digits} digits, {device.period} s, {device.algorithm}
            {device.clockOffsetSeconds ? `, clock ${device.clockOffsetSeconds > 0 ? '+' : ''}${device.clockOffsetSeconds} s` : ''}</span>
          <span class="meta"><time dateTime={device.createdAt} title={formatTime(device.createdAt)}>{relativeTime(device.createdAt)}</time></span>
        </div>
        <TickingCode deviceId={device.id} label={label} />
        <span class="row-actions">
          <DeleteButton name={`TOTP device ${label}`} path={`/mfa/totp/device/${device.id}`} onDone={onDeleted} />
        </span>
      </div>
    </li>
  );
}

/** The device's code and the seconds it has left; a new code is fetched when it expires. */
function TickingCode({ deviceId, label }: { deviceId: string; label: string }) {
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null);
  const [now, setNow] = useState(Date.now());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const expired = code === null || Date.parse(code.expiresAt) <= now;
  useEffect(() => {
    if (!expired) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    api.get<{ code: string; expiresAt: string }>(`/mfa/totp/device/${deviceId}/code`)
      .then((next) => {
        if (!live) return;
        setCode(next);
        setFailed(false);
        // A browser clock ahead of the server's gets the ending period's code again: ask once more a second later.
        if (Date.parse(next.expiresAt) <= Date.now()) retry = setTimeout(() => setAttempt((a) => a + 1), 1000);
      })
      .catch(() => { if (live) setFailed(true); });
    return () => { live = false; clearTimeout(retry); };
  }, [deviceId, expired, attempt]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (failed) return <span class="meta">code unavailable</span>;
  if (!code) return <span class="meta">…</span>;
  const left = Math.max(0, Math.ceil((Date.parse(code.expiresAt) - now) / 1000));
  return (
    <span class="totp-code" aria-label={`Code of ${label}`}>
      <code data-code={code.code}>{code.code}</code> <span class="meta">{left} s left</span>
    </span>
  );
}
