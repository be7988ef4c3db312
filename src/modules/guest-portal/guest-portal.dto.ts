import type { Static } from '@sinclair/typebox';
import type { GuestPortalRecord, GuestUserRecord } from '../../storage/ports.js';
import { PORTAL_PAGES } from './guest-portal.service.js';
import type { GuestPortalDto, GuestPortalUserDto, GuestPortalUserProjection } from './guest-portal.schemas.js';

export const portalLoginUrl = (baseUrl: string, portalId: string) => `${baseUrl}${PORTAL_PAGES}/${portalId}/login`;

export const toGuestPortalDto = (p: GuestPortalRecord, baseUrl: string): Static<typeof GuestPortalDto> => ({
  id: p.id,
  domainId: p.domainId,
  userId: p.tenantId,
  name: p.name,
  description: p.description,
  linkHelp: p.linkHelp,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  loginUrl: portalLoginUrl(baseUrl, p.id),
});

export const toGuestProjection = (g: GuestUserRecord): Static<typeof GuestPortalUserProjection> => ({
  name: g.name,
  id: g.id,
  username: g.username,
  userId: g.tenantId,
  inboxId: g.inboxId,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
  emailAddress: g.emailAddress,
  portalId: g.portalId,
});

export const toGuestDto = (g: GuestUserRecord, baseUrl: string): Static<typeof GuestPortalUserDto> => ({
  id: g.id,
  userId: g.tenantId,
  portalId: g.portalId,
  name: g.name,
  username: g.username,
  emailAddress: g.emailAddress,
  inboxId: g.inboxId,
  loginUrl: `${portalLoginUrl(baseUrl, g.portalId)}?username=${encodeURIComponent(g.username)}`,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});
