import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { unauthorized } from '../../core/errors.js';
import type { ExportRepository, ExportRow, ExportType, ServerSecretRepository } from '../../storage/ports.js';
import { toCsv, type CsvFormat } from './csv.js';

/** Most rows one export writes; the answer says when it stopped there (X-Export-Truncated). */
export const MAX_EXPORT_ROWS = 50_000;

/** How long an export link opens its export when PIGEONHOLE_EXPORT_LINK_TTL is not set: one hour. */
export const DEFAULT_EXPORT_LINK_TTL_MS = 60 * 60 * 1000;

const KEY_NAME = 'export-link-signing-key';

export interface ExportOptions {
  outputFormat: CsvFormat;
  /** rows created at or after */
  createdEarliestTime?: Date;
  /** rows created at or before */
  createdOldestTime?: Date;
  /** case-insensitive text that some cell of a row must contain */
  filter?: string;
  /** what joins the values of a list cell (recipients, tags, addresses); ',' by default */
  listSeparatorToken?: string;
  /** leave out what an earlier export with this flag wrote, and remember what this one writes */
  excludePreviouslyExported?: boolean;
}

export interface ExportFile {
  csv: string;
  rows: number;
  truncated: boolean;
  fileName: string;
}

/** The columns of each export, in order. */
const COLUMNS: Record<ExportType, readonly string[]> = {
  INBOXES: ['id', 'emailAddress', 'name', 'description', 'inboxType', 'favourite', 'tags', 'createdAt', 'expiresAt'],
  EMAILS: ['id', 'inboxId', 'from', 'to', 'cc', 'subject', 'read', 'attachmentCount', 'createdAt'],
  CONTACTS: ['id', 'firstName', 'lastName', 'company', 'emailAddresses', 'tags', 'groupId', 'optOut', 'createdAt'],
  ATTACHMENTS: ['id', 'emailId', 'name', 'contentType', 'size', 'createdAt'],
};

interface LinkClaims {
  t: string;
  type: ExportType;
  o: { f: CsvFormat; e?: number; l?: number; q?: string; s?: string; x?: boolean };
  exp: number;
}

/**
 * ExportController: the caller's inboxes, emails, contacts or attachments as CSV, and links
 * that open an export without an API key. A link carries a token `base64url(JSON).HMAC-SHA256`
 * signed with a key of this server (kept in the database like the preview links' key) naming
 * the tenant, the export and its options, valid for PIGEONHOLE_EXPORT_LINK_TTL.
 */
export class ExportService {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly repo: ExportRepository,
    private readonly secrets: ServerSecretRepository,
    private readonly clock: Clock,
    readonly linkTtlMs: number = DEFAULT_EXPORT_LINK_TTL_MS,
  ) {}

  async export(tenantId: string, type: ExportType, options: ExportOptions): Promise<ExportFile> {
    const separator = options.listSeparatorToken ?? ',';
    const needle = options.filter?.trim().toLowerCase();
    const columns = COLUMNS[type];
    const cell = (value: ExportRow[string]): string =>
      value === null || value === undefined ? '' : Array.isArray(value) ? value.join(separator) : String(value);
    const fetched = await this.repo.rows(tenantId, type, {
      createdFrom: options.createdEarliestTime, createdTo: options.createdOldestTime, excludePreviouslyExported: options.excludePreviouslyExported,
    }, MAX_EXPORT_ROWS + 1);
    const truncated = fetched.length > MAX_EXPORT_ROWS;
    const kept = fetched.slice(0, MAX_EXPORT_ROWS)
      .map((row) => ({ id: String(row.id), cells: columns.map((c) => cell(row[c] ?? null)) }))
      .filter((row) => !needle || row.cells.some((c) => c.toLowerCase().includes(needle)));
    if (options.excludePreviouslyExported) await this.repo.markExported(tenantId, type, kept.map((r) => r.id), this.clock.now());
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    return {
      csv: toCsv(columns, kept.map((r) => r.cells), options.outputFormat),
      rows: kept.length,
      truncated,
      fileName: `${type.toLowerCase()}-${stamp}.csv`,
    };
  }

  /** A token opening this export of the tenant's until now + ttl. */
  async signLink(tenantId: string, type: ExportType, options: ExportOptions): Promise<{ token: string; expiresAt: Date }> {
    const exp = this.clock.now().getTime() + this.linkTtlMs;
    const claims: LinkClaims = {
      t: tenantId, type, exp,
      o: {
        f: options.outputFormat, e: options.createdEarliestTime?.getTime(), l: options.createdOldestTime?.getTime(), q: options.filter,
        s: options.listSeparatorToken, x: options.excludePreviouslyExported,
      },
    };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { token: `${payload}.${await this.mac(payload)}`, expiresAt: new Date(exp) };
  }

  /** The tenant, export and options a link's token opens; a token that is not this server's, altered or expired is 401. */
  async openLink(token: string): Promise<{ tenantId: string; type: ExportType; options: ExportOptions }> {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) throw unauthorized('Invalid export token: not a token of this server; get a fresh link from getExportLink');
    const expected = Buffer.from(await this.mac(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw unauthorized('Invalid export token: its signature does not match (altered, or not made by this server); get a fresh link from getExportLink');
    }
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkClaims;
    if (claims.exp <= this.clock.now().getTime()) {
      throw unauthorized(`The export link expired at ${new Date(claims.exp).toISOString()}; get a fresh link from getExportLink`);
    }
    const o = claims.o;
    return {
      tenantId: claims.t, type: claims.type,
      options: {
        outputFormat: o.f, createdEarliestTime: o.e === undefined ? undefined : new Date(o.e), createdOldestTime: o.l === undefined ? undefined : new Date(o.l),
        filter: o.q, listSeparatorToken: o.s, excludePreviouslyExported: o.x,
      },
    };
  }

  private async mac(payload: string): Promise<string> {
    return createHmac('sha256', await this.signingKey()).update(payload).digest('base64url');
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= this.secrets.getOrCreate(KEY_NAME, randomBytes(32).toString('hex')).then(
      (hex) => Buffer.from(hex, 'hex'),
      (err: unknown) => {
        this.key = undefined;
        throw err;
      },
    );
    return this.key;
  }
}
