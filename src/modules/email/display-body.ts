/**
 * The body the API shows: the HTML when there is one, else the text (as MailSlurp does).
 * A module of its own so the DTOs need not load the MIME parser (parse.ts), which only the
 * mail worker threads run in a server.
 */
export const displayBody = (p: { textBody: string | null; htmlBody: string | null }): string | null =>
  p.htmlBody ?? p.textBody;
