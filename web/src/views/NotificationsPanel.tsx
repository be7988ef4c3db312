import { notificationsSupported, useNotificationSetting } from '../notify';

/** Settings: opt in to a desktop notification per new email (asked of the browser on click only). */
export function NotificationsPanel() {
  const setting = useNotificationSetting();
  return (
    <div class="panel">
      <h2>Notifications</h2>
      {!notificationsSupported() ? (
        <p class="sub">This browser cannot show notifications.</p>
      ) : (
        <>
          <label class="check">
            <input type="checkbox" checked={setting.on} disabled={setting.permission === 'denied'}
              onChange={(e) => void setting.toggle(e.currentTarget.checked)} />
            Notify me of new mail while the dashboard is open
          </label>
          {setting.permission === 'denied' && (
            <p class="sub" role="status">The browser blocks notifications for this site; allow them in its site settings first.</p>
          )}
        </>
      )}
    </div>
  );
}
