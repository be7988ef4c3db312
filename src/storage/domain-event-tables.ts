/** Kysely table type of the domain events (migration 0016); schema.ts lists it in Database. */
export interface DomainEventsTable {
  id: string;
  tenant_id: string;
  /** DomainEventName */
  name: string;
  inbox_id: string | null;
  entity_id: string;
  occurred_at: number;
  /** when a dispatcher may take it: its writing, then the end of the lease of the one that holds it */
  available_at: number;
  /** the holding dispatcher's claim; null until claimed */
  lease_token: string | null;
}
