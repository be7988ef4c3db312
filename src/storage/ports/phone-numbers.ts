/** Storage port of the simulated carrier's phone numbers (PhoneController). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface PhoneNumberRecord {
  id: string;
  tenantId: string;
  /** E.164, unique in the whole service */
  phoneNumber: string;
  /** ISO 3166 alpha-2 country the number was allocated for */
  phoneCountry: string;
  name: string | null;
  description: string | null;
  tags: string[];
  favourite: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface PhoneNumberFilter {
  phoneCountry?: string;
  since?: Date;
  before?: Date;
  /** case-insensitive "contains" on number, name, description and id */
  search?: string;
  /** numbers carrying every one of these tags */
  tags?: string[];
  favourite?: boolean;
  /** only these ids */
  ids?: string[];
  /** a filter on carrier intelligence the simulated numbers lack: matches nothing */
  none?: boolean;
}

export type PhoneNumberChange = Partial<Pick<PhoneNumberRecord, 'name' | 'description' | 'tags' | 'favourite'>> & { updatedAt: Date };

export interface PhoneNumberRepository {
  /** false when the number is already taken (by anyone): the caller picks another */
  create(phone: PhoneNumberRecord): Promise<boolean>;
  findById(tenantId: string, id: string): Promise<PhoneNumberRecord | undefined>;
  findByName(tenantId: string, name: string): Promise<PhoneNumberRecord | undefined>;
  findByNumber(tenantId: string, phoneNumber: string): Promise<PhoneNumberRecord | undefined>;
  /** the number whoever holds it: the carrier delivers to any tenant's number */
  findAnyByNumber(phoneNumber: string): Promise<PhoneNumberRecord | undefined>;
  /** which of `numbers` are taken by anyone in the service */
  taken(numbers: string[]): Promise<Set<string>>;
  page(tenantId: string, filter: PhoneNumberFilter, page: PageRequest): Promise<Slice<PhoneNumberRecord>>;
  /** the tags lists of every number of the tenant */
  tagLists(tenantId: string): Promise<string[][]>;
  /** false when there is no such number */
  update(tenantId: string, id: string, change: PhoneNumberChange): Promise<boolean>;
  /** false when there is no such number */
  delete(tenantId: string, id: string): Promise<boolean>;
  deleteAll(tenantId: string): Promise<number>;
}
