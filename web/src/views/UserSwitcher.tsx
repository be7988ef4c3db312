import { useEffect, useState } from 'preact/hooks';
import { call } from '../api';
import { session } from '../session';
import { useAction } from '../ui';
import type { Page } from '../types';

interface AdminUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

/**
 * The admin acts as another user with that user's own key (every view uses the public API, so
 * it can only see what the key sees). The admin API never reveals existing keys, so switching
 * issues one new key per user (POST /admin/users/{id}/api-keys), kept for this tab only and
 * reused on later switches.
 */
export function UserSwitcher({ onSwitch }: { onSwitch: () => void }) {
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const adminKey = session.adminKey() ?? session.apiKey();
  const acting = session.actingAs();
  const action = useAction();

  useEffect(() => {
    // 403 for everyone but the admin: then there is no switcher.
    call('GET', '/admin/users', { query: { size: 100, sort: 'ASC' }, key: adminKey ?? undefined })
      .then((r) => r.json() as Promise<Page<AdminUser>>)
      .then((page) => setUsers(page.content), () => setUsers(null));
  }, [adminKey]);

  if (!users) return null;
  const choose = async (userId: string) => {
    if (userId === '') {
      session.backToAdmin();
      return onSwitch();
    }
    const user = users.find((u) => u.id === userId);
    if (!user) return;
    if (user.isAdmin) {
      session.backToAdmin();
      return onSwitch();
    }
    const known = session.userKeys()[userId];
    if (known) {
      session.actAs(userId, user.email, known.apiKey);
      return onSwitch();
    }
    await action.run(async () => {
      const issued = (await call('POST', `/admin/users/${userId}/api-keys`, { key: adminKey ?? undefined }).then((r) => r.json())) as { apiKey: string };
      session.actAs(userId, user.email, issued.apiKey);
      onSwitch();
    }, `Now acting as ${user.email}`);
  };
  return (
    <label class="switcher">
      <span class="visually-hidden">Act as user</span>
      <select value={acting?.userId ?? ''} disabled={action.busy} onChange={(e) => void choose(e.currentTarget.value)}>
        <option value="">Admin (me)</option>
        {users.filter((u) => !u.isAdmin).map((u) => <option key={u.id} value={u.id}>{u.email}</option>)}
      </select>
    </label>
  );
}
