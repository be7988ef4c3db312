import { useState } from 'preact/hooks';
import { call } from '../api';
import { messageOf } from '../ui';

export function SignIn({ onSignedIn }: { onSignedIn: (apiKey: string) => void }) {
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const trimmed = apiKey.trim();
    if (!trimmed) return setError('Enter your API key');
    setBusy(true);
    setError(null);
    try {
      // Checked before it is kept, so a typo is reported here and not on the next page.
      await call('GET', '/user/info', { key: trimmed });
      onSignedIn(trimmed);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <form onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title"><img src="/favicon.svg" alt="" width="32" height="32" /> Pigeonhole</h1>
        <p>Sign in with an API key. The key stays in this browser tab only.</p>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autocomplete="off"
          spellcheck={false}
          value={apiKey}
          onInput={(e) => setApiKey(e.currentTarget.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'sign-in-error' : undefined}
          autoFocus
        />
        {error && <p id="sign-in-error" class="field-error" role="alert">{error}</p>}
        <button type="submit" class="primary" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
        <p class="hint">The admin key is printed at the first start, or set with PIGEONHOLE_API_KEY.</p>
      </form>
    </main>
  );
}
