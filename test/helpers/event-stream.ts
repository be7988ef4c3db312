import assert from 'node:assert/strict';
import type { Tenant, TestServer } from './server.js';

export interface StreamedEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/**
 * Opens GET /events for `tenant` (with an optional query such as `?inboxId=…`) and hands out
 * parsed events in order; `next(name)` skips events of other names.
 */
export async function openEventStream(server: TestServer, tenant: Tenant, query = '') {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/events${query}`, { headers: { 'x-api-key': tenant.apiKey }, signal: controller.signal });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const nextBlock = async (): Promise<string> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return block;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
  // The stream says it is connected first, so nothing published after this is missed.
  assert.equal(await nextBlock(), ': connected');
  return {
    async next(name?: string): Promise<StreamedEvent> {
      for (;;) {
        const block = await nextBlock();
        if (block.startsWith(':')) continue;
        const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
        if (name && fields.event !== name) continue;
        return { id: fields.id!, event: fields.event!, data: JSON.parse(fields.data!) as Record<string, unknown> };
      }
    },
    close: async () => {
      await reader.cancel();
      controller.abort();
    },
  };
}
