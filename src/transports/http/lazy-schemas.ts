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
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  return {
    buildValidator: (externalSchemas: unknown, options: unknown) => {
      const compile = (validators as unknown as (s: unknown, o: unknown) => Compile<Validate>)(externalSchemas, options);
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

/** Fastify reads a failed validation's reasons from the function's `errors`, as ajv leaves them. */
function lazyValidator(compile: () => Validate): Validate {
  let validate: Validate | undefined;
  const lazy: Validate = (data: unknown) => (validate ??= compile())(data);
  Object.defineProperty(lazy, 'errors', { get: () => validate?.errors, set: (value) => { if (validate) validate.errors = value; } });
  return lazy;
}
