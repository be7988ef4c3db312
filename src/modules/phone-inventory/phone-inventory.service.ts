import { createHash } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { PhoneRange } from '../../core/phone-ranges.js';
import type {
  NumberSpan, PhoneInventoryRepository, PhoneNumberRecord, PhoneNumberRepository, ProvisioningJobItemRecord, ProvisioningJobRecord,
  ProvisioningJobRepository, UserRepository,
} from '../../storage/ports.js';
import { PHONE_COUNTRIES } from '../phone/phone.schemas.js';
import { toE164 } from '../phone/phone.service.js';
import { lineTypeOf, variantOf, type PhoneVariant } from './line-types.js';
import { SIMULATED_PROVIDER } from './phone-inventory.schemas.js';
import { inSpans, numbersOf, spansOf, spanSize } from './spans.js';

export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

export interface PhonePlan {
  id: string;
  userId: string;
  phoneCountry: PhoneCountry;
  createdAt: Date;
}

export interface CountryAvailability {
  phoneCountry: PhoneCountry;
  /** numbers of the configured ranges nobody holds */
  freeNumbers: number;
  variants: PhoneVariant[];
}

export interface SearchOptions {
  phoneCountry: PhoneCountry;
  phoneVariant?: PhoneVariant;
  qualityFilter?: 'OTP' | 'NON_VOIP' | 'MOBILE_ONLY' | 'ANY';
  lineType?: string | null;
  carrierName?: string | null;
  mobileCountryCode?: string | null;
  mobileNetworkCode?: string | null;
  providerLabels?: string[] | null;
  limit?: number | null;
}

export interface AvailableNumber {
  phoneNumber: string;
  phoneCountry: PhoneCountry;
  phoneVariant?: PhoneVariant;
}

export interface SearchResult {
  items: AvailableNumber[];
  warning: string | null;
}

export interface ProvisioningJobInput {
  phoneCountry: PhoneCountry;
  phoneVariant?: PhoneVariant;
  items: Array<{ phoneNumber: string; providerLabel?: string | null }>;
}

export interface PhoneSummary {
  countries: Array<{ phoneCountry: PhoneCountry; count: number; hasPlan: boolean }>;
  totalPhones: number;
  plans: PhoneCountry[];
}

/** Numbers looked up at once while searching: one query per chunk. */
const SEARCH_CHUNK = 200;
/** Most candidates one search looks at (each is classified by libphonenumber-js): a bound on its time. */
export const SEARCH_SCAN_BUDGET = 20_000;
const DEFAULT_SEARCH_LIMIT = 20;
/** Numbers per read while exporting. */
const EXPORT_CHUNK = 500;

const isSimulated = (label: string | null | undefined): boolean => !label || label.trim().toUpperCase() === SIMULATED_PROVIDER;
const given = (value: string | null | undefined): boolean => value !== undefined && value !== null && value.trim() !== '';

/**
 * The simulated carrier's inventory, as PhoneController's plans, availability, provisioning
 * and summary operations see it: all derived from the configured ranges
 * (PIGEONHOLE_PHONE_RANGES) and the numbers held, counted, never estimated. Nothing is charged.
 */
export class PhoneInventoryService {
  constructor(
    private readonly phones: PhoneNumberRepository,
    private readonly inventory: PhoneInventoryRepository,
    private readonly jobs: ProvisioningJobRepository,
    private readonly users: UserRepository,
    private readonly ranges: readonly PhoneRange[],
    private readonly clock: Clock,
  ) {}

  /** the configured countries, in the client's enum order */
  configuredCountries(): PhoneCountry[] {
    const configured = new Set(this.ranges.map((r) => r.country));
    return PHONE_COUNTRIES.filter((c) => configured.has(c));
  }

  private spans(country: string): NumberSpan[] {
    return spansOf(this.ranges, country);
  }

  /** in the configured ranges of any country: a number of this carrier */
  isCarrierNumber(e164: string): boolean {
    return this.configuredCountries().some((country) => inSpans(this.spans(country), e164));
  }

  /** One plan per configured country, since the account exists; its id is stable for the account and country. */
  async plans(tenantId: string): Promise<PhonePlan[]> {
    const user = await this.users.findById(tenantId);
    const since = user?.createdAt ?? this.clock.now();
    return this.configuredCountries().map((phoneCountry) => ({ id: planId(tenantId, phoneCountry), userId: tenantId, phoneCountry, createdAt: since }));
  }

