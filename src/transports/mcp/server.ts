import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiCaller } from './api-caller.js';
import { registerEmailTools } from './email-tools.js';
import { registerInboxTools } from './inbox-tools.js';
import { registerSmsTools } from './sms-tools.js';

const INSTRUCTIONS = [
  'Pigeonhole gives you real, disposable email inboxes and phone numbers for testing sign-ups and logins.',
  'Typical flow: create_inbox, use its emailAddress in the form, wait_for_email on its id, then extract_links or extract_codes on the email id.',
  'For SMS: create_phone_number, use its phoneNumber, wait_for_sms on its id, then get_sms_codes.',
].join(' ');

/** The MCP server of one caller: every tool acts through `api`, with that caller's key. */
export function createMcpServer(api: ApiCaller, version: string): McpServer {
  const server = new McpServer({ name: 'pigeonhole', title: 'Pigeonhole', version }, { instructions: INSTRUCTIONS });
  registerInboxTools(server, api);
  registerEmailTools(server, api);
  registerSmsTools(server, api);
  return server;
}
