/** `pigeonhole mail list|show|wait`: received email of a running server (EmailController, WaitForController). */
import { type Command, Option } from 'commander';
import type { ApiClient } from '../api-client.js';
import { table, when } from '../table.js';
import { clientFrom, output, withClientFlags, type ClientContext, type ClientFlags } from './client.js';
import { footer } from './inbox.js';

interface EmailSummary { id: string; inboxId: string; from?: string | null; to: string[]; subject?: string | null; createdAt: string; read: boolean }
interface Email extends EmailSummary { cc?: string[] | null; attachments?: string[] | null; body?: string | null; isHTML?: boolean | null }
interface EmailPage { content: EmailSummary[]; totalElements: number; number: number; size: number }

type ShowFlags = ClientFlags & { raw?: boolean; html?: boolean; text?: boolean };

/** The text of an email: its text/plain part, else the text of its HTML. */
async function textOf(client: ApiClient, id: string): Promise<{ json: unknown; text: string }> {
  try {
    const part = await client.json<{ content?: string | null }>('GET', `/emails/${encodeURIComponent(id)}/contentPart`, { query: { contentType: 'text/plain' } });
    if (part.content != null) return { json: part, text: part.content };
  } catch (err) {
    if ((err as { status?: number }).status !== 404) throw err;
  }
  const lines = await client.json<{ body: string }>('GET', `/emails/${encodeURIComponent(id)}/textLines`, { query: { decodeHtmlEntities: true } });
  return { json: lines, text: lines.body };
}

const endWithNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** An email as a person reads it: the main headers, then its text. */
async function printEmail(client: ApiClient, email: Email, flags: ShowFlags, context: ClientContext): Promise<void> {
  const id = encodeURIComponent(email.id);
  if (flags.raw) return context.out(await client.text(`/emails/${id}/raw`));
  if (flags.html) {
    if (flags.json) return output(flags, context, await client.json('GET', `/emails/${id}/html/json`), () => '');
    return context.out(endWithNewline(await client.text(`/emails/${id}/html`)));
  }
  if (flags.text) {
    const { json, text } = await textOf(client, email.id);
    return output(flags, context, json, () => endWithNewline(text));
  }
  if (flags.json) return output(flags, context, email, () => '');
  const rows: Array<[string, string | undefined | null]> = [
    ['ID', email.id], ['Inbox', email.inboxId], ['From', email.from], ['To', email.to.join(', ')],
    ['Cc', email.cc?.join(', ')], ['Subject', email.subject], ['Received', when(email.createdAt)],
    ['Attachments', email.attachments?.length ? String(email.attachments.length) : undefined],
  ];
  const head = rows.filter(([, v]) => v).map(([k, v]) => `${`${k}:`.padEnd(13)}${v}`).join('\n');
  const body = email.isHTML ? (await textOf(client, email.id)).text : (email.body ?? '');
  context.out(`${head}\n\n${endWithNewline(body)}`);
}

const withViews = (command: Command) => command.addOption(new Option('--raw', 'the message as received (RFC 822)').conflicts(['html', 'text', 'json']))
  .addOption(new Option('--html', 'the HTML body').conflicts('text'))
  .option('--text', 'the text body (the text/plain part, else the text of the HTML)');

export function mailCommands(program: Command, context: ClientContext): void {
  const mail = program.command('mail').description('read the email a running server received');

  withClientFlags(mail.command('list').description('list received email, newest first'))
    .option('--inbox <id>', 'only this inbox')
    .option('--unread', 'only unread email')
    .option('--page <n>', 'page, from 0', '0')
    .option('--size <n>', 'emails per page', '20')
    .action(async (flags: ClientFlags & { inbox?: string; unread?: boolean; page: string; size: string }) => {
      const page = await clientFrom(flags, context).json<EmailPage>('GET', '/emails', {
        query: { inboxId: flags.inbox, unreadOnly: flags.unread, page: flags.page, size: flags.size, sort: 'DESC' },
      });
      output(flags, context, page, () => table(
        ['ID', 'RECEIVED', 'FROM', 'TO', 'SUBJECT'],
        page.content.map((e) => [e.id, when(e.createdAt), e.from, e.to.join(', '), `${e.read ? '' : '* '}${e.subject ?? ''}`]),
      ) + footer(page.content.length, page.number, page.size, page.totalElements, 'email', 'emails') + (page.content.some((e) => !e.read) ? '* unread\n' : ''));
    });

  withViews(withClientFlags(mail.command('show').argument('<id>', 'email id').description('print an email (marks it read)')))
    .action(async (id: string, flags: ShowFlags) => {
      const client = clientFrom(flags, context);
      const email = await client.json<Email>('GET', `/emails/${encodeURIComponent(id)}`);
      await printEmail(client, email, flags, context);
    });

  withViews(withClientFlags(mail.command('wait').description('wait for the first email of an inbox (matching --subject/--from) and print it')))
    .requiredOption('--inbox <id>', 'the inbox')
    .option('--timeout <ms>', 'give up after this many milliseconds (the server caps it at PIGEONHOLE_MAX_WAIT)', '60000')
    .option('--subject <text>', 'the subject contains this text')
    .option('--from <text>', 'the sender contains this text')
    .option('--unread', 'only an unread email')
    .action(async (flags: ShowFlags & { inbox: string; timeout: string; subject?: string; from?: string; unread?: boolean }) => {
      const client = clientFrom(flags, context);
      const matches = [
        ...(flags.subject !== undefined ? [{ field: 'SUBJECT', should: 'CONTAIN', value: flags.subject }] : []),
        ...(flags.from !== undefined ? [{ field: 'FROM', should: 'CONTAIN', value: flags.from }] : []),
      ];
      const email = await client.json<Email>('POST', '/waitForMatchingFirstEmail', {
        query: { inboxId: flags.inbox, timeout: flags.timeout, unreadOnly: flags.unread },
        body: { matches },
      });
      await printEmail(client, email, flags, context);
    });
}
