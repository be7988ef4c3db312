import { useState } from 'preact/hooks';

/** The search language (shared with the API's searchFilter); see the README's search section. */
const TERMS: Array<[string, string]> = [
  ['invoice march', 'words starting so, anywhere: subject, addresses, body, attachment names'],
  ['"pay the invoice"', 'that exact phrase'],
  ['from:alice@example.com', 'sender (address or name)'],
  ['to:signup@', 'a recipient (to, cc or bcc)'],
  ['subject:welcome', 'words of the subject'],
  ['has:attachment', 'with attachments'],
  ['is:unread, is:read', 'unread or read only'],
  ['is:favourite', 'favourites only'],
  ['before:2026-05-01', 'received before a date (UTC) or ISO time'],
  ['after:2026-05-01', 'received on or after a date'],
  ['larger:100k, smaller:2m', 'bigger or smaller than a size (bytes, k, m)'],
  ['an email id', 'that email'],
  ['-word, -from:x', 'leave out what matches'],
];

export function SearchHelp() {
  const [open, setOpen] = useState(false);
  return (
    <div class="search-help">
      <button type="button" class="small" aria-expanded={open} aria-controls="search-help" onClick={() => setOpen(!open)}
        aria-label="Search help">?</button>
      {open && (
        <div id="search-help" class="search-help-panel" role="dialog" aria-label="Search terms"
          onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
          <table>
            <tbody>
              {TERMS.map(([term, meaning]) => (
                <tr key={term}><th scope="row"><code>{term}</code></th><td>{meaning}</td></tr>
              ))}
            </tbody>
          </table>
          <button type="button" class="small" onClick={() => setOpen(false)}>Close</button>
        </div>
      )}
    </div>
  );
}
