/** `pigeonhole inbox create|list`: createInboxWithOptions and getAllInboxes of a running server. */
import type { Command } from 'commander';
import { table, when } from '../table.js';
import { clientFrom, output, withClientFlags, type ClientContext, type ClientFlags } from './client.js';

interface Inbox { id: string; emailAddress: string; name?: string | null; tags?: string[] | null; createdAt: string }
interface InboxPage { content: Inbox[]; totalElements: number; number: number; size: number }

const inboxRows = (inboxes: Inbox[]) => table(
  ['ID', 'ADDRESS', 'NAME', 'TAGS', 'CREATED'],
  inboxes.map((i) => [i.id, i.emailAddress, i.name, (i.tags ?? []).join(','), when(i.createdAt)]),
);

export function inboxCommands(program: Command, context: ClientContext): void {
  const inbox = program.command('inbox').description('create and list inboxes on a running server');

  withClientFlags(inbox.command('create').description('create an inbox and print its id and address'))
    .option('--name <name>', 'display name')
    .option('--tags <tags>', 'comma-separated tags')
    .action(async (flags: ClientFlags & { name?: string; tags?: string }) => {
      const tags = flags.tags?.split(',').map((t) => t.trim()).filter(Boolean);
      const created = await clientFrom(flags, context).json<Inbox>('POST', '/inboxes/withOptions', { body: { name: flags.name, tags } });
      output(flags, context, created, () => inboxRows([created]));
    });

  withClientFlags(inbox.command('list').description('list your inboxes, newest first'))
    .option('--page <n>', 'page, from 0', '0')
    .option('--size <n>', 'inboxes per page', '100')
    .action(async (flags: ClientFlags & { page: string; size: string }) => {
      const page = await clientFrom(flags, context).json<InboxPage>('GET', '/inboxes/paginated', {
        query: { page: flags.page, size: flags.size, sort: 'DESC' },
      });
      output(flags, context, page, () => `${inboxRows(page.content)}${footer(page.content.length, page.number, page.size, page.totalElements, 'inbox', 'inboxes')}`);
    });
}

/** "2 inboxes" or "showing 101-200 of 340 emails": what a page holds of the whole. */
export function footer(shown: number, page: number, size: number, total: number, one: string, many: string): string {
  if (shown === total) return `${total} ${total === 1 ? one : many}\n`;
  const first = page * size + 1;
  return shown === 0 ? `none on page ${page} of ${total} ${many}\n` : `showing ${first}-${first + shown - 1} of ${total} ${many} (--page, --size)\n`;
}
