/**
 * A discard-only SMTP server: the local ceiling of the benchmark. It answers every command
 * at once, reads DATA up to the terminating dot, stores nothing and counts messages. Run as
 * a forked child (`fork('bench/sink.ts')`): it sends `{ port }` once listening and answers a
 * `'count'` message with `{ count }`.
 */
import { listenMinimalSmtp } from './minimal-smtp.js';

let count = 0;
const { port } = await listenMinimalSmtp(() => {
  count++;
});
process.send?.({ port });
process.on('message', (message) => {
  if (message === 'count') process.send?.({ count });
});
process.on('disconnect', () => process.exit(0));
