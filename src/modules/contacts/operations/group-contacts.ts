import type { ContactGroupRecord, ContactRecord } from '../../../storage/ports.js';
import { toContactDto, toGroupDto } from '../contacts.dto.js';

/** GroupContactsDto of a group and its contacts. */
export const toGroupContactsDto = ({ group, contacts }: { group: ContactGroupRecord; contacts: ContactRecord[] }) => ({
  group: toGroupDto(group),
  contacts: contacts.map(toContactDto),
});
