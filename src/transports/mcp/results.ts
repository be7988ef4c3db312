import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiCaller, ApiRequest } from './api-caller.js';
import { MAX_CODE_CANDIDATES } from './limits.js';

/** A tool's answer: its value as JSON text (agents read text content; JSON keeps it exact). */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/** A failed tool call: `isError`, with a sentence saying what is wrong. */
export function errorResult(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** A call the API refused; its message is what the tool answers. */
export class ToolFailure extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'ToolFailure';
  }
}

/** The API's own explanation of a refusal (its error body's `message`), else its status text. */
function apiMessage(body: unknown): string {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return typeof body === 'string' && body !== '' ? body.slice(0, 500) : 'no explanation given';
}

/**
 * Makes the call and answers its body on a 2xx; anything else is a ToolFailure naming the
 * operation, the status and the API's message (a 404 of another tenant's id reads as not found).
 */
export async function expectOk<T>(api: ApiCaller, operationId: string, request: ApiRequest): Promise<T> {
  const response = await api.call(request);
  if (response.status >= 200 && response.status < 300) return response.body as T;
  throw new ToolFailure(`${operationId} was refused with ${response.status}: ${apiMessage(response.body)}`, response.status);
}

/** Runs a tool's body, turning failures into `isError` results instead of protocol errors. */
export async function runTool(body: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return jsonResult(await body());
  } catch (err) {
    if (err instanceof ToolFailure) return errorResult(err.message);
    if (err instanceof Error && err.name === 'AbortError') return errorResult('The call was cancelled');
    const message = err instanceof Error ? err.message : String(err);
    return errorResult(`The Pigeonhole API could not be reached: ${message}`);
  }
}

export interface Clipped {
  text: string;
  /** present (true) when the text was cut; `length` is then the full length */
  truncated?: true;
  length?: number;
}

/** At most `max` characters of a text, saying so when it was cut (tool answers stay small). */
export function clip(text: string, max: number): Clipped {
  return text.length <= max ? { text } : { text: text.slice(0, max), truncated: true, length: text.length };
}

/** The named fields of an API object, in that order (answers carry what an agent needs, no more). */
export function pick(value: unknown, fields: readonly string[]): Record<string, unknown> {
  const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fields) if (source[field] !== undefined) out[field] = source[field];
  return out;
}

/** getEmailCodes or getSmsCodes with the lengths given, answered as codesAnswer trims it. */
export async function extractCodes(
  api: ApiCaller, operationId: string, path: string, lengths: { minLength?: number; maxLength?: number }, signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const body = { ...(lengths.minLength ? { minLength: lengths.minLength } : {}), ...(lengths.maxLength ? { maxLength: lengths.maxLength } : {}) };
  return codesAnswer(await expectOk<Record<string, unknown>>(api, operationId, { method: 'POST', path, body, signal }));
}

/** An ExtractCodesResult, trimmed to what an agent uses. */
function codesAnswer(result: Record<string, unknown>): Record<string, unknown> {
  const candidates = Array.isArray(result.candidates) ? result.candidates : [];
  return {
    found: result.found,
    code: result.code,
    candidates: candidates.slice(0, MAX_CODE_CANDIDATES).map((c) => pick(c, ['code', 'confidence', 'source', 'context'])),
    ...(Array.isArray(result.warnings) && result.warnings.length > 0 ? { warnings: result.warnings } : {}),
  };
}

/** One page of a paged list operation, as `{ total, page, [key]: items with `fields` }`. */
export async function listPage(
  api: ApiCaller, operationId: string, request: ApiRequest & { query: { page: number } },
  key: string, fields: readonly string[],
): Promise<Record<string, unknown>> {
  const page = await expectOk<Record<string, unknown>>(api, operationId, request);
  const content = Array.isArray(page.content) ? page.content : [];
  return { total: page.totalElements, page: request.query.page, [key]: content.map((item) => pick(item, fields)) };
}

export interface ContainMatch {
  field: string;
  should: 'CONTAIN';
  value: string;
}

/** The API's match options for the fields given a text: each must contain it. */
export function containing(fields: Record<string, string | undefined>): ContainMatch[] {
  return Object.entries(fields).flatMap(([field, value]) => (value ? [{ field, should: 'CONTAIN' as const, value }] : []));
}

/**
 * Runs a wait; the API's 408 becomes a failure saying what did not arrive, with which filters,
 * and that calling again waits on (a wait running out is an answer an agent acts on).
 */
export async function heldWait<T>(wait: () => Promise<T>, what: { thing: string; where: string; timeoutMs: number; tool: string; matches: ContainMatch[] }): Promise<T> {
  try {
    return await wait();
  } catch (err) {
    if (!(err instanceof ToolFailure) || err.status !== 408) throw err;
    const filters = what.matches.map((m) => `${m.field.toLowerCase()} containing "${m.value}"`).join(' and ');
    throw new ToolFailure(`No ${what.thing}${filters ? ` with ${filters}` : ''} arrived ${what.where} within ${what.timeoutMs} ms; call ${what.tool} again to keep waiting`);
  }
}
