import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiCaller } from './api-caller.js';
import { clip, containing, expectOk, extractCodes, heldWait, listPage, pick, runTool } from './results.js';
import { codeLengthFields, maxChars, pageFields, uuid, waitTimeout } from './limits.js';
import { PHONE_COUNTRIES } from '../../modules/phone/phone.schemas.js';

type Json = Record<string, unknown>;

const PHONE_FIELDS = ['id', 'phoneNumber', 'phoneCountry', 'name', 'createdAt'] as const;

export function registerSmsTools(server: McpServer, api: ApiCaller): void {
  server.registerTool('create_phone_number', {
    title: 'Create a phone number',
    description: 'Get a phone number that receives SMS (on this server\'s simulated carrier). Answers its id (for wait_for_sms) '
      + 'and the number in E.164 form (to type into a form).',
    inputSchema: {
      phoneCountry: z.enum(PHONE_COUNTRIES).default('US').describe('country of the number'),
      name: z.string().min(1).max(1000).optional().describe('a name to find it by later'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    const phone = await expectOk<Json>(api, 'createPhoneNumber', {
      method: 'POST', path: '/phone', body: { phoneCountry: args.phoneCountry, ...(args.name ? { name: args.name } : {}) }, signal: extra.signal,
    });
    return pick(phone, PHONE_FIELDS);
  }));

  server.registerTool('list_phone_numbers', {
    title: 'List phone numbers',
    description: 'List your phone numbers, newest first: id, number, country and name.',
    inputSchema: { ...pageFields },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    return listPage(api, 'getPhoneNumbers', {
      method: 'GET', path: '/phone/numbers', query: { page: args.page, size: args.size, sort: 'DESC' }, signal: extra.signal,
    }, 'phoneNumbers', PHONE_FIELDS);
  }));

  server.registerTool('wait_for_sms', {
    title: 'Wait for an SMS',
    description: 'Wait until an SMS arrives at one of your phone numbers (or one already there matches) and return it: sender, '
      + 'body and time. Held on the server, so it answers the moment the SMS is stored. Optional filters: body or sender '
      + 'containing a text, unread only. The newest matching SMS wins. Use get_sms_codes for the code in it.',
    inputSchema: {
      phoneNumberId: uuid('the phone number to watch (its id, from create_phone_number or list_phone_numbers)'),
      timeoutMs: waitTimeout,
      bodyContains: z.string().min(1).max(1600).optional().describe('only an SMS whose body contains this text'),
      fromContains: z.string().min(1).max(100).optional().describe('only an SMS whose sender number contains this text'),
      unreadOnly: z.boolean().default(false).describe('only SMS not read yet (returning one marks it read)'),
      maxChars,
    },
    annotations: { readOnlyHint: false, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    const matches = containing({ BODY: args.bodyContains, FROM: args.fromContains });
    const sms = await heldWait(async () => {
      if (matches.length === 0) {
        return expectOk<Json>(api, 'waitForLatestSms', {
          method: 'POST', path: '/waitForLatestSms',
          body: { phoneNumberId: args.phoneNumberId, timeout: args.timeoutMs, unreadOnly: args.unreadOnly, sortDirection: 'DESC' },
          signal: extra.signal,
        });
      }
      const found = await expectOk<Json[]>(api, 'waitForSms', {
        method: 'POST', path: '/waitForSms',
        body: { phoneNumberId: args.phoneNumberId, count: 1, countType: 'ATLEAST', limit: 1, timeout: args.timeoutMs, unreadOnly: args.unreadOnly, sortDirection: 'DESC', matches },
        signal: extra.signal,
      });
      // getSmsMessage marks it read, as waitForLatestSms does, so unreadOnly moves on to the next one.
      return expectOk<Json>(api, 'getSmsMessage', { method: 'GET', path: `/sms/${encodeURIComponent(String(found[0]?.id))}`, signal: extra.signal });
    }, { thing: 'SMS', where: `at phone number ${args.phoneNumberId}`, timeoutMs: args.timeoutMs, tool: 'wait_for_sms', matches });
    return { ...pick(sms, ['id', 'fromNumber', 'toNumber', 'createdAt', 'read']), phoneNumberId: sms.phoneNumber, body: clip(String(sms.body ?? ''), args.maxChars) };
  }));

  server.registerTool('get_sms_codes', {
    title: 'Extract verification codes from an SMS',
    description: 'Find the verification code (OTP, PIN) in an SMS body: the best code and the candidates with their confidence.',
    inputSchema: {
      smsId: uuid('the SMS (its id, from wait_for_sms)'),
      ...codeLengthFields,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (args, extra) => runTool(async () => {
    return extractCodes(api, 'getSmsCodes', `/sms/${encodeURIComponent(args.smsId)}/codes`, args, extra.signal);
  }));
}
