import { useEffect, useRef } from 'preact/hooks';
import { session } from './session';

export interface LiveEvent {
  name: string;
  payload: { inboxId?: string; emailId?: string; sentId?: string; [k: string]: unknown };
}
type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let controller: AbortController | null = null;
let connectedKey: string | null = null;
let retryDelay = 1000;

/**
 * GET /events read with fetch rather than EventSource: EventSource cannot send the x-api-key
 * header, and a key in the URL would end up in logs. One stream per tab, shared by every view.
 */
async function connect(key: string) {
  const abort = new AbortController();
  controller = abort;
  connectedKey = key;
  try {
    const response = await fetch('/events', { headers: { 'x-api-key': key, accept: 'text/event-stream' }, signal: abort.signal });
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
    retryDelay = 1000;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  } catch {
    if (abort.signal.aborted) return;
  }
  if (abort.signal.aborted) return;
  // The stream ended (server restart, network): reconnect with a growing delay.
  setTimeout(() => {
    if (controller === abort && listeners.size > 0) void connect(key);
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, 30_000);
}

function dispatch(frame: string) {
  let name = 'message';
  let data = '';
  for (const line of frame.split('\n')) {
    if (line.startsWith('event: ')) name = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (!data) return;
  try {
    const event = { name, payload: JSON.parse(data) as LiveEvent['payload'] };
    listeners.forEach((listener) => listener(event));
  } catch {
    /* a malformed frame is skipped */
  }
}

function ensureConnected() {
  const key = session.apiKey();
  if (!key) return;
  if (controller && connectedKey === key) return;
  controller?.abort();
  void connect(key);
}

export function disconnectLive() {
  controller?.abort();
  controller = null;
  connectedKey = null;
}

/** Calls `onEvent` for each of the account's events while the component is mounted. */
export function useLiveEvents(onEvent: Listener) {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    const listener: Listener = (event) => latest.current(event);
    listeners.add(listener);
    ensureConnected();
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
