import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { SETTINGS, type SettingKey, type SettingSpec } from './settings.js';
import { parsePhoneRanges, type PhoneRange } from '../core/phone-ranges.js';
import { parseDuration } from './duration.js';

export interface Config {
  readonly httpPort: number;
  readonly host: string;
  readonly dataDir: string;
  /** undefined means SQLite in dataDir */
  readonly databaseUrl: string | undefined;
  readonly apiKey: string | undefined;
  readonly domain: string;
  readonly domainPool: readonly string[];
  /** 0 means unlimited */
  readonly inboxQuota: number;
  /** received emails per tenant; 0 means no cap */
  readonly tenantEmailCap: number;
  readonly tenantSmsCap: number;
  /** milliseconds within which an SMTP retry of a stored message is not stored again; 0 = off */
  readonly smtpDedupeWindow: number;
  /** milliseconds within which a replier answers one sender at most once; 0 = every message */
  readonly replierWindow: number;
  /** milliseconds between expiry job passes; at least 1 */
  readonly expiryInterval: number;
  /** milliseconds between email warmup passes */
  readonly warmupInterval: number;
  /** milliseconds; the longest any request is held waiting; at least 1 */
  readonly maxWait: number;
  readonly logLevel: string;
  /** host name reported to mail clients; undefined = derived from host */
  readonly publicHost: string | undefined;
  /** http(s) base URL of the HTTP API as mail readers reach it, no trailing slash; undefined = derived after listen */
  readonly publicUrl: string | undefined;
  readonly smtpPort: number;
  readonly smtpsPort: number;
  /** plain greeting, STARTTLS required before AUTH: what the access details call the secure SMTP port */
  readonly smtpSubmissionPort: number;
  /** STARTTLS on the plain SMTP port: true/false as set; undefined = only with a configured certificate */
  readonly smtpStarttls: boolean | undefined;
  readonly imapPort: number;
  readonly imapsPort: number;
  /** paths of a PEM certificate and key; both or neither */
  readonly tlsCert: string | undefined;
  readonly tlsKey: string | undefined;
  readonly smtpMaxMessageSize: number;
  readonly smtpMaxRecipients: number;
  readonly smtpMaxConnections: number;
  readonly smtpIdleTimeout: number;
  readonly parseTimeout: number;
  readonly parseThreads: number;
  readonly mimeMaxDepth: number;
  readonly mimeMaxParts: number;
  /** bytes; uploads over it are refused */
  readonly maxAttachmentSize: number;
  /** smtp(s):// smarthost for mail to other domains; undefined = capture */
  readonly relayUrl: string | undefined;
  /** webhook delivery: per-attempt timeout, retry window and first backoff (ms), private-target refusal */
  readonly webhookTimeout: number;
  readonly webhookRetryWindow: number;
  readonly webhookRetryBase: number;
  /** true/false as set; undefined = the automatic rule (blocked unless loopback-bound with the admin user only) */
  readonly webhookBlockPrivate: boolean | undefined;
  /** PIGEONHOLE_WEBHOOK_ALLOW entries, as given (read by jobs/outbound-targets.ts AllowList) */
  readonly webhookAllow: readonly string[];
  /** milliseconds a preview link's token is valid; at least 1 */
  readonly previewUrlTtl: number;
  /** milliseconds an export download link stays valid */
  readonly exportLinkTtl: number;
  /** milliseconds between scheduled inbox retention passes */
  readonly retentionInterval: number;
  /** none: only addresses with a pending or revoked opt-in need consent; relay: every outside address too */
  readonly requireConsent: 'none' | 'relay';
  /** origins allowed to call the API from a browser page; '*' = any */
  readonly corsOrigins: '*' | readonly string[];
  readonly phoneRanges: readonly PhoneRange[];
  /** PIGEONHOLE_SMS_FAIL_NUMBERS: E.164 numbers or prefixes whose sink messages fail */
  readonly smsFailNumbers: readonly string[];
  /** PIGEONHOLE_SMS_RELAY_URL (+ _FROM): the Twilio-compatible provider outside SMS are forwarded to; undefined = none */
  readonly smsRelay: SmsRelayTarget | undefined;
  /** request limits: JSON nesting, items per list (or fields per object), recipients per API send, header value length */
  readonly maxJsonDepth: number;
  readonly maxListItems: number;
  readonly maxRecipients: number;
  readonly maxHeaderLength: number;
  /** failed logins per address before a lockout (0 = never), the window they are counted in and the first lockout (ms) */
  readonly authFailureLimit: number;
  readonly authFailureWindow: number;
  readonly authLockout: number;
  /** open connections per address on each of HTTP, SMTP and IMAP; 0 = no limit */
  readonly connectionsPerIp: number;
  /** HTTP connections in all (0 = no limit) and ms a connection may sit without a request */
  readonly httpMaxConnections: number;
  readonly httpIdleTimeout: number;
  /** IMAP connections in all (0 = no limit) and ms a connection may stay silent before logging in */
  readonly imapMaxConnections: number;
  readonly imapLoginTimeout: number;
  /** requests per minute per API key; 0 = no limit */
  readonly rateLimit: number;
  /** PIGEONHOLE_METRICS: serve GET /metrics at all */
  readonly metrics: boolean;
  /** PIGEONHOLE_METRICS_PORT: a listener of its own for /metrics; 0 = on the HTTP port */
  readonly metricsPort: number;
  /** PIGEONHOLE_METRICS_TOKEN: the bearer token a scrape must show; undefined = none */
  readonly metricsToken?: string;
  /** days the audit log keeps each event; 0 = for ever */
  readonly auditRetention: number;
  /** PIGEONHOLE_DNS_SERVERS as dns.setServers takes them; empty = the system's resolvers */
  readonly dnsServers: readonly string[];
  /** PIGEONHOLE_CHROMIUM_PATH, PIGEONHOLE_RENDER_CONCURRENCY, PIGEONHOLE_RENDER_TIMEOUT: email screenshots */
  readonly chromiumPath: string;
  readonly renderConcurrency: number;
  readonly renderTimeout: number;
  /** PIGEONHOLE_MX_PROBE_PORT: where domain monitors read MX hosts' SMTP greetings */
  readonly mxProbePort: number;
  /** PIGEONHOLE_SMTP_VERIFY_*: email verification's SMTP dialogues (HELO and MAIL FROM defaulted from the public host and domain) */
  readonly smtpVerify: { readonly port: number; readonly heloName: string; readonly mailFrom: string; readonly timeoutMs: number; readonly concurrency: number };
  /** PIGEONHOLE_DNS_TOOLS_TIMEOUT, PIGEONHOLE_DNS_PROPAGATION_RESOLVERS, PIGEONHOLE_DNSBL_ZONES, PIGEONHOLE_DNSBL_DOMAIN_ZONES: the DNS tools */
  readonly dnsToolsTimeout: number;
  readonly dnsPropagationResolvers: readonly string[];
  readonly dnsblZones: readonly string[];
  readonly dnsblDomainZones: readonly string[];
  /** PIGEONHOLE_DOMAIN_MONITOR_INTERVAL: milliseconds between domain monitor scheduler passes */
  readonly domainMonitorInterval: number;
  /** PIGEONHOLE_CAMPAIGN_PROBE_INTERVAL: milliseconds between campaign probe scheduler passes */
  readonly campaignProbeInterval: number;
  /** PIGEONHOLE_FEEDBACK_ADDRESS: where ARF feedback reports are mailed; lower-case */
  readonly feedbackAddress: string;
  /** sending reputation thresholds (PIGEONHOLE_REPUTATION_*, PIGEONHOLE_MAX_*_BOUNCES/_RATE); rates in percent */
  readonly reputation: {
    readonly windowSends: number;
    readonly minSends: number;
    readonly maxBounceRate: number;
    readonly maxComplaintRate: number;
    readonly maxDailyBounces: number;
    readonly maxAccountBounces: number;
    /** PIGEONHOLE_BLOCK_SENDING: refuse sends while blocked */
    readonly enforceBlock: boolean;
  };
  /** PIGEONHOLE_SPAMD: start spamd (auto), use an operator's (remote) or none (off) */
  readonly spamd: { mode: 'off' } | { mode: 'auto'; searchPath: string } | { mode: 'remote'; host: string; port: number };
  readonly spamdTimeout: number;
  /** PIGEONHOLE_SPAM_CHECK_INBOUND: score every received message after it is stored */
  readonly spamCheckInbound: boolean;
  /** PIGEONHOLE_LIST_UNSUBSCRIBE_HEADERS: one-click unsubscribe headers on single-recipient sends */
  readonly listUnsubscribeHeaders: boolean;
  /** PIGEONHOLE_SPAM_THRESHOLD: at or over this score an email is recorded as spam */
  readonly spamThreshold: number;
  /** PIGEONHOLE_DOMAIN_CHECK_INTERVAL: milliseconds between the scheduled checks of custom domains */
  readonly domainCheckInterval: number;
  /** PIGEONHOLE_MAIL_AUTH: SPF/DKIM/DMARC/ARC checks of mail received over SMTP */
  readonly mailAuth: boolean;
  /** milliseconds of DNS lookups one message's checks may spend before the verdicts are temperror */
  readonly mailAuthTimeout: number;
  /** milliseconds the checks of received mail reuse a DNS answer; 0 = never */
  readonly mailAuthDnsCache: number;
  /** Google Postmaster Tools OAuth client; undefined unless id, secret and redirect URI are all set */
  readonly postmaster: PostmasterClient | undefined;
  /** email retention (issue 19): received emails kept per inbox and per account (0 = no limit), milliseconds an email is kept (0 = for ever) */
  readonly maxEmailsPerInbox: number;
  readonly maxEmailsPerAccount: number;
  readonly maxEmailAge: number;
  /** milliseconds between email retention passes, and the emails deleted per transaction */
  readonly emailRetentionInterval: number;
  readonly emailRetentionBatch: number;
}

