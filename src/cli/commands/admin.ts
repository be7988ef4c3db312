/** `pigeonhole user list` and `pigeonhole key revoke`: the admin routes (src/modules/admin) of a running server. */
import type { Command } from 'commander';
import { ApiError, type ApiClient } from '../api-client.js';
import { table, when } from '../table.js';
import { clientFrom, output, withClientFlags, type ClientContext, type ClientFlags } from './client.js';
import { footer } from './inbox.js';

interface User { id: string; email: string; name: string | null; isAdmin: boolean; createdAt: string }
interface UserPage { content: User[]; totalElements: number; number: number; size: number }
interface KeyInfo { id: string; userId: string }

/** Whose key this is, looked up through every user's keys (an admin key can read them). */
async function ownerOf(client: ApiClient, keyId: string): Promise<string | undefined> {
  for (let page = 0; ; page++) {
    const users = await client.json<UserPage>('GET', '/admin/users', { query: { page, size: 100 } });
    for (const user of users.content) {
      const keys = await client.json<KeyInfo[]>('GET', `/admin/users/${user.id}/api-keys`);
      if (keys.some((k) => k.id === keyId)) return user.id;
    }
    if ((page + 1) * 100 >= users.totalElements || users.content.length === 0) return undefined;
  }
}

export function adminCommands(user: Command, program: Command, context: ClientContext): void {
  withClientFlags(user.command('list').description('list users (needs an admin key)'), true)
    .option('--page <n>', 'page, from 0', '0')
    .option('--size <n>', 'users per page', '100')
    .action(async (flags: ClientFlags & { page: string; size: string }) => {
      const page = await clientFrom(flags, context, true).json<UserPage>('GET', '/admin/users', { query: { page: flags.page, size: flags.size } });
      output(flags, context, page, () => table(
        ['ID', 'EMAIL', 'NAME', 'ADMIN', 'CREATED'],
        page.content.map((u) => [u.id, u.email, u.name, u.isAdmin ? 'yes' : 'no', when(u.createdAt)]),
      ) + footer(page.content.length, page.number, page.size, page.totalElements, 'user', 'users'));
    });

  const key = program.command('key').description('manage API keys on a running server');
  withClientFlags(key.command('revoke').argument('<keyId>', 'the key\'s id (not the key)')
    .description('revoke an API key: one of yours, or with an admin key any user\'s; it stops working at once'), true)
    .option('--user <userId>', 'the user the key belongs to (found by looking through the users when not given)')
    .action(async (keyId: string, flags: ClientFlags & { user?: string }) => {
      const client = clientFrom(flags, context, true);
      let userId = flags.user;
      if (userId === undefined) {
        try {
          await client.json('DELETE', `/api-keys/${encodeURIComponent(keyId)}`);
          return output(flags, context, { id: keyId, revoked: true }, () => `Revoked key ${keyId}\n`);
        } catch (err) {
          // Not one of the caller's keys: an admin may revoke another user's.
          if (!(err instanceof ApiError) || err.status !== 404) throw err;
          userId = await ownerOf(client, keyId).catch((lookup: unknown) => {
            throw lookup instanceof ApiError && lookup.status === 403 ? err : lookup;
          });
          if (userId === undefined) throw new ApiError(`No API key ${keyId} (of any user)`, 404);
        }
      }
      await client.json('DELETE', `/admin/users/${encodeURIComponent(userId)}/api-keys/${encodeURIComponent(keyId)}`);
      output(flags, context, { id: keyId, userId, revoked: true }, () => `Revoked key ${keyId} of user ${userId}\n`);
    });
}
