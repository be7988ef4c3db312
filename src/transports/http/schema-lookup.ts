import type { TSchema } from '@sinclair/typebox';

/** Finds a registered model schema by its $id (the app's `getSchema`). */
export type SchemaLookup = (id: string) => TSchema | undefined;

/** The schema itself, or the registered model a `Type.Ref` points at (followed a few levels). */
export function deref(schema: TSchema | Record<string, unknown> | undefined, lookup: SchemaLookup): Record<string, unknown> | undefined {
  let current = schema as Record<string, unknown> | undefined;
  for (let depth = 0; depth < 8 && current && typeof current.$ref === 'string'; depth++) current = lookup(current.$ref);
  return current;
}

/** The property schemas of an object schema (allOf parts merged); empty for anything else. */
export function propertiesOf(schema: Record<string, unknown> | undefined, lookup: SchemaLookup): Record<string, Record<string, unknown>> {
  if (!schema) return {};
  const own = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const parts = (schema.allOf ?? []) as Record<string, unknown>[];
  return Object.assign({}, ...parts.map((part) => propertiesOf(deref(part, lookup), lookup)), own);
}

/** The required property names of an object schema (allOf parts included). */
export function requiredOf(schema: Record<string, unknown> | undefined, lookup: SchemaLookup): string[] {
  if (!schema) return [];
  const parts = (schema.allOf ?? []) as Record<string, unknown>[];
  return [...((schema.required ?? []) as string[]), ...parts.flatMap((part) => requiredOf(deref(part, lookup), lookup))];
}

/** An object schema (type object, or allOf of them): a body that a JSON object satisfies. */
export function isObjectSchema(schema: Record<string, unknown> | undefined, lookup: SchemaLookup): boolean {
  if (!schema) return false;
  if (schema.type === 'object') return true;
  const parts = (schema.allOf ?? []) as Record<string, unknown>[];
  return parts.length > 0 && parts.every((part) => isObjectSchema(deref(part, lookup), lookup));
}