/** The operator's OAuth 2 client for Google Postmaster Tools, and the endpoints it talks to. */
export interface PostmasterClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly authUrl: string;
  readonly tokenUrl: string;
  readonly apiUrl: string;
}

/** A Twilio-compatible provider: its base URL without credentials, the account SID and auth token taken from it. */
export interface SmsRelayTarget {
  readonly baseUrl: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** PIGEONHOLE_SMS_RELAY_FROM; undefined = the recorded sender */
  readonly from: string | undefined;
}

/** The most items per list: keeps an `in (...)` of ids under SQLite's 32,766 and PostgreSQL's 65,535 bound values. */
export const MAX_LIST_ITEMS_CEILING = 10_000;
/** Most emails the retention pass deletes in one transaction (its ids are bound in one statement). */
export const MAX_RETENTION_BATCH = 10_000;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DOMAIN_RE = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

type Raw = Partial<Record<SettingKey, string>>;

/**
 * Reads every setting once: flags (already parsed, keyed by setting) win over the
 * environment, which wins over defaults. Throws ConfigError listing every problem.
 * This is the only place in the code base that reads process.env.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  flags: Raw = {},
): Config {
  const problems: string[] = [];
  const raw: Raw = {};
  for (const spec of SETTINGS) {
    const value = flags[spec.key] ?? env[spec.env] ?? spec.default;
    if (value !== undefined && value !== '') raw[spec.key] = value.trim();
  }
  const parsed = Object.fromEntries(
    SETTINGS.map((spec) => [spec.key, parse(spec, raw[spec.key], problems)]),
  ) as Record<SettingKey, unknown>;
  if ((parsed.tlsCert === undefined) !== (parsed.tlsKey === undefined) && !problems.some((p) => p.includes('TLS'))) {
    problems.push('PIGEONHOLE_TLS_CERT and PIGEONHOLE_TLS_KEY go together: set both or neither');
  }
  for (const key of ['smtpMaxMessageSize', 'smtpMaxRecipients', 'smtpMaxConnections', 'smtpIdleTimeout', 'parseTimeout', 'parseThreads', 'mimeMaxDepth', 'mimeMaxParts'] as const) {
    if (parsed[key] === 0) problems.push(`${SETTINGS.find((s) => s.key === key)!.env} must be at least 1`);
  }
  if (parsed.expiryInterval === 0) problems.push('PIGEONHOLE_EXPIRY_INTERVAL must be at least 1');
  if (parsed.domainMonitorInterval === 0) problems.push('PIGEONHOLE_DOMAIN_MONITOR_INTERVAL must be at least 1');
  if (parsed.campaignProbeInterval === 0) problems.push('PIGEONHOLE_CAMPAIGN_PROBE_INTERVAL must be at least 1');
  for (const key of ['reputationWindow', 'maxDailyBounces', 'maxAccountBounces'] as const) {
    if (parsed[key] === 0) problems.push(`${SETTINGS.find((s) => s.key === key)!.env} must be at least 1`);
  }
  const rates = Object.fromEntries((['maxBounceRate', 'maxComplaintRate'] as const).map((key) => {
    const value = Number(parsed[key]);
    if (!(value >= 0 && value <= 100)) problems.push(`${SETTINGS.find((s) => s.key === key)!.env} must be a percentage from 0 to 100, not ${JSON.stringify(parsed[key])}`);
    return [key, value];
  })) as Record<'maxBounceRate' | 'maxComplaintRate', number>;
  const feedbackAddress = ((parsed.feedbackAddress as string | undefined) ?? `feedback@${parsed.domain as string}`).toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(feedbackAddress)) problems.push(`PIGEONHOLE_FEEDBACK_ADDRESS must be an email address, not ${JSON.stringify(feedbackAddress)}`);
  if (parsed.dnsToolsTimeout === 0) problems.push('PIGEONHOLE_DNS_TOOLS_TIMEOUT must be at least 1');
  if (parsed.spamdTimeout === 0) problems.push('PIGEONHOLE_SPAMD_TIMEOUT must be at least 1');
  if (parsed.spamCheckInbound === true && (parsed.spamd as { mode?: string } | undefined)?.mode === 'off') {
    problems.push('PIGEONHOLE_SPAM_CHECK_INBOUND needs spamd: set PIGEONHOLE_SPAMD to auto or host:port');
  }
  if (parsed.domainCheckInterval === 0) problems.push('PIGEONHOLE_DOMAIN_CHECK_INTERVAL must be at least 1');
  if (parsed.warmupInterval === 0) problems.push('PIGEONHOLE_WARMUP_INTERVAL must be at least 1');
  if (parsed.maxWait === 0) problems.push('PIGEONHOLE_MAX_WAIT must be at least 1');
  for (const key of ['webhookTimeout', 'webhookRetryBase'] as const) {
    if (parsed[key] === 0) problems.push(`${SETTINGS.find((s) => s.key === key)!.env} must be at least 1`);
  }
  if (parsed.maxAttachmentSize === 0) problems.push('PIGEONHOLE_MAX_ATTACHMENT_SIZE must be at least 1');
  if (parsed.previewUrlTtl === 0) problems.push('PIGEONHOLE_PREVIEW_URL_TTL must be at least 1');
  if (parsed.exportLinkTtl === 0) problems.push('PIGEONHOLE_EXPORT_LINK_TTL must be at least 1');
  if (parsed.retentionInterval === 0) problems.push('PIGEONHOLE_RETENTION_INTERVAL must be at least 1');
  if (parsed.emailRetentionInterval === 0) problems.push('PIGEONHOLE_EMAIL_RETENTION_INTERVAL must be at least 1');
  if (parsed.emailRetentionBatch === 0 || (parsed.emailRetentionBatch as number) > MAX_RETENTION_BATCH) {
    problems.push(`PIGEONHOLE_EMAIL_RETENTION_BATCH must be 1 to ${MAX_RETENTION_BATCH}`);
  }
  for (const key of ['maxJsonDepth', 'maxListItems', 'maxRecipients', 'maxHeaderLength'] as const) {
    if (parsed[key] === 0) problems.push(`${SETTINGS.find((s) => s.key === key)!.env} must be at least 1`);
  }
  if ((parsed.maxListItems as number) > MAX_LIST_ITEMS_CEILING) {
    problems.push(`PIGEONHOLE_MAX_LIST_ITEMS must be at most ${MAX_LIST_ITEMS_CEILING} (the databases' limits on bound values)`);
  }
  for (const key of ['authFailureWindow', 'authLockout', 'httpIdleTimeout', 'imapLoginTimeout'] as const) {
    if (parsed[key] === 0) problems.push(`${SETTINGS.find((s) => s.key === key)!.env} must be at least 1`);
  }
  const smsRelay = relayTarget(parsed.smsRelayUrl as string | undefined, parsed.smsRelayFrom as string | undefined, problems);
  if (parsed.mailAuthTimeout === 0) problems.push('PIGEONHOLE_MAIL_AUTH_TIMEOUT must be at least 1');
  if (parsed.smtpVerifyTimeout === 0) problems.push('PIGEONHOLE_SMTP_VERIFY_TIMEOUT must be at least 1');
  if (parsed.smtpVerifyConcurrency === 0) problems.push('PIGEONHOLE_SMTP_VERIFY_CONCURRENCY must be at least 1');
  if (parsed.renderConcurrency === 0) problems.push('PIGEONHOLE_RENDER_CONCURRENCY must be at least 1');
  if (parsed.renderTimeout === 0) problems.push('PIGEONHOLE_RENDER_TIMEOUT must be at least 1');
  const postmasterParts = [parsed.postmasterClientId, parsed.postmasterClientSecret, parsed.postmasterRedirectUri];
  const postmaster = postmasterParts.every((p) => p !== undefined)
    ? Object.freeze({
      clientId: parsed.postmasterClientId as string,
      clientSecret: parsed.postmasterClientSecret as string,
      redirectUri: parsed.postmasterRedirectUri as string,
      authUrl: parsed.postmasterAuthUrl as string,
      tokenUrl: parsed.postmasterTokenUrl as string,
      apiUrl: parsed.postmasterApiUrl as string,
    })
    : undefined;
  if (!postmaster && postmasterParts.some((p) => p !== undefined)) {
    problems.push('PIGEONHOLE_POSTMASTER_CLIENT_ID, PIGEONHOLE_POSTMASTER_CLIENT_SECRET and PIGEONHOLE_POSTMASTER_REDIRECT_URI go together: set all three or none');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    httpPort: parsed.httpPort as number,
    host: parsed.host as string,
    dataDir: resolve(parsed.dataDir as string),
    databaseUrl: parsed.databaseUrl as string | undefined,
    apiKey: parsed.apiKey as string | undefined,
    domain: parsed.domain as string,
    domainPool: Object.freeze(parsed.domainPool as string[]),
    inboxQuota: parsed.inboxQuota as number,
    tenantEmailCap: parsed.tenantEmailCap as number,
    tenantSmsCap: parsed.tenantSmsCap as number,
    smtpDedupeWindow: parsed.smtpDedupeWindow as number,
    replierWindow: parsed.replierWindow as number,
    expiryInterval: parsed.expiryInterval as number,
    warmupInterval: parsed.warmupInterval as number,
    maxWait: parsed.maxWait as number,
    logLevel: parsed.logLevel as string,
    publicHost: parsed.publicHost as string | undefined,
    publicUrl: parsed.publicUrl as string | undefined,
    smtpPort: parsed.smtpPort as number,
    smtpsPort: parsed.smtpsPort as number,
    smtpSubmissionPort: parsed.smtpSubmissionPort as number,
    smtpStarttls: parsed.smtpStarttls as boolean | undefined,
    imapPort: parsed.imapPort as number,
    imapsPort: parsed.imapsPort as number,
    tlsCert: parsed.tlsCert as string | undefined,
    tlsKey: parsed.tlsKey as string | undefined,
    smtpMaxMessageSize: parsed.smtpMaxMessageSize as number,
    smtpMaxRecipients: parsed.smtpMaxRecipients as number,
    smtpMaxConnections: parsed.smtpMaxConnections as number,
    smtpIdleTimeout: parsed.smtpIdleTimeout as number,
    parseTimeout: parsed.parseTimeout as number,
    parseThreads: parsed.parseThreads as number,
    mimeMaxDepth: parsed.mimeMaxDepth as number,
    mimeMaxParts: parsed.mimeMaxParts as number,
    maxAttachmentSize: parsed.maxAttachmentSize as number,
    relayUrl: parsed.relayUrl as string | undefined,
    webhookTimeout: parsed.webhookTimeout as number,
    webhookRetryWindow: parsed.webhookRetryWindow as number,
    webhookRetryBase: parsed.webhookRetryBase as number,
    webhookBlockPrivate: parsed.webhookBlockPrivate as boolean | undefined,
    webhookAllow: Object.freeze(((parsed.webhookAllow as string | undefined) ?? '').split(',').map((e) => e.trim()).filter(Boolean)),
    previewUrlTtl: parsed.previewUrlTtl as number,
    exportLinkTtl: parsed.exportLinkTtl as number,
    retentionInterval: parsed.retentionInterval as number,
    requireConsent: parsed.requireConsent as 'none' | 'relay',
    corsOrigins: parsed.corsOrigins as '*' | readonly string[],
    phoneRanges: Object.freeze(parsed.phoneRanges as PhoneRange[]),
    smsFailNumbers: Object.freeze((parsed.smsFailNumbers as string[] | undefined) ?? []),
    smsRelay,
    maxJsonDepth: parsed.maxJsonDepth as number,
    maxListItems: parsed.maxListItems as number,
    maxRecipients: parsed.maxRecipients as number,
    maxHeaderLength: parsed.maxHeaderLength as number,
    authFailureLimit: parsed.authFailureLimit as number,
    authFailureWindow: parsed.authFailureWindow as number,
    authLockout: parsed.authLockout as number,
    connectionsPerIp: parsed.connectionsPerIp as number,
    httpMaxConnections: parsed.httpMaxConnections as number,
    httpIdleTimeout: parsed.httpIdleTimeout as number,
    imapMaxConnections: parsed.imapMaxConnections as number,
    imapLoginTimeout: parsed.imapLoginTimeout as number,
    rateLimit: parsed.rateLimit as number,
    metrics: parsed.metrics as boolean,
    metricsPort: parsed.metricsPort as number,
    metricsToken: (parsed.metricsToken as string | undefined) || undefined,
    auditRetention: parsed.auditRetention as number,
    dnsServers: Object.freeze((parsed.dnsServers as string[] | undefined) ?? []),
    chromiumPath: parsed.chromiumPath as string,
    renderConcurrency: parsed.renderConcurrency as number,
    renderTimeout: parsed.renderTimeout as number,
    mxProbePort: parsed.mxProbePort as number,
    smtpVerify: Object.freeze({
      port: parsed.smtpVerifyPort as number,
      heloName: (parsed.smtpVerifyHelo as string | undefined) ?? (parsed.publicHost as string | undefined) ?? (parsed.domain as string),
      mailFrom: (parsed.smtpVerifyFrom as string | undefined) ?? `verify@${parsed.domain as string}`,
      timeoutMs: parsed.smtpVerifyTimeout as number,
      concurrency: parsed.smtpVerifyConcurrency as number,
    }),
    dnsToolsTimeout: parsed.dnsToolsTimeout as number,
    dnsPropagationResolvers: Object.freeze((parsed.dnsPropagationResolvers as string[] | undefined) ?? []),
    dnsblZones: Object.freeze(parsed.dnsblZones as string[]),
    dnsblDomainZones: Object.freeze(parsed.dnsblDomainZones as string[]),
    domainMonitorInterval: parsed.domainMonitorInterval as number,
    campaignProbeInterval: parsed.campaignProbeInterval as number,
    feedbackAddress,
    reputation: {
      windowSends: parsed.reputationWindow as number,
      minSends: parsed.reputationMinSends as number,
      maxBounceRate: rates.maxBounceRate,
      maxComplaintRate: rates.maxComplaintRate,
      maxDailyBounces: parsed.maxDailyBounces as number,
      maxAccountBounces: parsed.maxAccountBounces as number,
      enforceBlock: parsed.blockSending as boolean,
    },
    // auto looks for spamd on the PATH the server was started with
    spamd: withSearchPath(parsed.spamd as Config['spamd'], env.PATH ?? ''),
    spamdTimeout: parsed.spamdTimeout as number,
    spamCheckInbound: parsed.spamCheckInbound as boolean,
    spamThreshold: parsed.spamThreshold as number,
    listUnsubscribeHeaders: parsed.listUnsubscribeHeaders as boolean,
    domainCheckInterval: parsed.domainCheckInterval as number,
    mailAuth: parsed.mailAuth as boolean,
    mailAuthTimeout: parsed.mailAuthTimeout as number,
    mailAuthDnsCache: parsed.mailAuthDnsCache as number,
    postmaster,
    maxEmailsPerInbox: parsed.maxEmailsPerInbox as number,
    maxEmailsPerAccount: parsed.maxEmailsPerAccount as number,
    maxEmailAge: parsed.maxEmailAge as number,
    emailRetentionInterval: parsed.emailRetentionInterval as number,
    emailRetentionBatch: parsed.emailRetentionBatch as number,
  });
}

/**
 * One setting as a flag, the environment or its default give it, parsed and checked alone:
 * for the client commands, which must not fail on server settings they never use.
 */
