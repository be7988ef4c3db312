import type { Static } from '@sinclair/typebox';
import type { ContactGroupRecord, ContactRecord } from '../../storage/ports.js';
import type { ContactDto, ContactProjection, GroupDto, GroupProjection } from './contacts.schemas.js';

export const toContactDto = (c: ContactRecord): Static<typeof ContactDto> => ({
  id: c.id,
  groupId: c.groupId,
  firstName: c.firstName,
  lastName: c.lastName,
  company: c.company,
  emailAddresses: c.emailAddresses,
  primaryEmailAddress: c.emailAddresses[0] ?? null,
  tags: c.tags,
  metaData: c.metaData,
  optOut: c.optOut,
  createdAt: c.createdAt.toISOString(),
});

export const toContactProjection = (c: ContactRecord): Static<typeof ContactProjection> => ({
  id: c.id,
  groupId: c.groupId,
  createdAt: c.createdAt.toISOString(),
  emailAddress: c.emailAddresses[0] ?? null,
  emailAddresses: c.emailAddresses,
  firstName: c.firstName,
  lastName: c.lastName,
  company: c.company,
  optOut: c.optOut,
});

export const toGroupDto = (g: ContactGroupRecord): Static<typeof GroupDto> => ({
  id: g.id, name: g.name, description: g.description, createdAt: g.createdAt.toISOString(),
});

export const toGroupProjection = (g: ContactGroupRecord): Static<typeof GroupProjection> => ({
  name: g.name, id: g.id, description: g.description, createdAt: g.createdAt.toISOString(),
});
