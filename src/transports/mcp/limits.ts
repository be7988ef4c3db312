import { z } from 'zod';

/**
 * The longest a wait tool holds: MCP clients commonly give up on a request after 60 s (the SDK
 * client's default), so a wait must answer before that; an agent that needs longer calls again.
 * The server's PIGEONHOLE_MAX_WAIT may cut it shorter still.
 */
export const MAX_WAIT_MS = 50_000;
export const DEFAULT_WAIT_MS = 30_000;
/** Text and HTML bodies are cut here by default (tool answers go into an agent's context). */
export const DEFAULT_MAX_CHARS = 4_000;
export const MAX_CHARS = 100_000;
/** Links and code candidates listed at most. */
export const MAX_LINKS = 100;
export const MAX_CODE_CANDIDATES = 5;

export const uuid = (what: string) => z.uuid().describe(what);
export const waitTimeout = z.number().int().min(0).max(MAX_WAIT_MS).default(DEFAULT_WAIT_MS)
  .describe(`milliseconds to wait, at most ${MAX_WAIT_MS} (default ${DEFAULT_WAIT_MS}); call again to wait longer`);
export const maxChars = z.number().int().min(100).max(MAX_CHARS).default(DEFAULT_MAX_CHARS)
  .describe(`longest body returned, in characters (default ${DEFAULT_MAX_CHARS}); longer ones are cut and marked truncated`);
export const pageFields = {
  page: z.number().int().min(0).default(0).describe('zero-based page'),
  size: z.number().int().min(1).max(100).default(20).describe('items per page (at most 100)'),
};
export const codeLengthFields = {
  minLength: z.number().int().min(1).max(64).optional().describe('shortest code considered (default 4)'),
  maxLength: z.number().int().min(1).max(64).optional().describe('longest code considered (default 8)'),
};