export function loadSetting(key: SettingKey, env: Record<string, string | undefined>, flag?: string): unknown {
  const spec = SETTINGS.find((s) => s.key === key)!;
  const value = (flag ?? env[spec.env] ?? spec.default)?.trim();
  const problems: string[] = [];
  const parsed = parse(spec, value === '' ? undefined : value, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed;
}

function parse(spec: SettingSpec, value: string | undefined, problems: string[]): unknown {
  if (value === undefined) return undefined;
  const bad = (why: string) => {
    problems.push(`${spec.env} (${spec.flag}) ${why}, got ${spec.secret ? '[hidden]' : JSON.stringify(value)}`);
    return undefined;
  };
  switch (spec.kind) {
    case 'port': {
      const n = Number(value);
      return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : bad('must be a port number 0-65535');
    }
    case 'count': {
      const n = Number(value);
      return Number.isInteger(n) && n >= 0 ? n : bad('must be a whole number, 0 or more');
    }
    case 'duration': {
      const ms = parseDuration(value);
      return ms !== undefined ? ms : bad('must be milliseconds or a whole number with a unit s, m, h or d (90m, 12h, 30d)');
    }
    case 'url': {
      try {
        const url = new URL(value);
        return ['postgres:', 'postgresql:'].includes(url.protocol)
          ? value
          : bad('must be a postgres:// or postgresql:// URL');
      } catch {
        return bad('must be a postgres:// URL');
      }
    }
    case 'http-url': {
      try {
        const url = new URL(value);
        if (!['http:', 'https:'].includes(url.protocol)) return bad('must be an http:// or https:// URL');
        if (url.search || url.hash) return bad('must be a base URL without ? query or # fragment');
        return value.replace(/\/+$/, '');
      } catch {
        return bad('must be an http:// or https:// URL');
      }
    }
    case 'smtp-url': {
      try {
        return ['smtp:', 'smtps:'].includes(new URL(value).protocol) ? value : bad('must be an smtp:// or smtps:// URL');
      } catch {
        return bad('must be an smtp:// or smtps:// URL');
      }
    }
    case 'domain':
      return DOMAIN_RE.test(value.toLowerCase()) ? value.toLowerCase() : bad('must be a domain name');
    case 'domains': {
      const list = value.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
      if (list.length === 0) return bad('must list at least one domain');
      const wrong = list.filter((d) => !DOMAIN_RE.test(d));
      return wrong.length === 0 ? list : bad(`has invalid domains ${wrong.join(', ')}`);
    }
    case 'level':
      return LEVELS.includes(value) ? value : bad(`must be one of ${LEVELS.join(', ')}`);
    case 'boolean': {
      const lower = value.toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(lower)) return true;
      if (['false', '0', 'no', 'off'].includes(lower)) return false;
      return bad('must be true or false');
    }
    case 'origins': {
      if (value === '*') return '*';
      const list = value.split(',').map((o) => o.trim()).filter(Boolean);
      const origins = list.map(originOf);
      const wrong = list.filter((_, i) => origins[i] === undefined);
      if (list.length === 0 || wrong.length > 0) {
        return bad(`must be * or comma-separated origins such as https://app.example.com${wrong.length ? ` (not origins: ${wrong.join(', ')})` : ''}`);
      }
      return Object.freeze(origins as string[]);
    }
    case 'file':
      return existsSync(value) ? resolve(value) : bad('must be the path of an existing file');
    case 'string':
      if (spec.key === 'apiKey' && value.length < 16) return bad('must be at least 16 characters');
      if (spec.key === 'requireConsent' && value !== 'none' && value !== 'relay') return bad('must be none or relay');
      if (spec.key === 'smtpVerifyFrom' && !/^[^\s@<>"]{1,64}@[a-z0-9.-]{1,253}$/i.test(value)) return bad('must be an email address such as verify@example.com');
      if (spec.key === 'smtpVerifyHelo' && !/^[a-z0-9](?:[a-z0-9.-]{0,252})$/i.test(value)) return bad('must be a host name such as mail.example.com');
      if (spec.key === 'smsFailNumbers') {
        const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
        const wrong = entries.filter((e) => !/^\+[1-9]\d{0,14}$/.test(e));
        return wrong.length > 0 ? bad(`must be comma-separated E.164 numbers or prefixes such as +15550100 (not: ${wrong.join(', ')})`) : Object.freeze(entries);
      }
      if (spec.key === 'spamd') return spamdSetting(value) ?? bad('must be auto, off or host:port of a running spamd (e.g. 127.0.0.1:783)');
      if (spec.key === 'spamThreshold') {
        const n = Number(value);
        return Number.isFinite(n) && n >= -1000 && n <= 1000 ? n : bad('must be a number such as 5.0');
      }
      if (spec.key === 'dnsServers' || spec.key === 'dnsPropagationResolvers') {
        const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
        const wrong = entries.filter((e) => !isDnsServer(e));
        return entries.length === 0 || wrong.length > 0
          ? bad(`must be comma-separated DNS servers such as 127.0.0.1:5353,[::1]:53,9.9.9.9${wrong.length ? ` (not: ${wrong.join(', ')})` : ''}`)
          : Object.freeze(entries);
      }
      if (spec.key === 'phoneRanges') {
        try {
          return parsePhoneRanges(value);
        } catch (error) {
          return bad((error as Error).message);
        }
      }
      return value;
  }
}

/**
 * PIGEONHOLE_SMS_RELAY_URL split into the base URL and its credentials (the account SID as the
 * user name, the auth token as the password). Problems never quote the URL: it holds the token.
 */
function relayTarget(url: string | undefined, from: string | undefined, problems: string[]): SmsRelayTarget | undefined {
  if (from !== undefined && (from.length > 64 || /[\u0000-\u001f]/.test(from))) {
    problems.push('PIGEONHOLE_SMS_RELAY_FROM (--sms-relay-from) must be a phone number or sender id of at most 64 characters');
  }
  if (url === undefined) {
    if (from !== undefined) problems.push('PIGEONHOLE_SMS_RELAY_FROM needs PIGEONHOLE_SMS_RELAY_URL');
    return undefined;
  }
  const parsed = new URL(url);
  const accountSid = decodeURIComponent(parsed.username);
  const authToken = decodeURIComponent(parsed.password);
  if (!/^AC[0-9A-Za-z]{1,62}$/.test(accountSid) || authToken === '') {
    problems.push('PIGEONHOLE_SMS_RELAY_URL (--sms-relay-url) must carry the provider\'s account SID (AC...) and auth token as its user name and password, like https://AC...:token@api.twilio.com, got [hidden]');
    return undefined;
  }
  parsed.username = '';
  parsed.password = '';
  return Object.freeze({ baseUrl: parsed.toString().replace(/\/+$/, ''), accountSid, authToken, from });
}

/** auto looks for spamd on the PATH the server was started with. */
function withSearchPath(spamd: Config['spamd'], searchPath: string): Config['spamd'] {
  return spamd.mode === 'auto' ? { mode: 'auto', searchPath } : spamd;
}

/** PIGEONHOLE_SPAMD: auto, off, or host:port (IPv6 in brackets); undefined when it is none of them. */
function spamdSetting(value: string): Config['spamd'] | undefined {
  const lower = value.toLowerCase();
  if (lower === 'auto') return { mode: 'auto', searchPath: '' };
  if (lower === 'off') return { mode: 'off' };
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value);
  const port = match ? Number(match[2]) : 0;
  if (!match || port < 1 || port > 65535) return undefined;
  return { mode: 'remote', host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

/** An IP address, optionally with a port (IPv6 in brackets then): what dns.setServers accepts. */
function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(entry);
  const plain = /^([0-9.]+)(?::(\d{1,5}))?$/.exec(entry) ?? (isIP(entry) === 6 ? [entry, entry, undefined] : null);
  const match = bracketed ?? plain;
  if (!match || isIP(match[1]!) === 0) return false;
  const port = match[2] === undefined ? 53 : Number(match[2]);
  return port >= 1 && port <= 65535;
}

/** The origin a browser would send in Origin (scheme://host[:port]) for an http(s) URL with no path. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    const bare = ['http:', 'https:'].includes(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return bare ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
