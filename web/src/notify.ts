import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import { useLiveEvents } from './live';
import { navigate } from './router';

/**
 * Opt-in desktop notifications for new mail. The choice is kept per browser (localStorage); the
 * browser's permission is asked only when the user turns the toggle on, never on page load.
 */
const SETTING = 'pigeonhole.notifyNewMail';

export const notificationsSupported = () => typeof Notification !== 'undefined';
export const notificationsWanted = () => localStorage.getItem(SETTING) === 'on';

export async function setNotificationsWanted(on: boolean): Promise<NotificationPermission | 'unsupported'> {
  if (!on) {
    localStorage.removeItem(SETTING);
    return notificationsSupported() ? Notification.permission : 'unsupported';
  }
  if (!notificationsSupported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'granted') localStorage.setItem(SETTING, 'on');
  return permission;
}

interface Summary {
  subject?: string | null;
  from?: string | null;
  sender?: { name?: string | null; emailAddress?: string | null } | null;
}

/** Mounted once while signed in: shows a notification for each email received while the toggle is on. */
export function MailNotifier() {
  useLiveEvents((event) => {
    if (event.name !== 'email.received' || !event.payload.emailId) return;
    if (!notificationsWanted() || !notificationsSupported() || Notification.permission !== 'granted') return;
    const emailId = event.payload.emailId;
    // The summary does not mark the email read, as opening it would.
    api.get<Summary>(`/emails/${encodeURIComponent(emailId)}/summary`).then((email) => {
      const who = email.sender?.name || email.from || 'someone';
      const shown = new Notification(`New email from ${who}`, { body: email.subject || '(no subject)', tag: emailId });
      shown.onclick = () => {
        focus();
        navigate('emails', emailId);
      };
    }, () => undefined);
  });
  return null;
}

/** The toggle's state, following the permission the browser holds. */
export function useNotificationSetting() {
  const [on, setOn] = useState(notificationsWanted());
  const [permission, setPermission] = useState<string>(notificationsSupported() ? Notification.permission : 'unsupported');
  useEffect(() => {
    if (permission === 'denied' && on) setOn(false);
  }, [permission, on]);
  return {
    on,
    permission,
    async toggle(next: boolean) {
      const answer = await setNotificationsWanted(next);
      setPermission(answer);
      setOn(next && answer === 'granted');
    },
  };
}
