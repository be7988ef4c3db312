/**
 * Disposable (throw-away) mail domains: an excerpt of the most common entries of the
 * community list https://github.com/disposable-email-domains/disposable-email-domains
 * (disposable_email_blocklist.conf, CC0). A domain not here may still be disposable: the
 * signal is "known disposable", never "known permanent". Lower case, one domain each.
 */
export const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set([
  '10minutemail.com', '10minutemail.net', '20minutemail.com', '33mail.com', 'anonbox.net', 'burnermail.io',
  'discard.email', 'dispostable.com', 'dropmail.me', 'emailondeck.com', 'fakeinbox.com', 'fakemail.net',
  'getairmail.com', 'getnada.com', 'guerrillamail.biz', 'guerrillamail.com', 'guerrillamail.de', 'guerrillamail.info',
  'guerrillamail.net', 'guerrillamail.org', 'guerrillamailblock.com', 'harakirimail.com', 'incognitomail.org',
  'jetable.org', 'mail-temp.com', 'mailcatch.com', 'maildrop.cc', 'mailinator.com', 'mailinator.net', 'mailinator2.com',
  'mailnesia.com', 'mailnull.com', 'mintemail.com', 'mohmal.com', 'moakt.com', 'mytemp.email', 'mytrashmail.com',
  'nada.email', 'throwawaymail.com', 'sharklasers.com', 'grr.la', 'spam4.me', 'spamgourmet.com', 'spambox.us',
  'spamex.com', 'tempail.com', 'tempinbox.com', 'tempmail.com', 'tempmail.net', 'tempmailo.com', 'temp-mail.org',
  'temp-mail.io', 'tempr.email', 'tmpmail.net', 'tmpmail.org', 'trash-mail.com', 'trashmail.com', 'trashmail.de',
  'trashmail.net', 'trashmail.me', 'wegwerfmail.de', 'wegwerfmail.net', 'yopmail.com', 'yopmail.fr', 'yopmail.net',
  'mailpoof.com', 'emailfake.com', 'fakemailgenerator.com', 'inboxkitten.com', 'mail.tm', 'tempm.com',
]);
