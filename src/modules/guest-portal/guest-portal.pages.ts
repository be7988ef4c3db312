/**
 * The guests' pages: plain server-rendered HTML with no scripts at all. The CSP allows no
 * script, inline styles only, frames of this origin only (the email's HTML), and forms posting
 * to this origin only. An email's own HTML is never inlined: it opens in a sandboxed iframe
 * from its own URL, served with the preview pages' sandbox CSP (modules/email/preview-headers.ts).
 */
import type { EmailRecord, EmailSummary, GuestPortalRecord } from '../../storage/ports.js';
import type { GuestSession } from './guest-portal.service.js';
import { PORTAL_PAGES } from './guest-portal.service.js';

export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
});

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd}
iframe{width:100%;height:32rem;border:1px solid #ccc}pre{white-space:pre-wrap}.muted{color:#666}
form.inline{display:inline}label{display:block;margin:.5rem 0}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`
    + `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

const base = (portalId: string) => `${PORTAL_PAGES}/${portalId}`;
const portalTitle = (portal: GuestPortalRecord | undefined) => portal?.name ?? 'Guest portal';

export function loginPage(portal: GuestPortalRecord, username: string, problem?: string): string {
  return page(`${portalTitle(portal)}: log in`, `<h1>${escapeHtml(portalTitle(portal))}</h1>`
    + (portal.description ? `<p>${escapeHtml(portal.description)}</p>` : '')
    + (problem ? `<p role="alert"><strong>${escapeHtml(problem)}</strong></p>` : '')
    + `<form method="post" action="${base(portal.id)}/login">`
    + `<label>Username <input name="username" autocomplete="username" required value="${escapeHtml(username)}"></label>`
    + `<label>Password <input name="password" type="password" autocomplete="current-password" required></label>`
    + `<button type="submit">Log in</button></form>`
    + (portal.linkHelp ? `<p class="muted">${escapeHtml(portal.linkHelp)}</p>` : ''));
}

export function unauthorizedPage(portalId: string, why: string): string {
  return page('Not logged in', `<h1>Not logged in</h1><p role="alert">${escapeHtml(why)}</p><p><a href="${base(portalId)}/login">Log in</a></p>`);
}

export function notFoundPage(what: string, portalId?: string): string {
  return page('Not found', `<h1>Not found</h1><p>${escapeHtml(what)}</p>${portalId ? `<p><a href="${base(portalId)}/inbox">Back to your inbox</a></p>` : ''}`);
}

function header(session: GuestSession): string {
  return `<p class="muted">${escapeHtml(portalTitle(session.portal))} · ${escapeHtml(session.guest.name ?? session.guest.username)}`
    + ` <form class="inline" method="post" action="${base(session.portal.id)}/logout"><button type="submit">Log out</button></form></p>`;
}

export function inboxPage(session: GuestSession, emails: EmailSummary[], pageNumber: number, totalPages: number): string {
  const { inbox } = session;
  if (!inbox) return page('Your inbox', `${header(session)}<h1>Your inbox</h1><p>You have not been given an inbox.</p>`);
  const rows = emails.map((e) => `<tr><td>${escapeHtml(e.createdAt.toISOString())}</td><td>${escapeHtml(e.from ?? '')}</td>`
    + `<td><a href="${base(session.portal.id)}/emails/${e.id}">${escapeHtml(e.subject || '(no subject)')}</a></td></tr>`).join('');
  const nav = [
    pageNumber > 0 ? `<a rel="prev" href="${base(session.portal.id)}/inbox?page=${pageNumber - 1}">Newer</a>` : '',
    pageNumber + 1 < totalPages ? `<a rel="next" href="${base(session.portal.id)}/inbox?page=${pageNumber + 1}">Older</a>` : '',
  ].filter(Boolean).join(' · ');
  return page(inbox.emailAddress, `${header(session)}<h1>${escapeHtml(inbox.emailAddress)}</h1>`
    + (emails.length ? `<table><thead><tr><th>Received</th><th>From</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No mail yet.</p>')
    + (nav ? `<p>${nav}</p>` : ''));
}

export function emailPage(session: GuestSession, email: EmailRecord): string {
  const to = email.recipients.to.map((r) => r.rawValue).join(', ');
  const body = email.htmlBody
    ? `<iframe title="Email content" sandbox src="${base(session.portal.id)}/emails/${email.id}/html"></iframe>`
    : `<pre>${escapeHtml(email.textBody ?? '')}</pre>`;
  return page(email.subject || '(no subject)', `${header(session)}<p><a href="${base(session.portal.id)}/inbox">Back to your inbox</a></p>`
    + `<h1>${escapeHtml(email.subject || '(no subject)')}</h1>`
    + `<table><tr><th>From</th><td>${escapeHtml(email.from ?? '')}</td></tr><tr><th>To</th><td>${escapeHtml(to)}</td></tr>`
    + `<tr><th>Received</th><td>${escapeHtml(email.createdAt.toISOString())}</td></tr></table>${body}`);
}
