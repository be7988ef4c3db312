/**
 * In-memory phone numbers and the carrier's inventory (ports/phone-numbers.ts,
 * ports/phone-inventory.ts), sharing one list of numbers as the tables do: enough for the
 * unit tests of modules/phone-inventory.
 */
import { newId } from '../../src/core/ids.js';
import type {
  EmergencyAddressRecord, PhoneAccountRepository, PhoneInventoryRepository, PhoneNumberRecord, PhoneNumberReleaseRecord,
  PhoneNumberReleaseRepository, PhoneNumberRepository, ProvisioningJobRecord, ProvisioningJobRepository, UserRecord, UserRepository,
} from '../../src/storage/ports.js';
import { notFaked } from './not-faked.js';

const byCreation = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

export class FakePhoneInventory {
  readonly numbers: PhoneNumberRecord[] = [];
  readonly releasesList: PhoneNumberReleaseRecord[] = [];
  readonly jobsList: ProvisioningJobRecord[] = [];
  readonly consents = new Map<string, boolean>();
  readonly addresses: EmergencyAddressRecord[] = [];
  readonly usersList: UserRecord[] = [];

  readonly phones: PhoneNumberRepository = {
    create: async (phone) => {
      if (this.numbers.some((p) => p.phoneNumber === phone.phoneNumber)) return false;
      this.numbers.push(structuredClone(phone));
      return true;
    },
    findById: async (tenantId, id) => this.numbers.find((p) => p.tenantId === tenantId && p.id === id),
    findByName: async (tenantId, name) => this.numbers.find((p) => p.tenantId === tenantId && p.name === name),
    findByNumber: async (tenantId, n) => this.numbers.find((p) => p.tenantId === tenantId && p.phoneNumber === n),
    findAnyByNumber: async (n) => this.numbers.find((p) => p.phoneNumber === n),
    taken: async (candidates) => new Set(candidates.filter((n) => this.numbers.some((p) => p.phoneNumber === n))),
    page: () => notFaked('phones.page'),
    tagLists: () => notFaked('phones.tagLists'),
    update: () => notFaked('phones.update'),
    delete: () => notFaked('phones.delete'),
    deleteAll: () => notFaked('phones.deleteAll'),
  };

  readonly inventory: PhoneInventoryRepository = {
    countTakenIn: async (spans) => this.numbers.filter((p) =>
      spans.some((s) => p.phoneNumber.length === s.first.length && p.phoneNumber >= s.first && p.phoneNumber <= s.last)).length,
    countByCountry: async (tenantId) => {
      const counts = new Map<string, number>();
      for (const p of this.numbers.filter((n) => n.tenantId === tenantId)) counts.set(p.phoneCountry, (counts.get(p.phoneCountry) ?? 0) + 1);
      return [...counts].sort().map(([phoneCountry, count]) => ({ phoneCountry, count }));
    },
    listAfter: async (tenantId, after, limit) => this.numbers
      .filter((p) => p.tenantId === tenantId && (!after || byCreation(p, { createdAt: after.createdAt, id: after.id }) > 0))
      .sort(byCreation).slice(0, limit),
  };

  readonly releases: PhoneNumberReleaseRepository = {
    release: async (tenantId, phoneId, releaseId, at) => {
      const index = this.numbers.findIndex((p) => p.tenantId === tenantId && p.id === phoneId);
      if (index < 0) return undefined;
      const [phone] = this.numbers.splice(index, 1);
      const release = { id: releaseId, tenantId, phoneId, phoneNumber: phone!.phoneNumber, phoneCountry: phone!.phoneCountry, name: phone!.name, createdAt: at };
      this.releasesList.push(release);
      return release;
    },
    releaseAll: async (tenantId, at) => {
      const mine = this.numbers.filter((p) => p.tenantId === tenantId);
      for (const phone of mine) await this.releases.release(tenantId, phone.id, newId(), at);
      return mine.length;
    },
    findById: async (tenantId, id) => this.releasesList.find((r) => r.tenantId === tenantId && r.id === id),
    page: async (tenantId, page) => {
      const mine = this.releasesList.filter((r) => r.tenantId === tenantId).sort(byCreation);
      if (page.sort === 'DESC') mine.reverse();
      return { items: mine.slice(page.page * page.size, (page.page + 1) * page.size), total: mine.length };
    },
    delete: async (tenantId, id) => {
      const index = this.releasesList.findIndex((r) => r.tenantId === tenantId && r.id === id);
      if (index >= 0) this.releasesList.splice(index, 1);
      return index >= 0;
    },
  };

  readonly jobs: ProvisioningJobRepository = {
    create: async (job) => { this.jobsList.push(structuredClone(job)); },
    findById: async (tenantId, id) => structuredClone(this.jobsList.find((j) => j.tenantId === tenantId && j.id === id)),
  };

  readonly accounts: PhoneAccountRepository = {
    consent: async (tenantId) => this.consents.get(tenantId),
    setConsent: async (tenantId, consented) => { this.consents.set(tenantId, consented); },
    createEmergencyAddress: async (address) => { this.addresses.push(structuredClone(address)); },
    emergencyAddresses: async (tenantId) => this.addresses.filter((a) => a.tenantId === tenantId).sort(byCreation),
    findEmergencyAddress: async (tenantId, id) => this.addresses.find((a) => a.tenantId === tenantId && a.id === id),
    deleteEmergencyAddress: async (tenantId, id) => {
      const index = this.addresses.findIndex((a) => a.tenantId === tenantId && a.id === id);
      if (index >= 0) this.addresses.splice(index, 1);
      return index >= 0;
    },
  };

  readonly users: UserRepository = {
    create: async (user) => { this.usersList.push({ organizationId: null, orgRole: null, active: true, ...user }); },
    findById: async (id) => this.usersList.find((u) => u.id === id),
    findByEmail: async (email) => this.usersList.find((u) => u.email === email),
    findFirstAdmin: () => notFaked('users.findFirstAdmin'),
    list: () => notFaked('users.list'),
  };
}
