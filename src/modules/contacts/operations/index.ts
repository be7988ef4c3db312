import { createContact } from './createContact.js';
import { getContact } from './getContact.js';
import { getContacts } from './getContacts.js';
import { getAllContacts } from './getAllContacts.js';
import { deleteContact } from './deleteContact.js';
import { getContactVCard } from './getContactVCard.js';
import { createGroup } from './createGroup.js';
import { getGroup } from './getGroup.js';
import { getGroups } from './getGroups.js';
import { getAllGroups } from './getAllGroups.js';
import { deleteGroup } from './deleteGroup.js';
import { addContactsToGroup } from './addContactsToGroup.js';
import { removeContactsFromGroup } from './removeContactsFromGroup.js';
import { getGroupWithContacts } from './getGroupWithContacts.js';
import { getGroupWithContactsPaginated } from './getGroupWithContactsPaginated.js';

/** ContactController and GroupController. */
export const contactOperations = [
  createContact, getContact, getContacts, getAllContacts, deleteContact, getContactVCard,
  createGroup, getGroup, getGroups, getAllGroups, deleteGroup, addContactsToGroup, removeContactsFromGroup,
  getGroupWithContacts, getGroupWithContactsPaginated,
];
