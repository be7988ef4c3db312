/** The small HTML page the public confirmation link answers with. */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function confirmedPage(emailAddress: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Consent recorded</title></head>
<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>Thank you</h1>
<p>Your consent to receive email at <strong>${escapeHtml(emailAddress)}</strong> is recorded.</p>
</body></html>
`;
}
