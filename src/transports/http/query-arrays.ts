import type { TSchema } from '@sinclair/typebox';
import { deref, propertiesOf, type SchemaLookup } from './schema-lookup.js';

/** Whether a property schema is an array (or an array among the alternatives of a union). */
function isArraySchema(schema: Record<string, unknown> | undefined, lookup: SchemaLookup): boolean {
  if (!schema) return false;
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) return true;
  const alternatives = [...((schema.anyOf ?? []) as Record<string, unknown>[]), ...((schema.oneOf ?? []) as Record<string, unknown>[])];
  return alternatives.some((alternative) => isArraySchema(deref(alternative, lookup), lookup));
}

/** The names of the array-typed parameters of a querystring schema. */
export function arrayQueryNames(schema: TSchema | undefined, lookup: SchemaLookup): string[] {
  const properties = propertiesOf(deref(schema, lookup), lookup);
  return Object.entries(properties).filter(([, property]) => isArraySchema(deref(property, lookup), lookup)).map(([name]) => name);
}

/**
 * Array query parameters take comma-separated values as MailSlurp's API does (Spring splits
 * them): `tags=qa,smoke` is two tags, like `tags=qa&tags=smoke`, and both forms mix. Each value
 * is trimmed; empty ones are dropped, and a parameter left with none is as if not given.
 */
export function splitCommaValues(query: unknown, names: readonly string[]): void {
  if (!query || typeof query !== 'object') return;
  const params = query as Record<string, unknown>;
  for (const name of names) {
    const value = params[name];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (!values.every((v) => typeof v === 'string')) continue;
    const split = (values as string[]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
    if (split.length === 0) delete params[name];
    else params[name] = split;
  }
}
