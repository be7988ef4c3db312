/**
 * A resolver whose questions share one time budget. c-ares bounds each question (timeout ×
 * tries), but a chain of them (SPF includes are asked one after another) would add up past any
 * HTTP client's patience; past the budget, every question still open is cancelled and every new
 * one fails at once with ETIMEOUT, which the checks report as a failed lookup.
 */
import type { Resolver } from 'node:dns/promises';
import { createResolver } from '../../core/dns.js';

export interface BudgetedResolver {
  resolver: Resolver;
  /** stops the budget's timer: call when the operation is over */
  release(): void;
}

const spent = (budgetMs: number) => Object.assign(new Error(`DNS time budget of ${budgetMs} ms spent`), { code: 'ETIMEOUT' });

export function budgetedResolver(servers: readonly string[], budgetMs: number): BudgetedResolver {
  const inner = createResolver(servers, { timeoutMs: Math.max(200, Math.min(2000, Math.floor(budgetMs / 2))), tries: 2 });
  const deadline = Date.now() + budgetMs;
  let expire: () => void = () => {};
  const expired = new Promise<never>((_, reject) => { expire = () => reject(spent(budgetMs)); });
  expired.catch(() => {});
  const timer = setTimeout(() => {
    expire();
    inner.cancel();
  }, budgetMs);
  timer.unref();
  const resolver = new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (typeof property !== 'string' || !(property.startsWith('resolve') || property === 'reverse')) return method.bind(target);
      return (...args: unknown[]) => {
        if (Date.now() >= deadline) return Promise.reject(spent(budgetMs));
        return Promise.race([method.apply(target, args) as Promise<unknown>, expired]);
      };
    },
  });
  return { resolver, release: () => clearTimeout(timer) };
}
