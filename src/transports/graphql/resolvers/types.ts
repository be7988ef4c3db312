import type { GraphqlContext } from '../context.js';

/** A root-field resolver: GraphQL arguments in, the object the schema type describes out. */
export type FieldResolver<Args> = (root: unknown, args: Args, context: GraphqlContext) => Promise<unknown>;

/** GraphQL hands absent optional arguments over as undefined or null. */
export type Maybe<T> = T | null | undefined;
