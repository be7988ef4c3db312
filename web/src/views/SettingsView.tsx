import { useState } from 'preact/hooks';
import { api } from '../api';
import { session } from '../session';
import { NotificationsPanel } from './NotificationsPanel';
import { CopyButton, ErrorBox, Loading, useAsync } from '../ui';

interface Access {
  smtpServerHost: string; smtpServerPort: number; smtpUsername: string; smtpPassword: string;
  secureSmtpServerHost: string; secureSmtpServerPort: number;
  imapServerHost?: string; imapServerPort?: number; secureImapServerHost?: string; secureImapServerPort?: number;
  imapUsername?: string; imapPassword?: string;
}

/** IMAP + SMTP details where the server has them, else the SMTP ones alone. */
async function loadAccess(): Promise<Access> {
  try {
    return await api.get<Access>('/inboxes/imap-smtp-access');
  } catch {
    return api.get<Access>('/inboxes/smtp-access');
  }
}

export function SettingsView() {
  const key = session.apiKey() ?? '';
  const [reveal, setReveal] = useState(false);
  const access = useAsync(loadAccess, []);
  const origin = location.origin;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <div class="panel">
        <h2>API key</h2>
        <p class="sub">Send it as the <code>x-api-key</code> header, or pass it to the official MailSlurp client with basePath <code class="mono">{origin}</code>.</p>
        <p class="keyline">
          <code class="mono" aria-label="API key">{reveal ? key : `${key.slice(0, 8)}${'•'.repeat(16)}`}</code>
          <button type="button" class="small" onClick={() => setReveal(!reveal)} aria-pressed={reveal}>{reveal ? 'Hide' : 'Show'}</button>
          <CopyButton text={key} label="Copy key" />
        </p>
      </div>
      <div class="panel">
        <h2>SMTP and IMAP access</h2>
        {access.error && <ErrorBox error={access.error} retry={access.reload} />}
        {!access.data && !access.error && <Loading />}
        {access.data && (
          <dl class="envelope">
            <dt>SMTP</dt><dd class="mono">{access.data.smtpServerHost}:{access.data.smtpServerPort} (plain)</dd>
            <dt>SMTP secure</dt><dd class="mono">{access.data.secureSmtpServerHost}:{access.data.secureSmtpServerPort} (STARTTLS before login)</dd>
            {access.data.imapServerHost && <><dt>IMAP</dt><dd class="mono">{access.data.imapServerHost}:{access.data.imapServerPort}</dd></>}
            {access.data.secureImapServerHost && <><dt>IMAPS</dt><dd class="mono">{access.data.secureImapServerHost}:{access.data.secureImapServerPort}</dd></>}
            <dt>Username</dt><dd class="mono">{access.data.smtpUsername} <CopyButton text={access.data.smtpUsername} label="Copy username" /></dd>
            <dt>Password</dt><dd class="mono">{'•'.repeat(12)} <CopyButton text={access.data.smtpPassword} label="Copy password" /></dd>
          </dl>
        )}
      </div>
      <NotificationsPanel />
      <div class="panel">
        <h2>API documentation</h2>
        <ul class="links">
          <li><a href="/docs" target="_blank" rel="noopener">REST API reference (/docs)</a></li>
          <li><a href="/graphql" target="_blank" rel="noopener">GraphQL explorer (/graphql)</a></li>
          <li><a href="/v3/api-docs" target="_blank" rel="noopener">OpenAPI document (/v3/api-docs)</a></li>
          <li><a href="/tls/ca.pem" download="pigeonhole-ca.pem">CA certificate for SMTP/IMAP TLS (/tls/ca.pem)</a></li>
        </ul>
      </div>
    </section>
  );
}
