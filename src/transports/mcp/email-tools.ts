import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiCaller } from './api-caller.js';
import { clip, containing, expectOk, extractCodes, heldWait, listPage, pick, runTool } from './results.js';
import { codeLengthFields, maxChars, MAX_CODE_CANDIDATES, MAX_LINKS, pageFields, uuid, waitTimeout } from './limits.js';

type Json = Record<string, unknown>;

const EMAIL_FIELDS = ['id', 'inboxId', 'subject', 'from', 'to', 'cc', 'createdAt', 'read'] as const;
const emailPath = (emailId: string, rest = '') => `/emails/${encodeURIComponent(emailId)}${rest}`;

/**
 * An email as a tool answers it: headers, the text body (an HTML body reduced to its visible
 * text by getEmailTextLines) and, when asked, the HTML, each cut at `max` characters.
 */
async function emailAnswer(api: ApiCaller, email: Json, max: number, includeHtml: boolean, signal?: AbortSignal): Promise<Json> {
  const body = typeof email.body === 'string' ? email.body : '';
  const text = email.isHTML
    ? (await expectOk<{ body: string }>(api, 'getEmailTextLines', { method: 'GET', path: emailPath(String(email.id), '/textLines'), signal })).body
    : body;
  return {
    ...pick(email, EMAIL_FIELDS),
    attachments: Array.isArray(email.attachments) ? email.attachments.length : 0,
    text: clip(text, max),
    ...(includeHtml ? { html: email.isHTML ? clip(body, max) : null } : {}),
  };
}

export function registerEmailTools(server: McpServer, api: ApiCaller): void {
  server.registerTool('wait_for_email', {
    title: 'Wait for an email',
    description: 'Wait until an email arrives in an inbox (or one already there matches) and return it: subject, from, to, date and '
      + 'text body. Held on the server, so it answers the moment the email is stored. Optional filters: subject or sender '
      + 'containing a text, unread only, received since a time. The newest matching email wins. Fails with a clear message at '
      + 'the timeout; call again to keep waiting.',
    inputSchema: {
      inboxId: uuid('the inbox to watch (from create_inbox or list_inboxes)'),
      timeoutMs: waitTimeout,
      subjectContains: z.string().min(1).max(1000).optional().describe('only an email whose subject contains this text'),
      fromContains: z.string().min(1).max(1000).optional().describe('only an email whose sender contains this text'),
      unreadOnly: z.boolean().default(false).describe('only emails not read yet (reading one through these tools marks it read)'),
      since: z.iso.datetime({ offset: true }).optional().describe('only emails received at or after this ISO 8601 time'),
      maxChars,
    },
    annotations: { readOnlyHint: false, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    const matches = containing({ SUBJECT: args.subjectContains, FROM: args.fromContains });
    const email = await heldWait(() => expectOk<Json>(api, 'waitForMatchingFirstEmail', {
      method: 'POST', path: '/waitForMatchingFirstEmail',
      query: { inboxId: args.inboxId, timeout: args.timeoutMs, unreadOnly: args.unreadOnly, since: args.since, sort: 'DESC' },
      body: { matches },
      signal: extra.signal,
    }), { thing: 'email', where: `in inbox ${args.inboxId}`, timeoutMs: args.timeoutMs, tool: 'wait_for_email', matches });
    return emailAnswer(api, email, args.maxChars, false, extra.signal);
  }));

  server.registerTool('list_emails', {
    title: 'List emails',
    description: 'List the emails of an inbox, newest first: id, subject, from, to, date and whether read. Use get_email for a body.',
    inputSchema: {
      inboxId: uuid('the inbox'),
      unreadOnly: z.boolean().default(false).describe('only emails not read yet'),
      ...pageFields,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    return listPage(api, 'getInboxEmailsPaginated', {
      method: 'GET', path: `/inboxes/${encodeURIComponent(args.inboxId)}/emails/paginated`,
      query: { page: args.page, size: args.size, sort: 'DESC', unreadOnly: args.unreadOnly },
      signal: extra.signal,
    }, 'emails', EMAIL_FIELDS);
  }));

  server.registerTool('get_email', {
    title: 'Read an email',
    description: 'Read one email: subject, from, to, cc, date, the text body (an HTML email reduced to its visible text) and, '
      + 'with includeHtml, the HTML. Long bodies are cut at maxChars and marked truncated. Marks the email read.',
    inputSchema: {
      emailId: uuid('the email (from wait_for_email or list_emails)'),
      includeHtml: z.boolean().default(false).describe('also return the HTML body'),
      maxChars,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    const email = await expectOk<Json>(api, 'getEmail', { method: 'GET', path: emailPath(args.emailId), signal: extra.signal });
    return emailAnswer(api, email, args.maxChars, args.includeHtml, extra.signal);
  }));

  server.registerTool('extract_links', {
    title: 'Extract links from an email',
    description: `The link targets (href) of an email's HTML body, or the URLs of a text-only body, in order (at most ${MAX_LINKS}). `
      + 'Use it to find a confirmation or magic-login link.',
    inputSchema: {
      emailId: uuid('the email'),
      selector: z.string().min(1).max(2000).optional().describe('CSS selector: only links inside (or matching) these elements'),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    const result = await expectOk<{ links: string[] }>(api, 'getEmailLinks', {
      method: 'GET', path: emailPath(args.emailId, '/links'), query: { selector: args.selector }, signal: extra.signal,
    });
    const links = result.links ?? [];
    return { emailId: args.emailId, links: links.slice(0, MAX_LINKS), ...(links.length > MAX_LINKS ? { truncated: true, count: links.length } : {}) };
  }));

  server.registerTool('extract_codes', {
    title: 'Extract verification codes from an email',
    description: 'Find the verification code (OTP, PIN, one-time passcode) in an email\'s subject and body. Answers the best '
      + `code and up to ${MAX_CODE_CANDIDATES} candidates with their confidence and the text around them.`,
    inputSchema: {
      emailId: uuid('the email'),
      ...codeLengthFields,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    return extractCodes(api, 'getEmailCodes', emailPath(args.emailId, '/codes'), args, extra.signal);
  }));
}
