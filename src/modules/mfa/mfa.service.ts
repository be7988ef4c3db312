import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { Slice, TotpAlgorithm, TotpDeviceFilter, TotpDeviceRecord, TotpDeviceRepository } from '../../storage/ports.js';
import { checkedAlgorithm, checkedClockOffset, checkedDigits, checkedPeriod, normalizeBase32, parseOtpAuthUrl, totpCode, type TotpCode } from './totp.js';

/** What every create and update may set; null or absent keeps the default (or the current value). */
export interface TotpDeviceFields {
  name?: string | null;
  username?: string | null;
  issuer?: string | null;
  digits?: number | null;
  period?: number | null;
  algorithm?: string | null;
  /** not in the client's models: sent by raw HTTP or the dashboard */
  clockOffsetSeconds?: number | null;
}

export interface TotpDeviceQuery extends Omit<TotpDeviceFilter, 'name'> {
  page?: number;
  size?: number;
  sort?: SortDirection;
}

type DeviceSettings = Pick<TotpDeviceRecord, 'name' | 'username' | 'issuer' | 'digits' | 'period' | 'algorithm' | 'clockOffsetSeconds'>;

/** The defaults of RFC 6238 and of every authenticator app. */
const DEFAULTS = { digits: 6, period: 30, algorithm: 'SHA1' as TotpAlgorithm, clockOffsetSeconds: 0 };

/**
 * MFAController: virtual TOTP devices. A device holds a shared secret and answers the code an
 * authenticator would show, for now or for any instant a test asks (so a test can see the next
 * period's code without sleeping). The secret is stored and never answered.
 */
export class MfaService {
  constructor(
    private readonly devices: TotpDeviceRepository,
    private readonly clock: Clock,
  ) {}

  createFromBase32(tenantId: string, secret: string, fields: TotpDeviceFields, field = 'base32SecretKey'): Promise<TotpDeviceRecord> {
    return this.create(tenantId, normalizeBase32(secret, field), fields, {});
  }

  /** The URL's label, issuer, algorithm, digits and period, each overridden by a field given. */
  createFromOtpAuthUrl(tenantId: string, url: string, fields: TotpDeviceFields): Promise<TotpDeviceRecord> {
    const parsed = parseOtpAuthUrl(url);
    return this.create(tenantId, parsed.secretBase32, fields, {
      name: parsed.label,
      username: parsed.label,
      issuer: parsed.issuer,
      digits: parsed.digits,
      period: parsed.period,
      algorithm: parsed.algorithm,
    });
  }

  async get(tenantId: string, id: string): Promise<TotpDeviceRecord> {
    const device = await this.devices.findById(tenantId, id);
    if (!device) throw notFound(`No TOTP device ${id}`);
    return device;
  }

  /** The newest device with that name, issuer and username (each only when given). */
  findBy(tenantId: string, filter: TotpDeviceFilter): Promise<TotpDeviceRecord | undefined> {
    return this.devices.findFirst(tenantId, filter);
  }

  async page(tenantId: string, query: TotpDeviceQuery): Promise<{ slice: Slice<TotpDeviceRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    return { slice: await this.devices.page(tenantId, { issuer: query.issuer, username: query.username }, request), request };
  }

  async update(tenantId: string, id: string, fields: TotpDeviceFields): Promise<TotpDeviceRecord> {
    const current = await this.get(tenantId, id);
    const next = this.merged(fields, current);
    if (!(await this.devices.update(tenantId, id, { ...next, updatedAt: this.clock.now() }))) throw notFound(`No TOTP device ${id}`);
    return this.get(tenantId, id);
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.devices.delete(tenantId, id))) throw notFound(`No TOTP device ${id}`);
  }

  /**
   * The code the device shows at `at` (now when absent): its clock reads `at` plus its offset, and
   * the times answered are the server's (when the device will move on). With `minSecondsUntilExpire`, a code that would expire
   * sooner than that is passed over for the next period's, so a test never types a code that
   * dies on the way.
   */
  async code(tenantId: string, id: string, options: { at?: Date; minSecondsUntilExpire?: number | null } = {}): Promise<TotpCode> {
    const device = await this.get(tenantId, id);
    const at = options.at ?? this.clock.now();
    if (Number.isNaN(at.getTime())) throw badRequest('at must be an ISO-8601 instant');
    const min = options.minSecondsUntilExpire ?? 0;
    if (min < 0) throw badRequest('minSecondsUntilExpire must not be negative');
    if (min >= device.period) throw badRequest(`minSecondsUntilExpire must be less than the device's period (${device.period} s)`);
    const current = this.shown(device, at);
    if (current.expiresAt.getTime() - at.getTime() >= min * 1000) return current;
    return this.shown(device, current.expiresAt);
  }

  /** totpCode on the device's clock, its times put back on the server's. */
  private shown(device: TotpDeviceRecord, at: Date): TotpCode {
    const offsetMs = device.clockOffsetSeconds * 1000;
    const code = totpCode(device, new Date(at.getTime() + offsetMs));
    return { code: code.code, periodStart: new Date(code.periodStart.getTime() - offsetMs), expiresAt: new Date(code.expiresAt.getTime() - offsetMs) };
  }

  private async create(tenantId: string, secretBase32: string, fields: TotpDeviceFields, base: Partial<DeviceSettings>): Promise<TotpDeviceRecord> {
    const now = this.clock.now();
    const device: TotpDeviceRecord = {
      id: newId(),
      tenantId,
      secretBase32,
      ...this.merged(fields, { name: null, username: null, issuer: null, ...DEFAULTS, ...withoutNulls(base) }),
      createdAt: now,
      updatedAt: now,
    };
    await this.devices.create(device);
    return device;
  }

  /** The fields given over `c`, each checked. */
  private merged(fields: TotpDeviceFields, c: DeviceSettings): DeviceSettings {
    return {
      name: text(fields.name) ?? c.name,
      username: text(fields.username) ?? c.username,
      issuer: text(fields.issuer) ?? c.issuer,
      digits: checkedDigits(fields.digits ?? c.digits),
      period: checkedPeriod(fields.period ?? c.period),
      algorithm: checkedAlgorithm(fields.algorithm ?? c.algorithm),
      clockOffsetSeconds: checkedClockOffset(fields.clockOffsetSeconds ?? c.clockOffsetSeconds),
    };
  }
}

/** A label given: trimmed; blank means not given. */
const text = (value: string | null | undefined): string | undefined => (value == null || !value.trim() ? undefined : value.trim());

const withoutNulls = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
