import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { WebhookEvent } from '../webhook-events.js';

/**
 * The webhook outbox: called by a repository INSIDE the transaction that stores the
 * change, it writes one delivery job per (matching webhook, event). The job commits or
 * rolls back with the change, so an event is never announced without being stored and
 * never lost between commit and send; the delivery worker (jobs/webhook-delivery.ts)
 * sends it. With no webhooks this is one indexed select.
 */
export async function enqueueWebhookEvents(trx: Kysely<Database>, events: WebhookEvent[], at: number): Promise<void> {
  if (events.length === 0) return;
  const tenants = [...new Set(events.map((e) => e.tenantId))];
  const names = [...new Set(events.flatMap((e) => e.eventNames))];
  const hooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'tenant_id', 'inbox_id', 'phone_id', 'name', 'event_name'])
    .where('tenant_id', 'in', tenants)
    .where('event_name', 'in', names)
    .where('enabled', '=', 1)
    .execute();
  if (hooks.length === 0) return;
  const rows: Database['webhook_deliveries'][] = [];
  for (const event of events) {
    for (const hook of hooks) {
      if (hook.tenant_id !== event.tenantId || !(event.eventNames as string[]).includes(hook.event_name)) continue;
      // An inbox's webhooks, and account-wide ones (attached to neither inbox nor phone).
      const accountWide = hook.inbox_id === null && hook.phone_id === null;
      if (!accountWide && (event.inboxId === null || hook.inbox_id !== event.inboxId)) continue;
      const messageId = randomUUID();
      const payload = JSON.stringify({
        messageId, webhookId: hook.id, webhookName: hook.name, eventName: hook.event_name, ...event.fields,
      });
      rows.push({
        id: randomUUID(),
        tenant_id: event.tenantId,
        webhook_id: hook.id,
        message_id: messageId,
        event_name: hook.event_name,
        payload,
        inbox_id: event.inboxId,
        email_id: event.refs.emailId ?? null,
        attachment_id: event.refs.attachmentId ?? null,
        state: 'pending',
        attempts: 0,
        next_attempt_at: at,
        lease_token: null,
        lease_until: null,
        window_start: at,
        redrive_of: null,
        created_at: at,
        updated_at: at,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 200) {
    await trx.insertInto('webhook_deliveries').values(rows.slice(i, i + 200)).execute();
  }
}
