import { useState } from 'preact/hooks';

/** The search language (shared with the API's searchFilter); see the README's search section. */
const TERMS: Array<[string, string]> = [
  ['invoice march', 'both words, anywhere: subject, addresses, body, attachment names'],
  ['from:alice@example.com', 'sender'],
  ['to:signup@', 'a recipient'],
  ['subject:welcome', 'words of the subject'],
  ['has:attachment', 'with attachments'],
  ['is:unread', 'unread only'],
  ['before:2026-05-01', 'received before a date'],
  ['after:2026-05-01', 'received after a date'],
  ['larger:100k', 'bigger than a size (k, m)'],
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
