import { Type } from '@sinclair/typebox';
import { AppError } from '../../../core/errors.js';
import { Content } from '../../../core/operation.js';
import { INT32_MAX, Uuid } from '../../shared/schemas.js';
import { PREVIEW_HEADERS } from '../../email/preview-headers.js';
import type { Services } from '../../services.js';
import { guestPortalOperation } from './define.js';
import { GUEST_SESSION_COOKIE, GUEST_SESSION_TTL_MS, GuestLockedOut, PORTAL_PAGES, type GuestSession } from '../guest-portal.service.js';
import { emailPage, inboxPage, loginPage, notFoundPage, PAGE_HEADERS, unauthorizedPage } from '../guest-portal.pages.js';

const MAX_FORM_BYTES = 16 * 1024;
const PAGE_SIZE = 50;
const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Content(body, 'text/html; charset=utf-8', { ...PAGE_HEADERS, ...headers }, status);

function cookieOf(headers: Readonly<Record<string, string | string[] | undefined>>): string | undefined {
  const raw = headers.cookie;
  for (const part of (Array.isArray(raw) ? raw.join(';') : raw ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === GUEST_SESSION_COOKIE) return value.join('=');
  }
  return undefined;
}

const cookie = (portalId: string, value: string, maxAgeSeconds: number, secure: boolean) =>
  `${GUEST_SESSION_COOKIE}=${value}; Path=${PORTAL_PAGES}/${portalId}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

/** The session of the request's cookie, or the 401 page (every failure of a session is a 401). */
async function withSession(
  portalId: string, headers: Readonly<Record<string, string | string[] | undefined>>, services: Services,
  render: (session: GuestSession) => Promise<Content>,
): Promise<Content> {
  let session: GuestSession;
  try {
    session = await services.guestPortals.session(portalId, cookieOf(headers));
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') return html(unauthorizedPage(portalId, error.message), 401);
    throw error;
  }
  try {
    return await render(session);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return html(notFoundPage(error.message, portalId), 404);
    throw error;
  }
}

const PortalParams = Type.Object({ portalId: Uuid });
const EmailParams = Type.Object({ portalId: Uuid, emailId: Uuid });

export const guestLoginPage = guestPortalOperation({
  operationId: 'guestPortalLoginPage', method: 'GET', path: `${PORTAL_PAGES}/{portalId}/login`,
  summary: "A portal's login page (guests, no API key)",
  access: 'public', hidden: true,
  params: PortalParams,
  query: Type.Object({ username: Type.Optional(Type.String({ maxLength: 200 })) }),
  response: { type: 'string' },
  handler: async ({ params, query }, { guestPortals }) => {
    const portal = await guestPortals.findPortal(params.portalId);
    if (!portal) return html(notFoundPage(`No guest portal ${params.portalId}`), 404);
    return html(loginPage(portal, query.username ?? ''));
  },
});

export const guestLogin = guestPortalOperation({
  operationId: 'guestPortalLogin', method: 'POST', path: `${PORTAL_PAGES}/{portalId}/login`,
  summary: 'A guest logs in (form fields username and password): a session cookie and on to its inbox; wrong credentials are a 401 page',
  access: 'public', hidden: true, bodyKind: 'raw', bodyLimit: () => MAX_FORM_BYTES,
  params: PortalParams,
  response: { type: 'string' },
  handler: async ({ params, body, baseUrl, ip }, { guestPortals }) => {
    const portal = await guestPortals.findPortal(params.portalId);
    if (!portal) return html(notFoundPage(`No guest portal ${params.portalId}`), 404);
    const form = new URLSearchParams(body.toString('utf8'));
    const username = form.get('username') ?? '';
    try {
      const { token } = await guestPortals.login(portal.id, username, form.get('password') ?? '', ip);
      const maxAge = Math.floor(GUEST_SESSION_TTL_MS / 1000);
      return html('', 303, { location: `${PORTAL_PAGES}/${portal.id}/inbox`, 'set-cookie': cookie(portal.id, token, maxAge, baseUrl.startsWith('https:')) });
    } catch (error) {
      if (error instanceof GuestLockedOut) {
        return html(loginPage(portal, username, error.message), 429, { 'retry-after': String(error.retryAfterSeconds) });
      }
      if (error instanceof AppError && error.code === 'UNAUTHORIZED') return html(loginPage(portal, username, error.message), 401);
      throw error;
    }
  },
});

export const guestLogout = guestPortalOperation({
  operationId: 'guestPortalLogout', method: 'POST', path: `${PORTAL_PAGES}/{portalId}/logout`,
  summary: 'A guest logs out: the session cookie is cleared',
  access: 'public', hidden: true, bodyKind: 'raw', bodyLimit: () => MAX_FORM_BYTES,
  params: PortalParams,
  response: { type: 'string' },
  handler: ({ params, baseUrl }) =>
    html('', 303, { location: `${PORTAL_PAGES}/${params.portalId}/login`, 'set-cookie': cookie(params.portalId, '', 0, baseUrl.startsWith('https:')) }),
});

export const guestInboxPage = guestPortalOperation({
  operationId: 'guestPortalInboxPage', method: 'GET', path: `${PORTAL_PAGES}/{portalId}/inbox`,
  summary: "A guest's inbox, newest first (session cookie; 401 page without one)",
  access: 'public', hidden: true,
  params: PortalParams,
  query: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX })) }),
  response: { type: 'string' },
  handler: ({ params, query, headers }, services) => withSession(params.portalId, headers, services, async (session) => {
    const { slice, request } = await services.guestPortals.guestEmails(session, query.page ?? 0, PAGE_SIZE);
    return html(inboxPage(session, slice.items, request.page, Math.ceil(slice.total / request.size)));
  }),
});

export const guestEmailPage = guestPortalOperation({
  operationId: 'guestPortalEmailPage', method: 'GET', path: `${PORTAL_PAGES}/{portalId}/emails/{emailId}`,
  summary: "An email of a guest's inbox",
  access: 'public', hidden: true,
  params: EmailParams,
  response: { type: 'string' },
  handler: ({ params, headers }, services) => withSession(params.portalId, headers, services, async (session) =>
    html(emailPage(session, await services.guestPortals.guestEmail(session, params.emailId)))),
});

export const guestEmailHtml = guestPortalOperation({
  operationId: 'guestPortalEmailHtml', method: 'GET', path: `${PORTAL_PAGES}/{portalId}/emails/{emailId}/html`,
  summary: "The HTML of an email of a guest's inbox, sandboxed (what the email page's iframe shows)",
  access: 'public', hidden: true,
  params: EmailParams,
  response: { type: 'string' },
  handler: ({ params, headers }, services) => withSession(params.portalId, headers, services, async (session) => {
    const email = await services.guestPortals.guestEmail(session, params.emailId);
    return new Content(email.htmlBody ?? '', 'text/html; charset=utf-8', { ...PREVIEW_HEADERS, 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
  }),
});
