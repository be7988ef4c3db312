/**
 * fast-check arbitraries for the requests of one OpenAPI operation: values that fit the schema
 * (known ids, enum members, numbers in range) so requests get past validation into the
 * services, with one spot (a parameter, a top-level body field or the whole body) attacked by
 * a hostile value: huge strings and arrays, deep nesting, weird numbers, U+0000 and lone
 * surrogates, wrong types.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  method: string;
  path: string;
  parameters: Array<{ name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema }>;
  body?: JsonSchema;
}

export interface FuzzRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Values the fuzz reuses so requests reach real records of the caller. */
export interface KnownValues {
  ids: string[];
  emails: string[];
}

/** Deep nesting is written as text: building it as objects and stringifying would recurse. */
function nested(open: string, close: string, depth: number, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

const RAW = Symbol('raw JSON text');
interface RawJson {
  [RAW]: string;
}
const raw = (text: string): RawJson => ({ [RAW]: text });

const HUGE = 'x'.repeat(1_000_000);
const HOSTILE_STRINGS = [
  '', ' ', HUGE, 'y'.repeat(70_000), 'a\u0000b', '\u0000', '\uD800', '😀'.repeat(2000), 'é\u0301\u202E', "'; drop table inboxes; --",
  '../../etc/passwd', '%00', '${7*7}', '<script>alert(1)</script>', 'NaN', 'Infinity', '-Infinity', '1e400', '-1', '1e23', 'null', 'true', '[]', '{}',
  '00000000-0000-0000-0000-000000000000', 'a@b', 'x@' + 'y'.repeat(300) + '.test',
];
const HOSTILE_NUMBERS = [1e23, -1e23, -1, 0, 2 ** 31, 2 ** 53 + 1, 1.5, -0.0001, Number.MAX_VALUE];

/** Values no schema asks for, in four equally likely kinds: strings, numbers, wrong types, sheer size. */
export function hostileValue(known: KnownValues): fc.Arbitrary<unknown> {
  const id = known.ids[0] ?? '00000000-0000-0000-0000-000000000000';
  return fc.oneof(
    fc.oneof(fc.constantFrom<unknown>(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 40 })),
    fc.oneof(fc.constantFrom<unknown>(...HOSTILE_NUMBERS), fc.double()),
    fc.constantFrom<unknown>(null, true, false, {}, [], [null], { a: { b: [] } }, [HUGE.slice(0, 10)]),
    fc.constantFrom<unknown>(
      HUGE,
      raw(nested('[', ']', 5000)),
      raw(nested('{"a":', '}', 5000)),
      raw(`[${Array(100_000).fill(JSON.stringify(id)).join(',')}]`),
      raw(`[${Array(10_000).fill('"a@b.test"').join(',')}]`),
      raw(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":"v"`).join(',')}}`),
    ),
  );
}

export class SchemaArbitraries {
  /** Built once: the large values take megabytes of text. */
  private readonly hostile: fc.Arbitrary<unknown>;

  constructor(
    private readonly components: Record<string, JsonSchema>,
    private readonly known: KnownValues,
  ) {
    this.hostile = hostileValue(known);
  }

  private resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
      const name = (current.$ref as string).split('/').pop()!;
      current = this.components[name] ?? {};
    }
    return current;
  }

  fitting(input: JsonSchema, depth: number, requiredOnly = false): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => this.fitting(v, depth)));
    if (Array.isArray(schema.allOf)) return this.object({ properties: Object.assign({}, ...(schema.allOf as JsonSchema[]).map((s) => this.resolve(s).properties ?? {})) }, depth);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    if ('const' in schema) return fc.constant(schema.const);
    const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
    switch (type) {
      case 'string':
        return this.string(schema);
      case 'integer':
      case 'number': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : -5;
        const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + 50) : min + 50;
        return type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 4 ? fc.constant([]) : fc.array(this.fitting((schema.items as JsonSchema) ?? {}, depth + 1), { maxLength: 3 });
      case 'object':
        return this.object(schema, depth, requiredOnly);
      case 'null':
        return fc.constant(null);
      default:
        return depth > 4 ? fc.constant(null) : fc.oneof(fc.string(), fc.integer(), fc.constant({}));
    }
  }

  private string(schema: JsonSchema): fc.Arbitrary<string> {
    if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...this.known.ids), fc.uuid());
    if (schema.format === 'date-time') return fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }).map((d) => d.toISOString());
    if (schema.format === 'binary') return fc.base64String({ maxLength: 40 });
    return fc.oneof(fc.constantFrom(...this.known.emails), fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 10 }));
  }

  private object(schema: JsonSchema, depth: number, requiredOnly = false): fc.Arbitrary<unknown> {
    if (depth > 4) return fc.constant({});
    const required = new Set((schema.required ?? []) as string[]);
    const properties = Object.fromEntries(
      Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(([name]) => !requiredOnly || required.has(name)),
    );
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, child] of Object.entries(properties)) model[name] = this.fitting(child, depth + 1);
    // Optional fields are sometimes left out, as clients do.
    return fc.record(model, { requiredKeys: [...required].filter((name) => name in model) as never[] });
  }

  /**
   * Where a request can be attacked: each path or query parameter, each top-level body field,
   * and the body as a whole.
   */
  spotsOf(op: OpenApiOperation): string[] {
    const spots = op.parameters.filter((p) => p.in !== 'header').map((p) => `${p.in}:${p.name}`);
    if (op.body) {
      spots.push('body');
      for (const name of Object.keys((this.resolve(op.body).properties ?? {}) as object)) spots.push(`body.${name}`);
    }
    return spots;
  }

  /** A whole request whose values fit the schema, except at `attack` (a spot) if given. */
  request(op: OpenApiOperation, apiKey: string, attack?: string): fc.Arbitrary<FuzzRequest> {
    const hostile = this.hostile;
    const params = op.parameters.filter((p) => p.in !== 'header');
    const paramArbs: Record<string, fc.Arbitrary<unknown>> = {};
    for (const p of params) {
      const spot = `${p.in}:${p.name}`;
      if (spot === attack) paramArbs[spot] = hostile;
      else paramArbs[spot] = p.required || p.in === 'path' ? this.fitting(p.schema, 0) : fc.option(this.fitting(p.schema, 0), { nil: undefined, freq: 2 });
    }
    let bodyArb: fc.Arbitrary<unknown> = fc.constant(undefined);
    if (op.body && attack === 'body') bodyArb = hostile;
    else if (op.body && attack?.startsWith('body.')) {
      const field = attack.slice('body.'.length);
      // Only the required fields besides the attacked one: any other optional field holding
      // random text would likely get the request refused before the attack reaches anything.
      bodyArb = fc.tuple(this.fitting(op.body, 0, true), hostile).map(([body, value]) => ({ ...(body as object), [field]: value }));
    } else if (op.body) bodyArb = this.fitting(op.body, 0, attack !== undefined);
    return fc.tuple(fc.record(paramArbs), bodyArb).map(([values, body]) => {
      let path = op.path;
      const query: string[] = [];
      for (const p of params) {
        const value = (values as Record<string, unknown>)[`${p.in}:${p.name}`];
        if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(wellFormed(asText(value)) || 'x'));
        else if (value !== undefined) {
          for (const item of Array.isArray(value) ? value : [value]) query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(wellFormed(asText(item)))}`);
        }
      }
      const headers: Record<string, string> = { 'x-api-key': apiKey };
      const request: FuzzRequest = { url: path + (query.length ? `?${query.join('&')}` : ''), method: op.method.toUpperCase(), headers };
      if (op.body && body !== undefined) {
        headers['content-type'] = 'application/json';
        request.body = toJson(body);
      }
      return request;
    });
  }
}

/** encodeURIComponent refuses lone surrogates: they go as U+FFFD (String#toWellFormed is ES2024). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && RAW in value) return (value as RawJson)[RAW].slice(0, 20_000);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** JSON text of a generated value, with the prebuilt raw pieces (deep, huge) spliced in. */
function toJson(value: unknown): string {
  const pieces: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && RAW in v) {
      pieces.push((v as RawJson)[RAW]);
      return `\u0001RAW${pieces.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => pieces[Number(i)]!);
}

/** The operations of an OpenAPI document, in a fixed order. */
export function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): OpenApiOperation[] {
  const ops: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      ops.push({
        operationId: typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${path}`,
        method,
        path,
        parameters: (op.parameters ?? []) as OpenApiOperation['parameters'],
        ...(content?.['application/json'] ? { body: content['application/json'].schema } : {}),
      });
    }
  }
  return ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
}
