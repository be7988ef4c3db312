import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before its answer is sent, so a request
 * held open (wait-for) stops waiting and unregisters at once instead of living on until its
 * timeout. The response's 'close' fires on both a finished answer and a dropped connection;
 * only the second aborts.
 */
export function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}
