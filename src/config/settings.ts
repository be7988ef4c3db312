/**
 * Every setting Pigeonhole reads, in one table: the environment variable, the mirroring
 * `pigeonhole serve` flag, its default and its documentation. The README and `--help`
 * are written from this list, so a setting cannot exist without being documented.
 */
import { DEFAULT_PHONE_RANGES } from '../core/phone-ranges.js';

export type SettingKind = 'port' | 'string' | 'url' | 'http-url' | 'smtp-url' | 'domain' | 'domains' | 'count' | 'duration' | 'level' | 'file' | 'boolean' | 'origins';

export interface SettingSpec {
  key: SettingKey;
  env: string;
  flag: string;
  kind: SettingKind;
  default?: string;
  secret?: boolean;
  help: string;
}

export type SettingKey =
  | 'httpPort'
  | 'host'
  | 'publicHost'
  | 'publicUrl'
  | 'dataDir'
  | 'databaseUrl'
  | 'apiKey'
  | 'domain'
  | 'domainPool'
  | 'inboxQuota'
  | 'tenantEmailCap'
  | 'tenantSmsCap'
  | 'expiryInterval'
  | 'warmupInterval'
  | 'maxWait'
  | 'logLevel'
  | 'smtpPort'
  | 'smtpsPort'
  | 'smtpSubmissionPort'
  | 'smtpStarttls'
  | 'imapPort'
  | 'imapsPort'
  | 'tlsCert'
  | 'tlsKey'
  | 'smtpMaxMessageSize'
  | 'smtpMaxRecipients'
  | 'smtpMaxConnections'
  | 'smtpIdleTimeout'
  | 'parseTimeout'
  | 'parseThreads'
  | 'mimeMaxDepth'
  | 'mimeMaxParts'
  | 'smtpDedupeWindow'
  | 'replierWindow'
  | 'maxAttachmentSize'
  | 'relayUrl'
  | 'webhookTimeout'
  | 'webhookRetryWindow'
  | 'webhookRetryBase'
  | 'webhookBlockPrivate'
  | 'webhookAllow'
  | 'previewUrlTtl'
  | 'exportLinkTtl'
  | 'retentionInterval'
  | 'requireConsent'
  | 'corsOrigins'
  | 'phoneRanges'
  | 'smsFailNumbers'
  | 'smsRelayUrl'
  | 'smsRelayFrom'
  // Request limits (issue 15, finding 5)
  | 'maxJsonDepth'
  | 'maxListItems'
  | 'maxRecipients'
  | 'maxHeaderLength'
  // Failed logins, connections and request rates (issue 15, finding 7)
  | 'authFailureLimit'
  | 'authFailureWindow'
  | 'authLockout'
  | 'connectionsPerIp'
  | 'httpMaxConnections'
  | 'httpIdleTimeout'
  | 'imapMaxConnections'
  | 'imapLoginTimeout'
  | 'rateLimit'
  // Prometheus metrics (issue 19)
  | 'metrics'
  | 'metricsPort'
  | 'metricsToken'
  | 'auditRetention'
  // Accounts, identity and domains (issue 18)
  | 'dnsServers'
  | 'domainCheckInterval'
  | 'mailAuth'
  | 'mailAuthTimeout'
  | 'mailAuthDnsCache'
  | 'postmasterClientId'
  | 'postmasterClientSecret'
  | 'postmasterRedirectUri'
  | 'postmasterAuthUrl'
  | 'postmasterTokenUrl'
  | 'postmasterApiUrl'
  | 'mxProbePort'
  | 'dnsToolsTimeout'
  | 'dnsPropagationResolvers'
  | 'dnsblZones'
  | 'dnsblDomainZones'
  // SMTP verification (EmailVerificationController, verifyEmailAddress, testSmtpServer)
  | 'smtpVerifyPort'
  | 'smtpVerifyHelo'
  | 'smtpVerifyFrom'
  | 'smtpVerifyTimeout'
  | 'smtpVerifyConcurrency'
  | 'domainMonitorInterval'
  | 'campaignProbeInterval'
  // Complaints, list-unsubscribe and reputation
  | 'feedbackAddress'
  | 'reputationWindow'
  | 'reputationMinSends'
  | 'maxBounceRate'
  | 'maxComplaintRate'
  | 'maxDailyBounces'
  | 'maxAccountBounces'
  | 'blockSending'
  | 'listUnsubscribeHeaders'
  // Spam scores with SpamAssassin
  | 'spamd'
  | 'spamdTimeout'
  | 'spamCheckInbound'
  | 'spamThreshold'
  // Email retention by count and age (issue 19)
  | 'maxEmailsPerInbox'
  | 'maxEmailsPerAccount'
  | 'maxEmailAge'
  | 'emailRetentionInterval'
  | 'emailRetentionBatch'
  // Email screenshots in Chromium
  | 'chromiumPath'
  | 'renderConcurrency'
  | 'renderTimeout';

