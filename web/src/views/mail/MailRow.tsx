import { href } from '../../router';
import type { EmailPreview, Inbox } from '../../types';
import { formatTime, relativeTime } from '../../ui';

/** A row of the All mail list: EmailProjection's fields the row shows. */
export interface MailItem extends EmailPreview {
  sender?: { name?: string | null; emailAddress?: string | null } | null;
}

/** The sender's display name where the From header has one, else the address. */
export const senderOf = (email: MailItem) => email.sender?.name?.trim() || email.sender?.emailAddress || email.from || '(unknown sender)';

/** An inline icon: emoji glyphs are missing from many server and CI fonts. */
const Paperclip = () => (
  <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round">
    <path d="M21 11.5l-8.6 8.6a5 5 0 01-7.1-7.1l8.6-8.6a3.3 3.3 0 014.7 4.7l-8.6 8.6a1.7 1.7 0 01-2.4-2.4l7.9-7.9" />
  </svg>
);

interface Props {
  email: MailItem;
  inbox: Inbox | undefined;
  selected: boolean;
  onSelect: (shiftKey: boolean) => void;
  onDownload: () => void;
}

export function MailRow({ email, inbox, selected, onSelect, onDownload }: Props) {
  const subject = email.subject || '(no subject)';
  const attachments = email.attachments?.length ?? 0;
  return (
    <li class={`row mail-row ${email.read ? '' : 'unread'} ${selected ? 'selected' : ''}`} data-email-id={email.id}>
      <input type="checkbox" class="pick" checked={selected} aria-label={`Select ${subject}`}
        // click, not change: only the click event says whether shift was held
        onClick={(e) => onSelect(e.shiftKey)} />
      <a class="mail-main" href={href('emails', email.id)} data-row>
        <span class={`dot ${email.read ? 'read' : ''}`} aria-label={email.read ? undefined : 'unread'} aria-hidden={email.read ? 'true' : undefined} />
        <span class="from">{senderOf(email)}</span>
        <span class="when">
          {attachments > 0 && <span class="clip" aria-label={`${attachments} attachments`}><Paperclip /></span>}
          <time dateTime={email.createdAt} title={formatTime(email.createdAt)}>{relativeTime(email.createdAt)}</time>
        </span>
        <span class="line">
          <span class="subject">{subject}</span>
          {email.textExcerpt && <span class="preview"> – {email.textExcerpt}</span>}
        </span>
        <span class="inbox" title={inbox?.emailAddress}>{inbox ? inbox.name || inbox.emailAddress : ''}</span>
      </a>
      <span class="row-actions">
        <button type="button" class="small" onClick={onDownload} aria-label={`Download ${subject} as .eml`}>.eml</button>
      </span>
    </li>
  );
}
