import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiCaller } from './api-caller.js';
import { expectOk, listPage, pick, runTool } from './results.js';
import { pageFields, uuid } from './limits.js';

type Json = Record<string, unknown>;

const INBOX_FIELDS = ['id', 'emailAddress', 'name', 'createdAt', 'expiresAt'] as const;

export function registerInboxTools(server: McpServer, api: ApiCaller): void {
  server.registerTool('create_inbox', {
    title: 'Create an inbox',
    description: 'Create a new inbox with a real email address that receives mail at once. Answers its id (for the other tools) '
      + 'and emailAddress (to type into a sign-up form). Optionally expires after some minutes (then it is deleted with its mail).',
    inputSchema: {
      name: z.string().min(1).max(1000).optional().describe('a name to find it by later'),
      expiresInMinutes: z.number().int().min(1).max(525_600).optional().describe('delete the inbox this many minutes from now'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    const inbox = await expectOk<Json>(api, 'createInboxWithOptions', {
      method: 'POST', path: '/inboxes/withOptions',
      body: { ...(args.name ? { name: args.name } : {}), ...(args.expiresInMinutes ? { expiresIn: args.expiresInMinutes * 60_000 } : {}) },
      signal: extra.signal,
    });
    return pick(inbox, INBOX_FIELDS);
  }));

  server.registerTool('list_inboxes', {
    title: 'List inboxes',
    description: 'List your inboxes, newest first: id, emailAddress, name, creation and expiry time. Optionally search by address, name or tag.',
    inputSchema: {
      search: z.string().min(1).max(1000).optional().describe('only inboxes whose id, address, name or tags contain this'),
      ...pageFields,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    return listPage(api, 'getAllInboxes', {
      method: 'GET', path: '/inboxes/paginated',
      query: { page: args.page, size: args.size, sort: 'DESC', search: args.search },
      signal: extra.signal,
    }, 'inboxes', INBOX_FIELDS);
  }));

  server.registerTool('send_email', {
    title: 'Send an email',
    description: 'Send an email from one of your inboxes (its address is the sender). Answers the sent email\'s id and recipients.',
    inputSchema: {
      inboxId: uuid('the inbox to send from'),
      to: z.array(z.email()).min(1).max(50).describe('recipient addresses'),
      subject: z.string().max(998).describe('the subject line'),
      body: z.string().max(1_000_000).describe('the body, plain text unless isHTML'),
      isHTML: z.boolean().default(false).describe('the body is HTML'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  }, async (args, extra) => runTool(async () => {
    const sent = await expectOk<Json>(api, 'sendEmailAndConfirm', {
      method: 'POST', path: `/inboxes/${encodeURIComponent(args.inboxId)}/confirm`,
      body: { to: args.to, subject: args.subject, body: args.body, isHTML: args.isHTML },
      signal: extra.signal,
    });
    return pick(sent, ['id', 'inboxId', 'from', 'to', 'subject', 'createdAt']);
  }));
}
