/**
 * Keys live in sessionStorage: they survive a reload but not the tab, and never reach a cookie
 * (the API reads the key from x-api-key or an apiKey parameter, never from a cookie, so there is
 * nothing for another site to ride on).
 */
const KEY = 'pigeonhole.apiKey';
const ADMIN_KEY = 'pigeonhole.adminKey';
const USER_KEYS = 'pigeonhole.userKeys';

export interface ActingAs {
  userId: string;
  email: string;
}

export const session = {
  apiKey: () => sessionStorage.getItem(KEY),
  /** the admin's own key while the admin acts as another user */
  adminKey: () => sessionStorage.getItem(ADMIN_KEY),
  signIn(apiKey: string) {
    sessionStorage.setItem(KEY, apiKey);
  },
  signOut() {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(ADMIN_KEY);
    sessionStorage.removeItem(USER_KEYS);
  },
  /** keys the admin issued for users in this tab, so switching back and forth issues one key per user */
  userKeys(): Record<string, { apiKey: string; email: string }> {
    try {
      return JSON.parse(sessionStorage.getItem(USER_KEYS) ?? '{}') as Record<string, { apiKey: string; email: string }>;
    } catch {
      return {};
    }
  },
  actAs(userId: string, email: string, apiKey: string) {
    const admin = sessionStorage.getItem(ADMIN_KEY) ?? sessionStorage.getItem(KEY);
    if (admin) sessionStorage.setItem(ADMIN_KEY, admin);
    sessionStorage.setItem(USER_KEYS, JSON.stringify({ ...session.userKeys(), [userId]: { apiKey, email } }));
    sessionStorage.setItem(KEY, apiKey);
  },
  backToAdmin() {
    const admin = sessionStorage.getItem(ADMIN_KEY);
    if (admin) sessionStorage.setItem(KEY, admin);
    sessionStorage.removeItem(ADMIN_KEY);
  },
  actingAs(): ActingAs | null {
    const key = sessionStorage.getItem(KEY);
    if (!sessionStorage.getItem(ADMIN_KEY)) return null;
    const found = Object.entries(session.userKeys()).find(([, v]) => v.apiKey === key);
    return found ? { userId: found[0], email: found[1].email } : null;
  },
};