  /** free numbers per configured country (all of them counted) and the variants libphonenumber-js sees at each range's ends */
  async availability(): Promise<{ available: CountryAvailability[]; disabled: PhoneCountry[] }> {
    const available: CountryAvailability[] = [];
    const disabled: PhoneCountry[] = [];
    for (const phoneCountry of PHONE_COUNTRIES) {
      const spans = this.spans(phoneCountry);
      const freeNumbers = spans.length === 0 ? 0 : spans.reduce((n, s) => n + spanSize(s), 0) - (await this.inventory.countTakenIn(spans));
      if (freeNumbers > 0) available.push({ phoneCountry, freeNumbers, variants: this.variants(phoneCountry) });
      else disabled.push(phoneCountry);
    }
    return { available, disabled };
  }

  /** the variants of a country's ranges: what libphonenumber-js says of the first and last number of each */
  variants(country: string): PhoneVariant[] {
    const found = new Set<PhoneVariant>();
    for (const span of this.spans(country)) {
      for (const n of [span.first, span.last]) {
        const variant = variantOf(lineTypeOf(n));
        if (variant) found.add(variant);
      }
    }
    return ['LOCAL', 'MOBILE', 'TOLL_FREE'].filter((v) => found.has(v as PhoneVariant)) as PhoneVariant[];
  }

  capabilities(phoneCountry: PhoneCountry, providerLabel?: string): { providerLabel: string; phoneCountry: PhoneCountry; supportedVariants: string[]; warning: string | null } {
    if (!isSimulated(providerLabel)) {
      return {
        providerLabel: providerLabel!, phoneCountry, supportedVariants: [],
        warning: `The simulated carrier is the only provider here (providerLabel ${SIMULATED_PROVIDER})`,
      };
    }
    if (this.spans(phoneCountry).length === 0) {
      return { providerLabel: SIMULATED_PROVIDER, phoneCountry, supportedVariants: [], warning: noRange(phoneCountry) };
    }
    const supportedVariants = this.variants(phoneCountry);
    return {
      providerLabel: SIMULATED_PROVIDER, phoneCountry, supportedVariants,
      warning: supportedVariants.length === 0 ? `libphonenumber-js knows no line type for the ${phoneCountry} ranges (fictional numbers): no variant is supported` : null,
    };
  }

  /** free numbers of the country's ranges, in order, that pass the filters: a real look-up of what is taken */
  async search(options: SearchOptions): Promise<SearchResult> {
    const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
    const spans = this.spans(options.phoneCountry);
    if (spans.length === 0) return { items: [], warning: noRange(options.phoneCountry) };
    if (options.providerLabels && options.providerLabels.length > 0 && !options.providerLabels.some(isSimulated)) {
      return { items: [], warning: `No such provider: the simulated carrier is the only one (providerLabel ${SIMULATED_PROVIDER})` };
    }
    if ([options.lineType, options.carrierName, options.mobileCountryCode, options.mobileNetworkCode].some(given)) {
      return { items: [], warning: 'The simulated carrier has no carrier intelligence (line type, carrier, MCC, MNC): no number matches those filters' };
    }
    const wanted = options.qualityFilter === 'MOBILE_ONLY' ? 'MOBILE' : options.phoneVariant;
    if (options.qualityFilter === 'MOBILE_ONLY' && options.phoneVariant && options.phoneVariant !== 'MOBILE') {
      return { items: [], warning: `qualityFilter MOBILE_ONLY and phoneVariant ${options.phoneVariant} exclude each other` };
    }
    const items: AvailableNumber[] = [];
    let scanned = 0;
    for (const chunk of numbersOf(spans, SEARCH_CHUNK)) {
      const taken = await this.phones.taken(chunk);
      for (const phoneNumber of chunk) {
        scanned++;
        if (taken.has(phoneNumber)) continue;
        const lineType = lineTypeOf(phoneNumber);
        const phoneVariant = variantOf(lineType);
        if (wanted && phoneVariant !== wanted) continue;
        if (options.qualityFilter === 'NON_VOIP' && lineType === 'VOIP') continue;
        items.push({ phoneNumber, phoneCountry: options.phoneCountry, ...(phoneVariant ? { phoneVariant } : {}) });
        if (items.length >= limit) return { items, warning: qualityWarning(options) };
      }
      if (scanned >= SEARCH_SCAN_BUDGET) {
        return { items, warning: `Looked at the first ${scanned} numbers of the ${options.phoneCountry} ranges only; ask again with fewer filters` };
      }
    }
    return { items, warning: qualityWarning(options) ?? (items.length < limit ? `Only ${items.length} free numbers match in the ${options.phoneCountry} ranges` : null) };
  }