export const SETTINGS: readonly SettingSpec[] = [
  { key: 'httpPort', env: 'PIGEONHOLE_HTTP_PORT', flag: '--http-port', kind: 'port', default: '7080',
    help: 'HTTP port of the REST API and its docs (0 picks a free port)' },
  { key: 'host', env: 'PIGEONHOLE_HOST', flag: '--host', kind: 'string', default: '127.0.0.1',
    help: 'bind address of every listener; 0.0.0.0 to accept connections from other machines' },
  { key: 'publicHost', env: 'PIGEONHOLE_PUBLIC_HOST', flag: '--public-host', kind: 'string',
    help: 'host name mail clients use to reach this server, shown in the SMTP access details; unset = the bind host (localhost when it binds every interface)' },
  { key: 'publicUrl', env: 'PIGEONHOLE_PUBLIC_URL', flag: '--public-url', kind: 'http-url',
    help: 'base URL where mail readers reach the HTTP API, e.g. https://mail-test.example.com; tracking pixel image URLs start with it; unset = http://{PIGEONHOLE_PUBLIC_HOST}:{the HTTP port bound}' },
  { key: 'dataDir', env: 'PIGEONHOLE_DATA_DIR', flag: '--data-dir', kind: 'string', default: './data',
    help: 'directory for the SQLite database and the generated admin key' },
  { key: 'databaseUrl', env: 'PIGEONHOLE_DATABASE_URL', flag: '--database-url', kind: 'url', secret: true,
    help: 'postgres://user:pass@host:5432/db to use PostgreSQL; unset = SQLite in the data directory' },
  { key: 'apiKey', env: 'PIGEONHOLE_API_KEY', flag: '--api-key', kind: 'string', secret: true,
    help: 'bootstrap admin API key; unset = one is generated at first start, saved as admin-api-key in the data directory and printed once' },
  { key: 'domain', env: 'PIGEONHOLE_DOMAIN', flag: '--domain', kind: 'domain', default: 'pigeonhole.test',
    help: 'domain of generated inbox addresses' },
  { key: 'domainPool', env: 'PIGEONHOLE_DOMAIN_POOL', flag: '--domain-pool', kind: 'domains',
    default: 'pigeonhole.test,pigeonhole.example,pigeonhole.localhost',
    help: 'comma-separated domains that useDomainPool and createInboxWithDefaults pick from at random' },
  { key: 'inboxQuota', env: 'PIGEONHOLE_INBOX_QUOTA', flag: '--inbox-quota', kind: 'count', default: '0',
    help: 'inboxes each user may create in any trailing 30 days (deleting does not give them back); 0 = no limit' },
  { key: 'tenantEmailCap', env: 'PIGEONHOLE_TENANT_EMAIL_CAP', flag: '--tenant-email-cap', kind: 'count', default: '0',
    help: 'received emails each user may hold; mail beyond it is still accepted (250) but kept as a missed email (GET /missed-emails) that POST /missed-emails/restore stores once there is room; 0 = no cap' },
  { key: 'tenantSmsCap', env: 'PIGEONHOLE_TENANT_SMS_CAP', flag: '--tenant-sms-cap', kind: 'count', default: '0',
    help: 'received SMS each user may hold; an SMS beyond it is still taken by the carrier but kept as a missed SMS (GET /missed-sms) instead of being stored; 0 = no cap' },
  { key: 'expiryInterval', env: 'PIGEONHOLE_EXPIRY_INTERVAL', flag: '--expiry-interval', kind: 'count', default: '60000',
    help: 'milliseconds between the backstop passes of the expiry job (one also runs at start); each inbox is recorded as expired at its expiresAt by a timer regardless, and refuses mail from that moment' },
  { key: 'warmupInterval', env: 'PIGEONHOLE_WARMUP_INTERVAL', flag: '--warmup-interval', kind: 'count', default: '60000',
    help: 'milliseconds between the passes of the email warmup job, each sending what the active programs\' current days still lack (a pass also runs when a program starts or resumes); one node at a time' },
  { key: 'maxWait', env: 'PIGEONHOLE_MAX_WAIT', flag: '--max-wait', kind: 'count', default: '300000',
    help: 'longest a wait-for request (waitForLatestEmail, waitFor, getEmails minCount, ...) is held open, in milliseconds; longer timeouts are cut to it' },
  { key: 'smtpPort', env: 'PIGEONHOLE_SMTP_PORT', flag: '--smtp-port', kind: 'port', default: '2525',
    help: 'plain SMTP port (smtpServerPort): mail for every inbox address, and logins; STARTTLS only as PIGEONHOLE_SMTP_STARTTLS says (0 picks a free port)' },
  { key: 'smtpsPort', env: 'PIGEONHOLE_SMTPS_PORT', flag: '--smtps-port', kind: 'port', default: '2465',
    help: 'SMTP port with implicit TLS: TLS from the first byte (0 picks a free port)' },
  { key: 'smtpSubmissionPort', env: 'PIGEONHOLE_SMTP_SUBMISSION_PORT', flag: '--smtp-submission-port', kind: 'port', default: '2587',
    help: 'the secure SMTP port of the access details (secureSmtpServerPort): plain greeting, STARTTLS offered and required before AUTH, for clients with secure: false (0 picks a free port)' },
  { key: 'smtpStarttls', env: 'PIGEONHOLE_SMTP_STARTTLS', flag: '--smtp-starttls', kind: 'boolean',
    help: 'true offers STARTTLS on the plain SMTP port, false never; unset = only with a configured certificate (PIGEONHOLE_TLS_CERT), so clients that upgrade whenever offered (nodemailer by default) work without trusting the local CA' },
  { key: 'imapPort', env: 'PIGEONHOLE_IMAP_PORT', flag: '--imap-port', kind: 'port', default: '1143',
    help: 'IMAP port: every inbox as a mailbox with the logins from getImapAccess, plain or upgraded with STARTTLS (0 picks a free port)' },
  { key: 'imapsPort', env: 'PIGEONHOLE_IMAPS_PORT', flag: '--imaps-port', kind: 'port', default: '8993',
    help: 'IMAP port with implicit TLS (0 picks a free port)' },
  { key: 'tlsCert', env: 'PIGEONHOLE_TLS_CERT', flag: '--tls-cert', kind: 'file',
    help: 'PEM certificate (chain) for STARTTLS, SMTPS and IMAPS; unset = one signed by a local certificate authority generated at first start and kept in the data directory (tls/), whose certificate GET /tls/ca.pem serves' },
  { key: 'tlsKey', env: 'PIGEONHOLE_TLS_KEY', flag: '--tls-key', kind: 'file', secret: true,
    help: 'PEM private key of PIGEONHOLE_TLS_CERT' },
  { key: 'smtpMaxMessageSize', env: 'PIGEONHOLE_SMTP_MAX_MESSAGE_SIZE', flag: '--smtp-max-message-size', kind: 'count',
    default: '31457280', help: 'largest accepted message in bytes (advertised as EHLO SIZE; larger ones get 552)' },
  { key: 'smtpMaxRecipients', env: 'PIGEONHOLE_SMTP_MAX_RECIPIENTS', flag: '--smtp-max-recipients', kind: 'count',
    default: '100', help: 'recipients per message; more get 452' },
  { key: 'smtpMaxConnections', env: 'PIGEONHOLE_SMTP_MAX_CONNECTIONS', flag: '--smtp-max-connections', kind: 'count',
    default: '1000', help: 'concurrent SMTP connections per listener; more are refused with 421' },
  { key: 'smtpIdleTimeout', env: 'PIGEONHOLE_SMTP_IDLE_TIMEOUT', flag: '--smtp-idle-timeout', kind: 'count',
    default: '60000', help: 'milliseconds an SMTP connection may stay silent before it is closed' },
  { key: 'parseTimeout', env: 'PIGEONHOLE_PARSE_TIMEOUT', flag: '--parse-timeout', kind: 'count', default: '5000',
    help: 'milliseconds one message may take to parse on a worker thread; over it the message is stored without the text derived from its HTML (header X-Pigeonhole-Incomplete says so), and if even that is over it, refused with SMTP 554 / HTTP 413' },
  { key: 'parseThreads', env: 'PIGEONHOLE_PARSE_THREADS', flag: '--parse-threads', kind: 'count', default: '2',
    help: 'worker threads that parse mail and run other CPU-heavy work off the event loop' },
  { key: 'mimeMaxDepth', env: 'PIGEONHOLE_MIME_MAX_DEPTH', flag: '--mime-max-depth', kind: 'count', default: '50',
    help: 'deepest nesting of MIME parts a message may have; deeper ones are refused with SMTP 554 / HTTP 413' },
  { key: 'mimeMaxParts', env: 'PIGEONHOLE_MIME_MAX_PARTS', flag: '--mime-max-parts', kind: 'count', default: '1000',
    help: 'most MIME parts (attachments included) a message may have; more are refused with SMTP 554 / HTTP 413' },
  { key: 'smtpDedupeWindow', env: 'PIGEONHOLE_SMTP_DEDUPE_WINDOW', flag: '--smtp-dedupe-window', kind: 'count',
    default: '600000', help: 'milliseconds within which a message received over SMTP again (same Message-ID and same raw bytes, for the same inbox) is a client retry whose first 250 was lost: it gets 250 and is not stored again; 0 = off (mail without a Message-ID is never deduped)' },
  { key: 'replierWindow', env: 'PIGEONHOLE_REPLIER_WINDOW', flag: '--replier-window', kind: 'count', default: '86400000',
    help: 'milliseconds within which an inbox replier answers one sender at most once; later messages from them in the window get no reply (a FAILURE event says why); 0 = answer every message' },
  { key: 'maxAttachmentSize', env: 'PIGEONHOLE_MAX_ATTACHMENT_SIZE', flag: '--max-attachment-size', kind: 'count',
    default: '26214400', help: 'largest attachment upload in bytes (POST /attachments and its bytes and multipart forms); larger ones get 413' },
  { key: 'relayUrl', env: 'PIGEONHOLE_RELAY_URL', flag: '--relay-url', kind: 'smtp-url', secret: true,
    help: 'smtp://user:pass@host:587 or smtps://host:465 to deliver mail for addresses outside this server; unset = such mail is captured as sent, with its delivery status recorded' },
  { key: 'webhookTimeout', env: 'PIGEONHOLE_WEBHOOK_TIMEOUT', flag: '--webhook-timeout', kind: 'count', default: '10000',
    help: 'milliseconds each webhook delivery attempt may take before it counts as failed and is retried' },
  { key: 'webhookRetryWindow', env: 'PIGEONHOLE_WEBHOOK_RETRY_WINDOW', flag: '--webhook-retry-window', kind: 'count', default: '86400000',
    help: 'milliseconds a failing webhook delivery is retried (from the event, or from a redrive) before it is dead-lettered' },
  { key: 'webhookRetryBase', env: 'PIGEONHOLE_WEBHOOK_RETRY_BASE', flag: '--webhook-retry-base', kind: 'count', default: '5000',
    help: 'milliseconds before the first webhook retry; each later wait doubles, up to one hour' },
  { key: 'webhookBlockPrivate', env: 'PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE', flag: '--webhook-block-private', kind: 'boolean',
    help: 'true refuses webhook targets that are not public addresses (loopback, private, link-local, CGNAT, multicast, IPv4-mapped/compatible, NAT64, ...; checked after DNS resolution and on every redirect), false allows them; unset = automatic: allowed on a server bound to loopback with only its admin user, refused once it is bound elsewhere or has a second user' },
  { key: 'webhookAllow', env: 'PIGEONHOLE_WEBHOOK_ALLOW', flag: '--webhook-allow', kind: 'string',
    help: 'comma-separated webhook targets allowed even when non-public targets are refused: host names (localhost:3000, hooks.internal), IP addresses ([::1]:8080, 10.0.0.5) and CIDR ranges (10.1.0.0/16), a :port limiting an entry to that port' },
  { key: 'previewUrlTtl', env: 'PIGEONHOLE_PREVIEW_URL_TTL', flag: '--preview-url-ttl', kind: 'count', default: '3600000',
    help: 'milliseconds the links of getEmailPreviewURLs and getSentEmailPreviewURLs open their email without a key (each carries a signed token for that one email)' },
  { key: 'exportLinkTtl', env: 'PIGEONHOLE_EXPORT_LINK_TTL', flag: '--export-link-ttl', kind: 'count', default: '3600000',
    help: 'milliseconds the download link of getExportLink (POST /export) opens its export without a key (the link carries a signed token for that one export)' },
  { key: 'retentionInterval', env: 'PIGEONHOLE_RETENTION_INTERVAL', flag: '--retention-interval', kind: 'count', default: '3600000',
    help: 'milliseconds between the scheduled passes of the inbox retention policies (one also runs at start; one node at a time); each pass deletes the inboxes older than their account\'s policy and records a run' },
  { key: 'requireConsent', env: 'PIGEONHOLE_REQUIRE_CONSENT', flag: '--require-consent', kind: 'string', default: 'none',
    help: 'which recipients need consent (double opt-in, ConsentController) before mail is sent to them: none = only addresses with a pending or revoked opt-in; relay = also every address the relay would deliver to (outside this server)' },
  { key: 'corsOrigins', env: 'PIGEONHOLE_CORS_ORIGINS', flag: '--cors-origins', kind: 'origins', default: '*',
    help: 'web origins whose pages may call the API from a browser (CORS), comma-separated like https://app.example.com,http://localhost:3000; * = any origin. Never with cookies: the key travels in x-api-key' },
  { key: 'phoneRanges', env: 'PIGEONHOLE_PHONE_RANGES', flag: '--phone-ranges', kind: 'string', default: DEFAULT_PHONE_RANGES,
    help: 'comma-separated COUNTRY:+FIRST-+LAST ranges (E.164, same length) that createPhoneNumber allocates numbers from; the default holds only numbers reserved for fiction (NANP 555-0100 to 0199 in US area codes 201, 202, 312, 415 and Canadian 416, 604; Ofcom\'s drama range +44 7700 900000 to 900999), which can never reach a real subscriber' },
  { key: 'smsFailNumbers', env: 'PIGEONHOLE_SMS_FAIL_NUMBERS', flag: '--sms-fail-numbers', kind: 'string',
    help: 'comma-separated E.164 numbers or prefixes (+15550100, +4477009001) to which SMS sink messages fail: recorded with status failed and error code 30003, never delivered, and their status callbacks are queued then failed; unset = none fail' },
  { key: 'smsRelayUrl', env: 'PIGEONHOLE_SMS_RELAY_URL', flag: '--sms-relay-url', kind: 'http-url', secret: true,
    help: 'a Twilio-compatible API base URL carrying the provider account SID and auth token, like https://AC...:token@api.twilio.com: every SMS to a number outside the carrier (sendSms, sendSmsFromPhoneNumber, replyToSmsMessage and SMS sink messages) is still recorded as sent and also forwarded there (POST /2010-04-01/Accounts/{Sid}/Messages.json) by a durable, retried job; the provider\'s message SID, status or error is kept on the sent SMS. Numbers of the carrier and PIGEONHOLE_SMS_FAIL_NUMBERS are never forwarded. Set by the operator, so trusted: the private-target rule of webhooks does not apply. Unset = nothing is forwarded' },
  { key: 'smsRelayFrom', env: 'PIGEONHOLE_SMS_RELAY_FROM', flag: '--sms-relay-from', kind: 'string',
    help: 'the From (a number or sender id the provider account may send from, at most 64 characters) of forwarded SMS; unset = the sender as recorded (the Pigeonhole number, or a sink message\'s From)' },
  // Request limits: input over one is a 400 naming the field and the setting, checked before anything is written.
  { key: 'maxJsonDepth', env: 'PIGEONHOLE_MAX_JSON_DEPTH', flag: '--max-json-depth', kind: 'count', default: '32',
    help: 'deepest nesting of objects and arrays in a JSON request body (REST and GraphQL), checked before it is parsed; deeper bodies get 400' },
  { key: 'maxListItems', env: 'PIGEONHOLE_MAX_LIST_ITEMS', flag: '--max-list-items', kind: 'count', default: '1000',
    help: 'most items in any one list of a request (ids such as inboxIds or a bulk delete\'s, tags, repeated query parameters) and most fields in any one JSON object; more get 400. At most 10000, which keeps every query under SQLite\'s and PostgreSQL\'s limits on bound values' },
  { key: 'maxRecipients', env: 'PIGEONHOLE_MAX_RECIPIENTS', flag: '--max-recipients', kind: 'count', default: '100',
    help: 'recipients per message sent through the API (to, cc and bcc together; sendSmtpEnvelope\'s rcptTo; forwards, replies, queued and bulk sends); more get 400. SMTP has its own, PIGEONHOLE_SMTP_MAX_RECIPIENTS' },
  { key: 'maxHeaderLength', env: 'PIGEONHOLE_MAX_HEADER_LENGTH', flag: '--max-header-length', kind: 'count', default: '16384',
    help: 'longest header value an API send may set, in characters: subject, from name, reply-to, each address, each custom header name and value, a sendSmtpEnvelope Message-ID (never more than 998, the line limit of RFC 5322); longer get 400' },
  // Failed logins, connections and request rates (issue 15, finding 7).
  { key: 'authFailureLimit', env: 'PIGEONHOLE_AUTH_FAILURE_LIMIT', flag: '--auth-failure-limit', kind: 'count', default: '20',
    help: 'failed logins (wrong API keys, SMTP AUTH, IMAP LOGIN; counted together) one address may make before it is locked out: HTTP answers 429 with Retry-After, SMTP 454 then 421, IMAP a delayed NO then BYE, without checking the credentials; IPv6 addresses count by /64; a missing key is no failure; 0 = never locked out' },
  { key: 'authFailureWindow', env: 'PIGEONHOLE_AUTH_FAILURE_WINDOW', flag: '--auth-failure-window', kind: 'count', default: '60000',
    help: 'milliseconds after which an address\'s failed logins are forgotten, counted from its last failure or the end of its lockout' },
  { key: 'authLockout', env: 'PIGEONHOLE_AUTH_LOCKOUT', flag: '--auth-lockout', kind: 'count', default: '1000',
    help: 'milliseconds of the first lockout once PIGEONHOLE_AUTH_FAILURE_LIMIT is reached; each failure after it doubles the next one, up to one hour' },
  { key: 'connectionsPerIp', env: 'PIGEONHOLE_CONNECTIONS_PER_IP', flag: '--connections-per-ip', kind: 'count', default: '500',
    help: 'connections one address (IPv6: one /64) may hold open on each of HTTP, SMTP and IMAP; more are refused (HTTP 503, SMTP 421, IMAP BYE); 0 = no limit' },
  { key: 'httpMaxConnections', env: 'PIGEONHOLE_HTTP_MAX_CONNECTIONS', flag: '--http-max-connections', kind: 'count', default: '5000',
    help: 'HTTP connections open at once in all; more are refused with 503; 0 = no limit' },
  { key: 'httpIdleTimeout', env: 'PIGEONHOLE_HTTP_IDLE_TIMEOUT', flag: '--http-idle-timeout', kind: 'count', default: '60000',
    help: 'milliseconds an HTTP connection may sit without a request (before its first, or between keep-alive requests) before it is closed; a request being answered, such as a held wait-for or an /events stream, is never idle' },
  { key: 'imapMaxConnections', env: 'PIGEONHOLE_IMAP_MAX_CONNECTIONS', flag: '--imap-max-connections', kind: 'count', default: '1000',
    help: 'IMAP connections open at once over both IMAP listeners; more are told BYE; 0 = no limit' },
  { key: 'imapLoginTimeout', env: 'PIGEONHOLE_IMAP_LOGIN_TIMEOUT', flag: '--imap-login-timeout', kind: 'count', default: '60000',
    help: 'milliseconds an IMAP connection may stay silent before logging in; once logged in the RFC 3501 autologout of 30 minutes applies (IDLE included)' },
  { key: 'rateLimit', env: 'PIGEONHOLE_RATE_LIMIT', flag: '--rate-limit', kind: 'count', default: '0',
    help: 'requests per minute each API key may make to the API (GraphQL included); more get 429 with Retry-After and x-ratelimit-* headers; 0 = no limit' },
  // Prometheus metrics (issue 19).
  { key: 'metrics', env: 'PIGEONHOLE_METRICS', flag: '--metrics', kind: 'boolean', default: 'on',
    help: 'serve Prometheus metrics at GET /metrics (no API key: see PIGEONHOLE_METRICS_TOKEN); off = no /metrics and no metrics port' },
  { key: 'metricsPort', env: 'PIGEONHOLE_METRICS_PORT', flag: '--metrics-port', kind: 'port', default: '0',
    help: 'serve GET /metrics on a listener of its own on this port (on PIGEONHOLE_HOST) instead of the HTTP port; 0 = no listener of its own, /metrics is on the HTTP port' },
  { key: 'metricsToken', env: 'PIGEONHOLE_METRICS_TOKEN', flag: '--metrics-token', kind: 'string', secret: true,
    help: 'when set, GET /metrics answers 401 unless the request carries Authorization: Bearer <this token> (Prometheus: authorization.credentials); unset = open to whoever reaches the port' },
  // Accounts, identity and domains (issue 18).
  { key: 'auditRetention', env: 'PIGEONHOLE_AUDIT_RETENTION', flag: '--audit-retention', kind: 'count', default: '90',
    help: 'days the audit log (GET /audit-logs) keeps each event; older ones are deleted by an hourly pass (one node at a time, and one at start); 0 = kept for ever' },
  { key: 'dnsServers', env: 'PIGEONHOLE_DNS_SERVERS', flag: '--dns-servers', kind: 'string',
    help: 'comma-separated DNS servers (host or host:port, IPv6 as [::1]:53, as Node\'s dns.setServers takes them) that domain verification, domain monitors and the SPF/DKIM/DMARC checks of received mail ask; unset = the system\'s resolvers' },
  { key: 'domainCheckInterval', env: 'PIGEONHOLE_DOMAIN_CHECK_INTERVAL', flag: '--domain-check-interval', kind: 'count', default: '900000',
    help: 'milliseconds between the scheduled DNS checks of every custom domain (one also runs at start; one node at a time); a check that finds a record gone or back records a health event' },
  { key: 'mailAuth', env: 'PIGEONHOLE_MAIL_AUTH', flag: '--mail-auth', kind: 'boolean', default: 'on',
    help: 'check SPF, DKIM, DMARC and ARC of every message received over SMTP without AUTH (MX delivery) against PIGEONHOLE_DNS_SERVERS: the stored message gets an Authentication-Results header (RFC 8601) and Received-SPF prepended by this server, and the verdicts are kept with the email (Email.analysis); off = no checks, no header' },
  { key: 'mailAuthTimeout', env: 'PIGEONHOLE_MAIL_AUTH_TIMEOUT', flag: '--mail-auth-timeout', kind: 'count', default: '2000',
    help: 'milliseconds of DNS lookups the checks of one message may spend; a lookup still unanswered then is a temperror verdict (DNS failures too), and the message is stored, never refused' },
  { key: 'mailAuthDnsCache', env: 'PIGEONHOLE_MAIL_AUTH_DNS_CACHE', flag: '--mail-auth-dns-cache', kind: 'duration', default: '30s',
    help: 'how long the checks of received mail reuse a DNS answer (SPF, DKIM key, DMARC), "no such record" included, as milliseconds or with a unit (30s, 5m): mail from one sender then asks its questions once per period instead of once per message; a failed lookup is never reused; 0 = every message asks again (a test suite that edits its DNS records between messages). Domain verification, monitors and the DNS tools always ask afresh' },
  { key: 'postmasterClientId', env: 'PIGEONHOLE_POSTMASTER_CLIENT_ID', flag: '--postmaster-client-id', kind: 'string',
    help: 'OAuth 2 client id (a Google Cloud "web application" client with the Gmail Postmaster Tools API enabled) that domain monitor Postmaster connections authorize with; with PIGEONHOLE_POSTMASTER_CLIENT_SECRET and PIGEONHOLE_POSTMASTER_REDIRECT_URI. Unset = the DomainMonitorPostmasterController operations answer 400 naming these settings' },
  { key: 'postmasterClientSecret', env: 'PIGEONHOLE_POSTMASTER_CLIENT_SECRET', flag: '--postmaster-client-secret', kind: 'string', secret: true,
    help: 'the OAuth 2 client secret of PIGEONHOLE_POSTMASTER_CLIENT_ID' },
  { key: 'postmasterRedirectUri', env: 'PIGEONHOLE_POSTMASTER_REDIRECT_URI', flag: '--postmaster-redirect-uri', kind: 'http-url',
    help: 'the redirect URI registered for the OAuth client, where Google sends the user back with ?code=&state= (your page hands them to exchangeDomainMonitorPostmasterCode); a createDomainMonitorPostmasterConnection redirectUri must equal it' },
  { key: 'postmasterAuthUrl', env: 'PIGEONHOLE_POSTMASTER_AUTH_URL', flag: '--postmaster-auth-url', kind: 'http-url', default: 'https://accounts.google.com/o/oauth2/v2/auth',
    help: 'the OAuth 2 authorization endpoint the connection URL points at' },
  { key: 'postmasterTokenUrl', env: 'PIGEONHOLE_POSTMASTER_TOKEN_URL', flag: '--postmaster-token-url', kind: 'http-url', default: 'https://oauth2.googleapis.com/token',
    help: 'the OAuth 2 token endpoint codes and refresh tokens are exchanged at' },
  { key: 'postmasterApiUrl', env: 'PIGEONHOLE_POSTMASTER_API_URL', flag: '--postmaster-api-url', kind: 'http-url', default: 'https://gmailpostmastertools.googleapis.com',
    help: 'base URL of the Gmail Postmaster Tools API (v1: /v1/domains, /v1/domains/{domain}/trafficStats)' },
  { key: 'mxProbePort', env: 'PIGEONHOLE_MX_PROBE_PORT', flag: '--mx-probe-port', kind: 'port', default: '25',
    help: 'port the MX reachability check of domain monitors connects to on each MX host, reading its SMTP greeting; 25 is where MX hosts listen (another port points the check at a local SMTP server in tests)' },
  { key: 'smtpVerifyPort', env: 'PIGEONHOLE_SMTP_VERIFY_PORT', flag: '--smtp-verify-port', kind: 'port', default: '25',
    help: 'port email verification (validateEmailAddressList, verifyEmailAddress, getEmailIntelligence) connects to on each mail host for its SMTP dialogue (EHLO, STARTTLS, MAIL FROM, RCPT TO, QUIT: never DATA); 25 is where mail hosts listen (another port points it at a local SMTP server in tests)' },
  { key: 'smtpVerifyHelo', env: 'PIGEONHOLE_SMTP_VERIFY_HELO', flag: '--smtp-verify-helo', kind: 'string',
    help: 'the name email verification and testSmtpServer give in EHLO/HELO; mail hosts often check it resolves back to the connecting address. Unset = PIGEONHOLE_PUBLIC_HOST, else PIGEONHOLE_DOMAIN' },
  { key: 'smtpVerifyFrom', env: 'PIGEONHOLE_SMTP_VERIFY_FROM', flag: '--smtp-verify-from', kind: 'string',
    help: 'the MAIL FROM address of email verification dialogues (verifyEmailAddress may give its own); unset = verify@ followed by PIGEONHOLE_DOMAIN' },
  { key: 'smtpVerifyTimeout', env: 'PIGEONHOLE_SMTP_VERIFY_TIMEOUT', flag: '--smtp-verify-timeout', kind: 'count', default: '10000',
    help: 'milliseconds email verification and testSmtpServer wait to connect, for each SMTP reply and for the TLS handshake (DNS questions wait at most 3000 of them, twice); a host that runs past it is unreachable and the next MX host is tried' },
  { key: 'smtpVerifyConcurrency', env: 'PIGEONHOLE_SMTP_VERIFY_CONCURRENCY', flag: '--smtp-verify-concurrency', kind: 'count', default: '8',
    help: 'SMTP connections email verification and testSmtpServer hold open at once over all requests; more wait their turn (a waiting check whose client left never starts)' },
  // DNS tools (ToolsController and MailServerController lookups and checks)
  { key: 'dnsToolsTimeout', env: 'PIGEONHOLE_DNS_TOOLS_TIMEOUT', flag: '--dns-tools-timeout', kind: 'count', default: '4000',
    help: 'milliseconds of DNS lookups one DNS tools call (lookupSpfDomain, checkEmailAuthStack, getDnsLookup, ...) may spend; questions still unanswered then are cancelled and reported as failed lookups' },
  { key: 'dnsPropagationResolvers', env: 'PIGEONHOLE_DNS_PROPAGATION_RESOLVERS', flag: '--dns-propagation-resolvers', kind: 'string',
    help: 'comma-separated DNS servers (as PIGEONHOLE_DNS_SERVERS takes them) that checkDnsPropagation asks one by one and compares, e.g. 1.1.1.1,8.8.8.8,9.9.9.9; unset = each of PIGEONHOLE_DNS_SERVERS (else of the system\'s resolvers)' },
  { key: 'dnsblZones', env: 'PIGEONHOLE_DNSBL_ZONES', flag: '--dnsbl-zones', kind: 'domains', default: 'zen.spamhaus.org,bl.spamcop.net,b.barracudacentral.org,psbl.surriel.com',
    help: 'comma-separated DNS blocklist zones checkEmailBlacklist and checkDomainMonitor ask for each address (reversed octets or nibbles under the zone); a listing is an A answer in 127.0.0.0/8' },
  { key: 'dnsblDomainZones', env: 'PIGEONHOLE_DNSBL_DOMAIN_ZONES', flag: '--dnsbl-domain-zones', kind: 'domains', default: 'dbl.spamhaus.org',
    help: 'comma-separated domain blocklist zones checkEmailBlacklist and checkDomainMonitor ask for the domain itself (<domain>.<zone>)' },
  { key: 'domainMonitorInterval', env: 'PIGEONHOLE_DOMAIN_MONITOR_INTERVAL', flag: '--domain-monitor-interval', kind: 'count', default: '60000',
    help: 'milliseconds between the passes of the domain monitor scheduler (one also runs at start; one node at a time), each running every monitor whose intervalSeconds has passed since its last run' },
  { key: 'campaignProbeInterval', env: 'PIGEONHOLE_CAMPAIGN_PROBE_INTERVAL', flag: '--campaign-probe-interval', kind: 'count', default: '60000',
    help: 'milliseconds between the passes of the campaign probe scheduler (one also runs at start, and at each probe\'s next scheduled time; one node at a time), each checking mail newly received by enabled probes and re-checking the latest message of every probe whose schedule is due' },
  // Email retention by count and age (issue 19): 0 = unlimited, the default, so nothing is pruned unless set.
  { key: 'feedbackAddress', env: 'PIGEONHOLE_FEEDBACK_ADDRESS', flag: '--feedback-address', kind: 'string',
    help: 'address that takes ARF feedback reports (RFC 5965) over SMTP and records them as complaints of the tenant whose sent email they concern; anything else sent to it is refused with 550; unset = feedback@{PIGEONHOLE_DOMAIN}' },
  { key: 'reputationWindow', env: 'PIGEONHOLE_REPUTATION_WINDOW', flag: '--reputation-window', kind: 'count', default: '1000',
    help: 'bounce and complaint rates (getTenantReputationStatusSummary, getAccountBounceBlockStatus) are over the tenant\'s last this many sent emails' },
  { key: 'reputationMinSends', env: 'PIGEONHOLE_REPUTATION_MIN_SENDS', flag: '--reputation-min-sends', kind: 'count', default: '100',
    help: 'fewest sends in the window for a rate to be judged; below it the rates are null and block nothing' },
  { key: 'maxBounceRate', env: 'PIGEONHOLE_MAX_BOUNCE_RATE', flag: '--max-bounce-rate', kind: 'string', default: '5',
    help: 'percent of the window\'s sends with a permanent bounce above which getAccountBounceBlockStatus says sending is blocked' },
  { key: 'maxComplaintRate', env: 'PIGEONHOLE_MAX_COMPLAINT_RATE', flag: '--max-complaint-rate', kind: 'string', default: '0.1',
    help: 'percent of the window\'s sends with a complaint above which getAccountBounceBlockStatus says sending is blocked' },
  { key: 'maxDailyBounces', env: 'PIGEONHOLE_MAX_DAILY_BOUNCES', flag: '--max-daily-bounces', kind: 'count', default: '1000',
    help: 'bounced emails since midnight UTC at which getAccountBounceBlockStatus says sending is blocked (its maximumDailyBounces)' },
  { key: 'maxAccountBounces', env: 'PIGEONHOLE_MAX_ACCOUNT_BOUNCES', flag: '--max-account-bounces', kind: 'count', default: '100000',
    help: 'bounced emails in all at which getAccountBounceBlockStatus says sending is blocked (its maximumAccountBounces)' },
  { key: 'blockSending', env: 'PIGEONHOLE_BLOCK_SENDING', flag: '--block-sending', kind: 'boolean', default: 'off',
    help: 'refuse sends (403 naming each threshold passed) while getAccountBounceBlockStatus says sending is blocked; off = the status is reported only, so a suite that bounces on purpose keeps sending' },
  { key: 'maxEmailsPerInbox', env: 'PIGEONHOLE_MAX_EMAILS_PER_INBOX', flag: '--max-emails-per-inbox', kind: 'count', default: '0',
    help: 'received emails each inbox keeps: the email retention pass deletes the oldest beyond it (favourited emails are neither counted nor deleted); an account policy (PUT /user/email-retention) may only lower it; 0 = no limit' },
  { key: 'maxEmailsPerAccount', env: 'PIGEONHOLE_MAX_EMAILS_PER_ACCOUNT', flag: '--max-emails-per-account', kind: 'count', default: '0',
    help: 'received emails each user keeps over all their inboxes: the email retention pass deletes the oldest beyond it (favourites kept and not counted); unlike PIGEONHOLE_TENANT_EMAIL_CAP new mail is always stored and old mail makes room; 0 = no limit' },
  { key: 'maxEmailAge', env: 'PIGEONHOLE_MAX_EMAIL_AGE', flag: '--max-email-age', kind: 'duration', default: '0',
    help: 'how long a received email is kept after it arrived, as milliseconds like the other durations or with a unit: 45s, 90m, 12h, 30d; the email retention pass deletes older ones (favourites kept); 0 = for ever' },
  { key: 'emailRetentionInterval', env: 'PIGEONHOLE_EMAIL_RETENTION_INTERVAL', flag: '--email-retention-interval', kind: 'count', default: '60000',
    help: 'milliseconds between the passes of the email retention job (one also runs at start; one node at a time), each deleting the emails beyond the count and age limits of the server and of each account; with no limit set anywhere a pass only reads the (empty) policy table' },
  { key: 'emailRetentionBatch', env: 'PIGEONHOLE_EMAIL_RETENTION_BATCH', flag: '--email-retention-batch', kind: 'count', default: '50',
    help: 'emails the retention pass deletes per transaction (1 to 10000); it yields to other work between batches, so a large backlog never holds the database\'s write lock for long and ingest goes on' },
  // Email screenshots in Chromium (getEmailScreenshotAsBase64/Binary).
  { key: 'chromiumPath', env: 'PIGEONHOLE_CHROMIUM_PATH', flag: '--chromium-path', kind: 'string', default: '/usr/bin/chromium',
    help: 'the Chromium binary email screenshots are rendered in (Debian: apt-get install chromium), launched headless on the first screenshot and kept until the server stops; without it the screenshot operations answer 503 naming this setting' },
  { key: 'renderConcurrency', env: 'PIGEONHOLE_RENDER_CONCURRENCY', flag: '--render-concurrency', kind: 'count', default: '2',
    help: 'email screenshots rendered at once (each a Chromium page); more wait their turn, and beyond 8 waiting per slot are answered 503 at once' },
  { key: 'renderTimeout', env: 'PIGEONHOLE_RENDER_TIMEOUT', flag: '--render-timeout', kind: 'count', default: '15000',
    help: 'milliseconds one email screenshot may take, its wait for a turn included; past it the render is stopped and the request answered 408' },
  // Spam scores with SpamAssassin (README "Spam scores").
  { key: 'spamd', env: 'PIGEONHOLE_SPAMD', flag: '--spamd', kind: 'string', default: 'auto',
    help: 'where spam scores come from: auto = start spamd (Debian package spamassassin) from PATH or /usr/sbin on 127.0.0.1 on a free port (at start with PIGEONHOLE_SPAM_CHECK_INBOUND, else on the first score asked for), local rules only, as nobody when run as root, restarted if it dies; host:port = an operator\'s spamd; off = none. Without spamd the spam score route answers 503' },
  { key: 'spamdTimeout', env: 'PIGEONHOLE_SPAMD_TIMEOUT', flag: '--spamd-timeout', kind: 'count', default: '15000',
    help: 'milliseconds one spamd request may take, its wait for a turn included (two at a time); past it the score is unavailable (503, or the inbound job retries)' },
  { key: 'spamCheckInbound', env: 'PIGEONHOLE_SPAM_CHECK_INBOUND', flag: '--spam-check-inbound', kind: 'boolean', default: 'off',
    help: 'score every received message with spamd after it is stored (a job: the SMTP reply never waits for it); off = only when getEmailSpamScore asks' },
  { key: 'listUnsubscribeHeaders', env: 'PIGEONHOLE_LIST_UNSUBSCRIBE_HEADERS', flag: '--list-unsubscribe-headers', kind: 'boolean', default: 'off',
    help: 'give every message sent to a single recipient RFC 8058 one-click List-Unsubscribe and List-Unsubscribe-Post headers (a signed link to this server naming that recipient; a POST there is recorded as a list-unsubscribe recipient), unless the send gives its own List-Unsubscribe header' },
  { key: 'spamThreshold', env: 'PIGEONHOLE_SPAM_THRESHOLD', flag: '--spam-threshold', kind: 'string', default: '5.0',
    help: 'SpamAssassin score at or over which an email is recorded as spam and listed by getAllSpamEmails (a number; spamd\'s own required_score is reported beside it)' },
  { key: 'logLevel', env: 'PIGEONHOLE_LOG_LEVEL', flag: '--log-level', kind: 'level', default: 'info',
    help: 'fatal, error, warn, info, debug, trace or silent' },
];
