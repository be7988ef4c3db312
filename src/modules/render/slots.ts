/**
 * At most `size` holders at once; the others wait in order, each for at most its own time
 * limit, and no more than `maxWaiting` wait at all (a burst beyond that is refused at once,
 * rather than queued past every caller's time limit).
 */
export class Slots {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number, private readonly maxWaiting: number) {}

  /** Resolves with the release function once a slot is free; rejects with a TimeoutError, or a plain Error when too many wait or the signal aborts. */
  acquire(timeoutMs: number, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new Error('the request was cancelled'));
    if (this.held < this.size) {
      this.held++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(new Error(`${this.held} renders are running and ${this.waiting.length} waiting (PIGEONHOLE_RENDER_CONCURRENCY); try again shortly`));
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancelled);
      };
      const turn = () => {
        leave();
        resolve(this.releaser());
      };
      const timer = setTimeout(() => {
        leave();
        reject(Object.assign(new Error('no free slot in time'), { name: 'TimeoutError' }));
      }, timeoutMs);
      const cancelled = () => {
        leave();
        reject(new Error('the request was cancelled'));
      };
      signal?.addEventListener('abort', cancelled, { once: true });
      this.waiting.push(turn);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting[0];
      // The slot passes straight to the next in line: held stays the same.
      if (next) next();
      else this.held--;
    };
  }
}