  /** Allocates each number asked for to the caller, at once; the job records how each went. */
  async createJob(tenantId: string, input: ProvisioningJobInput): Promise<ProvisioningJobRecord> {
    const now = this.clock.now();
    const spans = this.spans(input.phoneCountry);
    const items: ProvisioningJobItemRecord[] = [];
    for (const asked of input.items) {
      const item = (status: ProvisioningJobItemRecord['status'], phoneNumber: string, failureMessage: string | null, phoneId: string | null = null): ProvisioningJobItemRecord => ({
        id: newId(), phoneNumber, providerLabel: SIMULATED_PROVIDER, status, phoneId, failureMessage,
      });
      let e164: string;
      try {
        e164 = toE164(asked.phoneNumber);
      } catch (error) {
        items.push(item('FAILED', asked.phoneNumber, (error as Error).message));
        continue;
      }
      if (!isSimulated(asked.providerLabel)) {
        items.push(item('FAILED', e164, `No provider ${asked.providerLabel}: the simulated carrier is the only one (${SIMULATED_PROVIDER})`));
        continue;
      }
      if (!inSpans(spans, e164)) {
        items.push(item('FAILED', e164, spans.length === 0 ? noRange(input.phoneCountry) : `${e164} is not in the ${input.phoneCountry} ranges of PIGEONHOLE_PHONE_RANGES`));
        continue;
      }
      if (input.phoneVariant) {
        const variant = variantOf(lineTypeOf(e164));
        if (variant !== input.phoneVariant) {
          items.push(item('FAILED', e164, `${e164} is ${variant ?? 'of no known variant'} by libphonenumber-js, not ${input.phoneVariant}`));
          continue;
        }
      }
      const phone: PhoneNumberRecord = {
        id: newId(), tenantId, phoneNumber: e164, phoneCountry: input.phoneCountry, name: null, description: null, tags: [], favourite: false, createdAt: now, updatedAt: now,
      };
      if (await this.phones.create(phone)) items.push(item('PROVISIONED', e164, null, phone.id));
      else items.push(item('UNAVAILABLE', e164, `${e164} is taken`));
    }
    const succeeded = items.filter((i) => i.status === 'PROVISIONED').length;
    const job: ProvisioningJobRecord = {
      id: newId(),
      tenantId,
      phoneCountry: input.phoneCountry,
      phoneVariant: input.phoneVariant ?? null,
      status: succeeded === items.length ? 'COMPLETED' : succeeded === 0 ? 'FAILED' : 'PARTIAL',
      createdAt: now,
      updatedAt: this.clock.now(),
      items,
    };
    await this.jobs.create(job);
    return job;
  }

  async getJob(tenantId: string, id: string): Promise<ProvisioningJobRecord> {
    const job = await this.jobs.findById(tenantId, id);
    if (!job) throw notFound(`No phone provisioning job ${id}`);
    return job;
  }

  /** the caller's numbers per country, and the configured countries (the plans) */
  async summary(tenantId: string): Promise<PhoneSummary> {
    const counts = new Map((await this.inventory.countByCountry(tenantId)).map((c) => [c.phoneCountry, c.count]));
    const plans = this.configuredCountries();
    const hasPlan = new Set<string>(plans);
    const countries = PHONE_COUNTRIES
      .filter((c) => hasPlan.has(c) || (counts.get(c) ?? 0) > 0)
      .map((phoneCountry) => ({ phoneCountry, count: counts.get(phoneCountry) ?? 0, hasPlan: hasPlan.has(phoneCountry) }));
    const totalPhones = [...counts.values()].reduce((a, b) => a + b, 0);
    return { countries, totalPhones, plans };
  }

  /** every number of the caller, in creation order, read in chunks */
  async *allNumbers(tenantId: string): AsyncGenerator<PhoneNumberRecord> {
    let after: PhoneNumberRecord | null = null;
    for (;;) {
      const chunk = await this.inventory.listAfter(tenantId, after, EXPORT_CHUNK);
      yield* chunk;
      if (chunk.length < EXPORT_CHUNK) return;
      after = chunk.at(-1)!;
    }
  }
}

const noRange = (country: string): string => `No phone number range is configured for ${country}; add one to PIGEONHOLE_PHONE_RANGES (COUNTRY:+FIRST-+LAST)`;

const qualityWarning = (options: SearchOptions): string | null =>
  options.qualityFilter === 'OTP' ? 'The simulated carrier has no OTP-acceptance data: qualityFilter OTP was not applied' : null;

/** A stable id for the account's plan of a country (a name-based UUID). */
export function planId(tenantId: string, country: string): string {
  const hex = createHash('sha256').update(`phone-plan:${tenantId}:${country}`).digest('hex');
  // version 5 style (name-based) and RFC 4122 variant bits
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
