import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import { candidateChunks, type PhoneRange } from '../../core/phone-ranges.js';
import type { PhoneNumberFilter, PhoneNumberRecord, PhoneNumberRepository, Slice } from '../../storage/ports.js';

export interface CreatePhoneInput {
  phoneCountry: string;
  name?: string | null;
  description?: string | null;
  tags?: string[] | null;
}

export interface PhoneQuery extends Omit<PhoneNumberFilter, 'none'> {
  page?: number;
  size?: number;
  sort?: SortDirection;
  /** carrier intelligence filters (lineType, carrierName, ...): simulated numbers have none */
  carrierFilters?: boolean;
}

/**
 * Who deletes numbers when releases are recorded (modules/phone-inventory's PhoneReleaseService):
 * it deletes the number and records its release at once, and throws a 404 for a number the
 * caller does not have.
 */
export interface PhoneReleaser {
  release(tenantId: string, phoneId: string): Promise<unknown>;
  releaseAll(tenantId: string): Promise<number>;
}

/** Candidates looked up at once while allocating: one query per chunk. */
const ALLOCATION_CHUNK = 200;

/**
 * PhoneController's numbers on the simulated carrier: allocation from the configured ranges
 * (unique in the whole service), names, descriptions, tags and favourites.
 */
export class PhoneService {
  constructor(
    private readonly phones: PhoneNumberRepository,
    private readonly ranges: readonly PhoneRange[],
    private readonly clock: Clock,
    /** records each deletion as a release; without it numbers are deleted without a trace */
    private readonly releaser?: PhoneReleaser,
  ) {}

  async create(tenantId: string, input: CreatePhoneInput): Promise<PhoneNumberRecord> {
    const now = this.clock.now();
    const base = {
      tenantId,
      phoneCountry: input.phoneCountry,
      name: blankToNull(input.name),
      description: blankToNull(input.description),
      tags: normalTags(input.tags ?? []),
      favourite: false,
      createdAt: now,
      updatedAt: now,
    };
    let configured = false;
    for (const chunk of candidateChunks([...this.ranges], input.phoneCountry, ALLOCATION_CHUNK)) {
      configured = true;
      const taken = await this.phones.taken(chunk);
      for (const phoneNumber of chunk.filter((n) => !taken.has(n))) {
        const phone: PhoneNumberRecord = { id: newId(), phoneNumber, ...base };
        // false: someone took it between the look-up and the insert; try the next one
        if (await this.phones.create(phone)) return phone;
      }
    }
    if (!configured) {
      throw badRequest(`No phone number range is configured for ${input.phoneCountry}; add one to PIGEONHOLE_PHONE_RANGES (COUNTRY:+FIRST-+LAST)`);
    }
    throw badRequest(`Every number of the ${input.phoneCountry} ranges is taken; delete some or widen PIGEONHOLE_PHONE_RANGES`);
  }

  async get(tenantId: string, id: string): Promise<PhoneNumberRecord> {
    const phone = await this.phones.findById(tenantId, id);
    if (!phone) throw notFound(`No phone number ${id}`);
    return phone;
  }

  async getByName(tenantId: string, name: string): Promise<PhoneNumberRecord> {
    const phone = await this.phones.findByName(tenantId, name);
    if (!phone) throw notFound(`No phone number named ${name}`);
    return phone;
  }

  async getByNumber(tenantId: string, phoneNumber: string): Promise<PhoneNumberRecord> {
    const phone = await this.phones.findByNumber(tenantId, toE164(phoneNumber));
    if (!phone) throw notFound(`No phone number ${phoneNumber} of yours`);
    return phone;
  }

  async page(tenantId: string, query: PhoneQuery): Promise<{ slice: Slice<PhoneNumberRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    const { page: _p, size: _s, sort: _o, carrierFilters, ...filter } = query;
    return { slice: await this.phones.page(tenantId, { ...filter, none: carrierFilters }, request), request };
  }

  async update(tenantId: string, id: string, input: { name?: string | null; description?: string | null }): Promise<PhoneNumberRecord> {
    return this.change(tenantId, id, {
      ...(input.name !== undefined ? { name: blankToNull(input.name) } : {}),
      ...(input.description !== undefined ? { description: blankToNull(input.description) } : {}),
    });
  }

  async setFavourite(tenantId: string, id: string, favourite: boolean): Promise<PhoneNumberRecord> {
    return this.change(tenantId, id, { favourite });
  }

  async setTags(tenantId: string, id: string, tags: string[]): Promise<PhoneNumberRecord> {
    return this.change(tenantId, id, { tags: normalTags(tags) });
  }

  async addTags(tenantId: string, id: string, tags: string[]): Promise<PhoneNumberRecord> {
    const phone = await this.get(tenantId, id);
    return this.change(tenantId, id, { tags: normalTags([...phone.tags, ...tags]) });
  }

  async removeTags(tenantId: string, id: string, tags: string[]): Promise<PhoneNumberRecord> {
    const phone = await this.get(tenantId, id);
    const removed = new Set(normalTags(tags));
    return this.change(tenantId, id, { tags: phone.tags.filter((t) => !removed.has(t)) });
  }

  /** every distinct tag of the caller's numbers, sorted; `search` keeps those containing it (any case) */
  async allTags(tenantId: string, search?: string): Promise<string[]> {
    const all = new Set((await this.phones.tagLists(tenantId)).flat());
    const needle = search?.trim().toLowerCase();
    return [...all].filter((t) => !needle || t.toLowerCase().includes(needle)).sort();
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (this.releaser) await this.releaser.release(tenantId, id);
    else if (!(await this.phones.delete(tenantId, id))) throw notFound(`No phone number ${id}`);
  }

  async deleteAll(tenantId: string): Promise<void> {
    if (this.releaser) await this.releaser.releaseAll(tenantId);
    else await this.phones.deleteAll(tenantId);
  }

  private async change(tenantId: string, id: string, change: Omit<Parameters<PhoneNumberRepository['update']>[2], 'updatedAt'>): Promise<PhoneNumberRecord> {
    if (!(await this.phones.update(tenantId, id, { ...change, updatedAt: this.clock.now() }))) throw notFound(`No phone number ${id}`);
    return this.get(tenantId, id);
  }
}

const blankToNull = (text: string | null | undefined): string | null => (text?.trim() ? text.trim() : null);

/** Tags trimmed, blank ones dropped, each once, in the order first given. */
export const normalTags = (tags: string[]): string[] => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

/** A number as stored: + and digits only (spaces, dashes and brackets of a formatted number dropped). */
export function toE164(text: string): string {
  const digits = text.replace(/[\s().-]/g, '');
  if (!/^\+?\d{4,15}$/.test(digits)) throw badRequest(`${text} is not a phone number in E.164 form (like +12025550123)`);
  return digits.startsWith('+') ? digits : `+${digits}`;
}
