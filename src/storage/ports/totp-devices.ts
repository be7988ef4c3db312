/** Storage port of virtual TOTP devices (MFAController). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export interface TotpDeviceRecord {
  id: string;
  tenantId: string;
  name: string | null;
  username: string | null;
  issuer: string | null;
  /** the shared secret, base32 (RFC 4648, no padding); never answered by the API */
  secretBase32: string;
  digits: number;
  /** seconds */
  period: number;
  algorithm: TotpAlgorithm;
  /** seconds the device's clock runs ahead of (positive) or behind (negative) the server's */
  clockOffsetSeconds: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Equality filters of the lists and of getTotpDeviceBy; an absent field matches any device. */
export interface TotpDeviceFilter {
  name?: string;
  issuer?: string;
  username?: string;
}

export type TotpDeviceChange = Pick<TotpDeviceRecord, 'name' | 'username' | 'issuer' | 'digits' | 'period' | 'algorithm' | 'clockOffsetSeconds' | 'updatedAt'>;

export interface TotpDeviceRepository {
  create(device: TotpDeviceRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<TotpDeviceRecord | undefined>;
  /** the newest device matching the filter */
  findFirst(tenantId: string, filter: TotpDeviceFilter): Promise<TotpDeviceRecord | undefined>;
  page(tenantId: string, filter: TotpDeviceFilter, page: PageRequest): Promise<Slice<TotpDeviceRecord>>;
  /** false when there is no such device */
  update(tenantId: string, id: string, change: TotpDeviceChange): Promise<boolean>;
  /** false when there is no such device */
  delete(tenantId: string, id: string): Promise<boolean>;
}
