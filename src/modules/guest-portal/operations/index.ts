import {
  createGuestPortal, createGuestPortalUser, getAllGuestPortalUsers, getGuestPortal, getGuestPortalUser, getGuestPortalUserById, getGuestPortals, getGuestPortalUsers,
} from './portals.js';
import { guestEmailHtml, guestEmailPage, guestInboxPage, guestLogin, guestLoginPage, guestLogout } from './pages.js';

/** GuestPortalController, and the guests' pages (public, hidden: they check the session cookie themselves). */
export const guestPortalOperations = [
  createGuestPortal, getGuestPortals, getAllGuestPortalUsers, getGuestPortalUserById, getGuestPortal, createGuestPortalUser, getGuestPortalUsers, getGuestPortalUser,
  guestLoginPage, guestLogin, guestLogout, guestInboxPage, guestEmailPage, guestEmailHtml,
];
