/** What a test hits when the code under test reaches storage that has no fake. */
export class NotFakedError extends Error {
  constructor(what: string) {
    super(`not faked: ${what} (test/fakes has no in-memory version of it; give the test its own stub or add one)`);
    this.name = 'NotFakedError';
  }
}

export function notFaked(what: string): never {
  throw new NotFakedError(what);
}

/**
 * A stand-in for a repository without a fake: building services on it works (constructors
 * only keep it), but calling any of its methods throws NotFakedError naming the method.
 */
export function notFakedRepository<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      // not a thenable, and no surprises for inspection (util.inspect, Symbol.toPrimitive...)
      if (typeof property === 'symbol' || property === 'then' || property === 'toJSON') return undefined;
      return () => notFaked(`${name}.${property}`);
    },
  });
}
