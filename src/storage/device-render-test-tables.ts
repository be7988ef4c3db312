/** Kysely table type of device render tests (migration 0061). */
export interface DeviceRenderTestsTable {
  id: string;
  tenant_id: string;
  /** the rest of the DeviceRenderTestRecord as JSON (dates as ISO strings) */
  test_json: string;
  created_at: number;
  updated_at: number;
}
