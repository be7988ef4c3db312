import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { EmergencyAddressRecord, PhoneAccountRepository } from '../../storage/ports.js';

export interface EmergencyAddressInput {
  customerName: string;
  address1: string;
  city: string;
  region: string;
  postalCode: string;
  isoCountryCode: string;
  displayName?: string | null;
}

/**
 * Postal code shapes per country of the client's enum (upper-cased, as stored). Hong Kong has
 * no postal codes: any non-blank value is kept as given.
 */
const POSTAL_CODES: Record<string, { pattern: RegExp; example: string }> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '94103 or 94103-1234' },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, example: 'K1A 0B1' },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, example: 'SW1A 1AA' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  EE: { pattern: /^\d{5}$/, example: '10111' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1000-001' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: '1012 AB' },
  IL: { pattern: /^\d{5}(\d{2})?$/, example: '6100000' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '111 22' },
};

/**
 * What the account tells the carrier about itself: its SMS consent flag and its emergency
 * addresses. Prepaid SMS credits are not here: the simulated carrier sells nothing, so an
 * account has none (the operations answer an empty list and 404).
 *
 * The consent flag is stored and read back only: nothing else in Pigeonhole consults it
 * (receiving and sending SMS work the same either way).
 */
export class PhoneAccountService {
  constructor(
    private readonly accounts: PhoneAccountRepository,
    private readonly clock: Clock,
  ) {}

  /** false until the account gives consent */
  async consent(tenantId: string): Promise<boolean> {
    return (await this.accounts.consent(tenantId)) ?? false;
  }

  async setConsent(tenantId: string, agree: boolean): Promise<boolean> {
    await this.accounts.setConsent(tenantId, agree, this.clock.now());
    return agree;
  }

  async createEmergencyAddress(tenantId: string, input: EmergencyAddressInput): Promise<EmergencyAddressRecord> {
    const field = (name: keyof EmergencyAddressInput, value: string): string => {
      const text = value.trim().replace(/\s+/g, ' ');
      if (!text) throw badRequest(`${name} must not be blank`);
      return text;
    };
    const customerName = field('customerName', input.customerName);
    const postalCode = field('postalCode', input.postalCode).toUpperCase();
    const shape = POSTAL_CODES[input.isoCountryCode];
    if (shape && !shape.pattern.test(postalCode)) {
      throw badRequest(`postalCode ${postalCode} is not a ${input.isoCountryCode} postal code (like ${shape.example})`);
    }
    const now = this.clock.now();
    const address: EmergencyAddressRecord = {
      id: newId(),
      tenantId,
      displayName: input.displayName?.trim() ? input.displayName.trim() : customerName,
      customerName,
      address1: field('address1', input.address1),
      city: field('city', input.city),
      region: field('region', input.region),
      postalCode,
      phoneCountry: input.isoCountryCode,
      createdAt: now,
      updatedAt: now,
    };
    await this.accounts.createEmergencyAddress(address);
    return address;
  }

  emergencyAddresses(tenantId: string): Promise<EmergencyAddressRecord[]> {
    return this.accounts.emergencyAddresses(tenantId);
  }

  async emergencyAddress(tenantId: string, id: string): Promise<EmergencyAddressRecord> {
    const address = await this.accounts.findEmergencyAddress(tenantId, id);
    if (!address) throw notFound(`No emergency address ${id}`);
    return address;
  }

  async deleteEmergencyAddress(tenantId: string, id: string): Promise<void> {
    if (!(await this.accounts.deleteEmergencyAddress(tenantId, id))) throw notFound(`No emergency address ${id}`);
  }
}
