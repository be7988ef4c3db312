/** Kysely table types of deliverability tests (migration 0063): each row's state is JSON, read and written whole. */
export interface DeliverabilityTestsTable {
  id: string;
  tenant_id: string;
  scope: string;
  /** the rest of the DeliverabilityTestRecord (dates as ISO strings) */
  test_json: string;
  created_at: number;
  updated_at: number;
}

export interface DeliverabilitySimulationJobsTable {
  id: string;
  tenant_id: string;
  test_id: string;
  status: string;
  job_json: string;
  created_at: number;
  updated_at: number;
}

export interface DeliverabilitySimulationEventsTable {
  id: string;
  tenant_id: string;
  job_id: string;
  /** insertion order within the job */
  seq: number;
  event_json: string;
  created_at: number;
}
