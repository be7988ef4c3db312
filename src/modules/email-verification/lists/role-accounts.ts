/**
 * Local parts that name a role rather than a person. The first group are the mailbox names of
 * RFC 2142 ("Mailbox names for common services, roles and functions") and RFC 5321 §4.5.1
 * (postmaster); the rest are the functional addresses most organisations run. Compared lower
 * case, without a +tag.
 */
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  // RFC 2142 and RFC 5321
  'info', 'marketing', 'sales', 'support', 'abuse', 'noc', 'security', 'postmaster', 'hostmaster', 'usenet', 'news',
  'webmaster', 'www', 'uucp', 'ftp',
  // common functional mailboxes
  'admin', 'administrator', 'billing', 'careers', 'contact', 'enquiries', 'help', 'helpdesk', 'hello', 'hr', 'jobs',
  'legal', 'mail', 'no-reply', 'noreply', 'office', 'privacy', 'root', 'service', 'team', 'accounts', 'press',
]);
