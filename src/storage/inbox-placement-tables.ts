/** Kysely table types of inbox placement tests (migration 0060). */
export interface InboxPlacementTestsTable {
  id: string;
  tenant_id: string;
  /** API (ApiInboxPlacementTestController) or PUBLIC_SPAM_TEST (ToolsController) */
  source: string;
  share_token: string | null;
  /** the rest of the InboxPlacementTestRecord as JSON (dates as ISO strings) */
  test_json: string;
  created_at: number;
  updated_at: number;
}
