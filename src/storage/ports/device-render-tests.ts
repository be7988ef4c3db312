/** Storage port of device render tests (modules/device-render-tests). */

export type DeviceRenderTestStatus = 'WAITING_FOR_EMAIL' | 'RUN_CREATED' | 'FAILED' | 'EXPIRED';

/**
 * RENDER_TEST: ToolsController's device render test (a share link to its run); IMPORT_ADDRESS:
 * DevicePreviewsController's temporary import address (its run renders the chosen targets).
 */
export type AddressRunKind = 'RENDER_TEST' | 'IMPORT_ADDRESS';

export interface DeviceRenderTestRecord {
  id: string;
  tenantId: string;
  kind: AddressRunKind;
  /** IMPORT_ADDRESS: the targets its run renders (null: the defaults) */
  nativeTargets: string[] | null;
  /** the inbox made for the test, and its address */
  inboxId: string;
  emailAddress: string;
  status: DeviceRenderTestStatus;
  emailId: string | null;
  sourceFrom: string | null;
  sourceSubject: string | null;
  sourceTo: string[] | null;
  sourceMessageId: string | null;
  sourceSizeBytes: number | null;
  senderDomain: string | null;
  runId: string | null;
  /** the share token of the run's results (a device preview share link) */
  shareToken: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface DeviceRenderTestRepository {
  insert(record: DeviceRenderTestRecord): Promise<DeviceRenderTestRecord>;
  get(tenantId: string, id: string): Promise<DeviceRenderTestRecord | undefined>;
  update(record: DeviceRenderTestRecord): Promise<void>;
}
