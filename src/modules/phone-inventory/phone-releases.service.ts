import type { Clock } from '../../core/clock.js';
import { conflict, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { PhoneNumberRecord, PhoneNumberReleaseRecord, PhoneNumberReleaseRepository, PhoneNumberRepository, Slice } from '../../storage/ports.js';

/**
 * Releases of the simulated carrier's numbers: deleting a number (deletePhoneNumber,
 * deleteAllPhoneNumber) records which number it was, whose and when; the number goes back to
 * the free numbers of its range, and the release can give it back to its owner
 * (reassignPhoneNumberRelease) as long as nobody has taken it meanwhile.
 */
export class PhoneReleaseService {
  constructor(
    private readonly releases: PhoneNumberReleaseRepository,
    private readonly phones: PhoneNumberRepository,
    private readonly clock: Clock,
  ) {}

  /** deletes the number and records its release; 404 when the caller has no such number */
  async release(tenantId: string, phoneId: string): Promise<PhoneNumberReleaseRecord> {
    const release = await this.releases.release(tenantId, phoneId, newId(), this.clock.now());
    if (!release) throw notFound(`No phone number ${phoneId}`);
    return release;
  }

  /** every number of the caller released, one release each; how many */
  releaseAll(tenantId: string): Promise<number> {
    return this.releases.releaseAll(tenantId, this.clock.now());
  }

  async page(tenantId: string, query: { page?: number; size?: number; sort?: SortDirection }): Promise<{ slice: Slice<PhoneNumberReleaseRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    return { slice: await this.releases.page(tenantId, request), request };
  }

  async get(tenantId: string, id: string): Promise<PhoneNumberReleaseRecord> {
    const release = await this.releases.findById(tenantId, id);
    if (!release) throw notFound(`No phone number release ${id}`);
    return release;
  }

  /**
   * The released number back to the caller, as a new phone number with the old name (its SMS
   * went with the release); the release is then spent and removed. 409 when the number has
   * been taken since, by the caller or anyone else.
   */
  async reassign(tenantId: string, id: string): Promise<PhoneNumberRecord> {
    const release = await this.get(tenantId, id);
    const now = this.clock.now();
    const phone: PhoneNumberRecord = {
      id: newId(), tenantId, phoneNumber: release.phoneNumber, phoneCountry: release.phoneCountry, name: release.name,
      description: null, tags: [], favourite: false, createdAt: now, updatedAt: now,
    };
    if (!(await this.phones.create(phone))) {
      const own = await this.phones.findByNumber(tenantId, release.phoneNumber);
      throw conflict(own
        ? `${release.phoneNumber} is already yours again (phone number ${own.id})`
        : `${release.phoneNumber} has been taken by another account since it was released; it cannot be reassigned`);
    }
    await this.releases.delete(tenantId, id);
    return phone;
  }
}
