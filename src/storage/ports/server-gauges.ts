/**
 * Counts over the whole server (every tenant) that the Prometheus gauges read: cheap single
 * COUNTs, called at most once per scrape interval by the metrics module (which caches them).
 */
export interface ServerGaugeRepository {
  /** emails stored, all inboxes of all tenants */
  storedEmails(): Promise<number>;
  /** webhook deliveries not yet delivered or dead-lettered (waiting, retrying or in flight) */
  pendingWebhookDeliveries(): Promise<number>;
  /** queued sends (sendEmailWithQueue) not yet sent or failed */
  pendingSends(): Promise<number>;
}
