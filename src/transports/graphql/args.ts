import { badRequest } from '../../core/errors.js';
import { isUuid } from '../../core/ids.js';

/**
 * Argument checks GraphQL's own types cannot express. They raise the same BAD_REQUEST the
 * REST schemas would, naming the argument, so a bad id never reaches the database.
 */
export function uuidArg(name: string, value: string): string {
  if (!isUuid(value)) throw badRequest(`${name} must be a UUID, got '${value}'`);
  return value;
}

export function optionalUuidArg(name: string, value: string | null | undefined): string | undefined {
  return value === null || value === undefined ? undefined : uuidArg(name, value);
}

/** page from 0; size from 1 (the page helper then caps it at 100). */
export function pageArgs(args: { page?: number | null; size?: number | null }): { page?: number; size?: number } {
  if (args.page !== null && args.page !== undefined && args.page < 0) throw badRequest(`page must be 0 or more, got ${args.page}`);
  if (args.size !== null && args.size !== undefined && args.size < 1) throw badRequest(`size must be 1 or more, got ${args.size}`);
  return { page: args.page ?? undefined, size: args.size ?? undefined };
}

export function dateArg(name: string, value: string | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest(`${name} must be an ISO-8601 date-time such as 2026-01-02T03:04:05.678Z`);
  return date;
}

/** Drops GraphQL's explicit nulls, so the services see an absent option as undefined. */
export const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;
