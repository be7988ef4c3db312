import { AppError } from '../../core/errors.js';

/**
 * At most `max` tasks at once; the rest wait in order. A waiting task whose caller went away
 * (its signal aborted) never starts. Bounds the SMTP connections this server holds open to
 * other mail servers, whatever the number of requests.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.active >= this.max) {
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', cancel);
          resolve();
        };
        const cancel = () => {
          const index = this.waiting.indexOf(start);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new AppError('BAD_REQUEST', 'the request was cancelled'));
        };
        signal?.addEventListener('abort', cancel, { once: true });
        this.waiting.push(start);
      });
    }
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
