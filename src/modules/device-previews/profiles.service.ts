import { badRequest, conflict, notFound } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { DevicePreviewProfileRecord, DevicePreviewRepository } from '../../storage/ports.js';
import { BUILT_IN_PROFILES, builtInProfile, deviceTarget, nativeTarget } from './device-targets.js';
import { MAX_TARGETS } from './device-previews.schemas.js';

/** The owner named on built-in profiles. */
export const BUILT_IN_OWNER = 'builtin';

/** Built-in profiles exist from the start of time, as far as their timestamps go. */
const EPOCH = new Date(0);

/** A profile as answered: a tenant's own or a built-in one. */
export type ProfileView = Omit<DevicePreviewProfileRecord, 'tenantId'> & { userId: string; builtIn: boolean };

const ownView = (p: DevicePreviewProfileRecord): ProfileView => ({ ...p, userId: p.tenantId, builtIn: false });
const builtInView = (p: (typeof BUILT_IN_PROFILES)[number]): ProfileView => ({
  id: p.id, userId: BUILT_IN_OWNER, localPart: p.localPart, displayName: p.displayName, targets: [...p.targets], enabled: true,
  createdAt: EPOCH, updatedAt: EPOCH, builtIn: true,
});

/** Checks a list of target keys: each a device target or a known native one (reported unavailable); no repeats. */
export function checkTargets(keys: readonly string[]): string[] {
  if (keys.length === 0) throw badRequest('nativeTargets is empty: name at least one target, or leave it out for the default targets');
  if (keys.length > MAX_TARGETS) throw badRequest(`nativeTargets names ${keys.length} targets; at most ${MAX_TARGETS}`);
  const unknown = keys.filter((k) => !deviceTarget(k) && !nativeTarget(k));
  if (unknown.length > 0) {
    throw badRequest(`Unknown device preview target(s): ${unknown.join(', ')} (getDevicePreviewNativeTargetAvailability lists the targets)`);
  }
  return [...new Set(keys)];
}

/**
 * Device preview profiles: named sets of device targets. The built-in ones (phones, tablets,
 * desktops, dark mode, all devices) are read-only and shared by every tenant; a tenant's own
 * are theirs alone. A profile's local part names it uniquely within the tenant.
 */
export class DevicePreviewProfiles {
  constructor(private readonly repo: DevicePreviewRepository, private readonly clock: Clock) {}

  async list(tenantId: string): Promise<ProfileView[]> {
    return [...BUILT_IN_PROFILES.map(builtInView), ...(await this.repo.listProfiles(tenantId)).map(ownView)];
  }

  async get(tenantId: string, id: string): Promise<ProfileView> {
    const builtIn = builtInProfile(id);
    if (builtIn) return builtInView(builtIn);
    const own = await this.repo.findProfile(tenantId, id);
    if (!own) throw notFound(`No device preview profile ${id}`);
    return ownView(own);
  }

  async create(tenantId: string, input: { localPart: string; displayName?: string | null; options?: { nativeTargets?: string[] | null } | null; enabled?: boolean | null }): Promise<ProfileView> {
    const localPart = input.localPart.toLowerCase();
    await this.checkLocalPartFree(tenantId, localPart);
    const now = this.clock.now();
    const targets = input.options?.nativeTargets ? checkTargets(input.options.nativeTargets) : null;
    const profile: DevicePreviewProfileRecord = {
      id: newId(), tenantId, localPart, displayName: input.displayName ?? null, targets, enabled: input.enabled ?? true, createdAt: now, updatedAt: now,
    };
    await this.repo.insertProfile(profile);
    return ownView(profile);
  }

  async update(tenantId: string, id: string, input: { localPart?: string | null; displayName?: string | null; options?: { nativeTargets?: string[] | null } | null; enabled?: boolean | null }): Promise<ProfileView> {
    const current = await this.ownOrRefuse(tenantId, id);
    const localPart = input.localPart?.toLowerCase();
    if (localPart && localPart !== current.localPart) await this.checkLocalPartFree(tenantId, localPart);
    const updated = await this.repo.updateProfile(tenantId, id, {
      localPart: localPart ?? undefined,
      displayName: input.displayName === undefined ? undefined : input.displayName,
      // options: null clears the profile's targets (back to the defaults); options without nativeTargets leaves them
      targets: input.options === undefined ? undefined : input.options === null || input.options.nativeTargets === null ? null
        : input.options.nativeTargets === undefined ? undefined : checkTargets(input.options.nativeTargets),
      enabled: input.enabled ?? undefined,
      updatedAt: this.clock.now(),
    });
    if (!updated) throw notFound(`No device preview profile ${id}`);
    return ownView(updated);
  }

  async delete(tenantId: string, id: string): Promise<void> {
    await this.ownOrRefuse(tenantId, id);
    if (!(await this.repo.deleteProfile(tenantId, id))) throw notFound(`No device preview profile ${id}`);
  }

  private async ownOrRefuse(tenantId: string, id: string): Promise<DevicePreviewProfileRecord> {
    if (builtInProfile(id)) throw badRequest(`Device preview profile ${id} is built in and read-only: create a profile of your own to change its targets`);
    const own = await this.repo.findProfile(tenantId, id);
    if (!own) throw notFound(`No device preview profile ${id}`);
    return own;
  }

  private async checkLocalPartFree(tenantId: string, localPart: string): Promise<void> {
    if (BUILT_IN_PROFILES.some((p) => p.localPart === localPart)) throw conflict(`localPart ${localPart} is taken by a built-in profile`);
    if (await this.repo.findProfileByLocalPart(tenantId, localPart)) throw conflict(`You already have a device preview profile with localPart ${localPart}`);
  }
}
