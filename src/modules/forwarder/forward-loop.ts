/**
 * Forwarding loops. Every message a forwarder sends carries FORWARD_PATH_HEADER: the ids of
 * the inboxes that forwarded it so far, the last one appended by each hop. An inbox that
 * finds itself in the path already forwarded this message once, so forwarding it again would
 * go round for ever (A → B → A, or A → A); a path of MAX_FORWARD_HOPS stops too, so a chain
 * through many inboxes (or a path someone forged long) ends.
 */
export const FORWARD_PATH_HEADER = 'X-Pigeonhole-Forwarded-By';
export const MAX_FORWARD_HOPS = 10;

/** The inbox ids the message passed through forwarders, oldest first (every instance of the header). */
export function forwardPath(headers: Array<[string, string]>): string[] {
  const name = FORWARD_PATH_HEADER.toLowerCase();
  return headers
    .filter(([key]) => key.toLowerCase() === name)
    .flatMap(([, value]) => value.split(','))
    .map((id) => id.trim())
    .filter(Boolean);
}

/** Why the inbox must not forward the message again, or null when it may. */
export function forwardLoop(path: string[], inboxId: string): string | null {
  if (path.includes(inboxId)) {
    return `Forwarding loop stopped: this message was already forwarded by inbox ${inboxId} (path ${[...path, inboxId].join(' -> ')})`;
  }
  if (path.length >= MAX_FORWARD_HOPS) {
    return `Forwarding stopped: the message was already forwarded ${path.length} times (at most ${MAX_FORWARD_HOPS} hops; path ${path.join(' -> ')})`;
  }
  return null;
}

/** The header value the next hop carries. */
export const nextForwardPath = (path: string[], inboxId: string): string => [...path, inboxId].join(', ');
