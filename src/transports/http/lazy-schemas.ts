import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compile<F> = (routeSchema: unknown) => F;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;

/**
 * Fastify's own compilers (ajv for input, fast-json-stringify for answers), each route's
 * function compiled on the route's first request instead of at start-up.
 *
 * Why: the API has several hundred routes over large shared models, and compiling every
 * validator and serializer up front took most of the start-up time (about 10 CPU-seconds on
 * these machines) and held about 200 MB of generated code and schema copies for the
 * process's life, while a test suite calls a few dozen routes. A route's first request pays its
 * compile once (milliseconds); a schema that does not compile still fails loudly, on that
 * request, and the suite that compiles every route (test/integration/route-schemas.test.ts)
 * finds it before a release does.
 *
 * No route of ours has a `headers` schema: Fastify lowercases those only for its default
 * compiler, which this no longer is.
 */
export function lazySchemaCompilers(): NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'] {
  const serializers = SerializerSelector();
  return {
    buildValidator: (externalSchemas: unknown, options: unknown) => {
      const compile = sharedValidatorCompiler(externalSchemas as Record<string, unknown>, options as { customOptions?: unknown });
      return (routeSchema: unknown) => lazyValidator(() => compile(routeSchema));
    },
    buildSerializer: (externalSchemas: unknown, options: unknown) => {
      const compile = (serializers as unknown as (s: unknown, o: unknown) => Compile<Serialize>)(externalSchemas, options);
      return (routeSchema: unknown) => {
        let serialize: Serialize | undefined;
        return (data: unknown) => (serialize ??= compile(routeSchema))(data);
      };
    },
  } as never;
}

/**
 * One ajv per set of shared schemas and options, for the whole process. Fastify asks for a
 * validator compiler once per plugin context, and @fastify/ajv-compiler's own pool, kept per
 * app, keys it by the JSON text of every shared schema: that text and a new ajv holding them
 * cost a quarter of a second of each app's start (a test process starts dozens of apps). The
 * shared schemas are the API's models, fixed at build time, so their ids name them.
 */
const validatorCompilers = new Map<string, Compile<Validate>>();
const pooledValidators = AjvCompiler();

function sharedValidatorCompiler(externalSchemas: Record<string, unknown>, options: { customOptions?: unknown }): Compile<Validate> {
  const key = `${Object.keys(externalSchemas).sort().join(' ')}\n${JSON.stringify(options.customOptions ?? {})}`;
  let compile = validatorCompilers.get(key);
  if (!compile) {
    compile = (pooledValidators as unknown as (s: unknown, o: unknown) => Compile<Validate>)(externalSchemas, options);
    validatorCompilers.set(key, compile);
  }
  return compile;
}

/** Fastify reads a failed validation's reasons from the function's `errors`, as ajv leaves them. */
function lazyValidator(compile: () => Validate): Validate {
  let validate: Validate | undefined;
  const lazy: Validate = (data: unknown) => (validate ??= compile())(data);
  Object.defineProperty(lazy, 'errors', { get: () => validate?.errors, set: (value) => { if (validate) validate.errors = value; } });
  return lazy;
}
