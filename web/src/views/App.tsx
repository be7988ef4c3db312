import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { disconnectLive } from '../live';
import { href, navigate, useRoute } from '../router';
import { session } from '../session';
import { messageOf, Toaster, toast } from '../ui';
import { EmailView } from './EmailView';
import { SentView } from './SentView';
import { InboxList } from './InboxList';
import { InboxView } from './InboxView';
import { AllMail } from './mail/AllMail';
import { UnreadTitle } from '../unread';
import { MailNotifier } from '../notify';
import { PhonesView } from './phones/PhonesView';
import { PhoneView } from './phones/PhoneView';
import { AutomationsView } from './automations/AutomationsView';
import { SettingsView } from './SettingsView';
import { SignIn } from './SignIn';
import { UserSwitcher } from './UserSwitcher';
import { WebhooksView } from './WebhooksView';

interface UserInfo {
  id: string;
  emailAddress: string;
}

export function App() {
  const [key, setKey] = useState(session.apiKey());
  const [user, setUser] = useState<UserInfo | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!key) return;
    setUser(null);
    setFailure(null);
    api.get<UserInfo>('/user/info').then(setUser, (err: unknown) => {
      // A revoked or mistyped key sends the user back to the sign-in form with the reason.
      if (err instanceof ApiError && err.status === 401) signOut(messageOf(err));
      else setFailure(messageOf(err));
    });
  }, [key]);

  const signOut = (reason?: string) => {
    session.signOut();
    disconnectLive();
    setKey(null);
    if (reason) toast(reason, true);
  };
  const switchKey = () => {
    disconnectLive();
    setKey(session.apiKey());
    navigate();
  };

  if (!key) {
    return (
      <>
        <SignIn onSignedIn={(apiKey) => { session.signIn(apiKey); setKey(apiKey); }} />
        <Toaster />
      </>
    );
  }
  return (
    <div class="shell">
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href={href()} aria-label="Pigeonhole: all mail">
          <img src="/favicon.svg" alt="" width="24" height="24" /> <span>Pigeonhole</span>
        </a>
        <nav aria-label="Main">
          <a href={href()}>All mail</a>
          <a href={href('inboxes')}>Inboxes</a>
          <a href={href('phones')}>Phones</a>
          <a href={href('webhooks')}>Webhooks</a>
          <a href={href('automations')}>Automations</a>
          <a href={href('settings')}>Settings</a>
        </nav>
        <div class="account">
          <UserSwitcher key={key} onSwitch={switchKey} />
          <span class="who" title={user?.emailAddress}>{user?.emailAddress ?? ''}</span>
          <button type="button" class="small" onClick={() => signOut()}>Sign out</button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {failure ? <div class="error-box" role="alert">{failure}</div> : user ? <Routes /> : <div class="loading">Signing in…</div>}
      </main>
      <Toaster />
      {user && <><UnreadTitle /><MailNotifier /></>}
    </div>
  );
}

function Routes() {
  const route = useRoute();
  const [section, id, tab] = route;
  useEffect(() => {
    // Screen readers and keyboard users start at the new view's content.
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [route.join('/')]);
  if (section === 'inboxes') return id ? <InboxView inboxId={id} tab={tab ?? 'emails'} /> : <InboxList />;
  if (section === 'emails' && id) return <EmailView emailId={id} mode={tab} />;
  if (section === 'sent' && id) return <SentView sentId={id} />;
  if (section === 'phones') {
    return id && id !== 'totp' ? <PhoneView key={id} phoneId={id} otherNumber={tab} /> : <PhonesView tab={id ?? 'numbers'} />;
  }
  if (section === 'webhooks') return <WebhooksView />;
  if (section === 'automations') return <AutomationsView tab={id} />;
  if (section === 'settings') return <SettingsView />;
  return <AllMail />;
}
