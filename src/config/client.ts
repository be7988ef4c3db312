/**
 * Where the client commands (`sendmail`, `inbox`, `mail`, `user list`, `key revoke`) find a
 * running server: the same settings `serve` listens by (flag, then environment, then default),
 * each read alone, so a PHP or cron host without the server's configuration is not refused
 * for settings these commands never use. Client-only values (SMTP AUTH) have their own names.
 */
import { join } from 'node:path';
import { loadSetting } from './config.js';

type Env = Record<string, string | undefined>;

/** Environment variables only the client commands read. */
export const CLIENT_ENV = {
  smtpUser: 'PIGEONHOLE_SMTP_USER',
  smtpPassword: 'PIGEONHOLE_SMTP_PASSWORD',
} as const;

/** A bind address as something to connect to: every interface is reached on loopback. */
export function connectHost(bindHost: string): string {
  if (bindHost === '0.0.0.0' || bindHost === '') return '127.0.0.1';
  if (bindHost === '::' || bindHost === '[::]') return '::1';
  return bindHost;
}

const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

export interface HttpTarget {
  /** base URL of the HTTP API, no trailing slash */
  url: string;
  /** the key given (flag or PIGEONHOLE_API_KEY); undefined = none */
  apiKey: string | undefined;
  /** where `serve` saved a generated admin key */
  adminKeyFile: string;
}

export function httpTarget(env: Env, flags: { url?: string; host?: string; httpPort?: string; apiKey?: string; dataDir?: string }): HttpTarget {
  const host = connectHost(loadSetting('host', env, flags.host) as string);
  const port = loadSetting('httpPort', env, flags.httpPort) as number;
  return {
    url: (flags.url ?? `http://${urlHost(host)}:${port}`).replace(/\/+$/, ''),
    // as given: the length rule is for the server's bootstrap key, and the server judges any key sent
    apiKey: (flags.apiKey ?? env.PIGEONHOLE_API_KEY)?.trim() || undefined,
    adminKeyFile: join(loadSetting('dataDir', env, flags.dataDir) as string, 'admin-api-key'),
  };
}

export interface SmtpTarget {
  host: string;
  port: number;
  user: string | undefined;
  password: string | undefined;
  /** the local CA `serve` generates when no certificate is configured (trusted for STARTTLS) */
  localCaFile: string;
}

export function smtpTarget(env: Env, flags: { host?: string; smtpPort?: string; smtpUser?: string; smtpPassword?: string; dataDir?: string }): SmtpTarget {
  return {
    host: connectHost(loadSetting('host', env, flags.host) as string),
    port: loadSetting('smtpPort', env, flags.smtpPort) as number,
    user: flags.smtpUser ?? (env[CLIENT_ENV.smtpUser] || undefined),
    password: flags.smtpPassword ?? (env[CLIENT_ENV.smtpPassword] || undefined),
    localCaFile: join(loadSetting('dataDir', env, flags.dataDir) as string, 'tls', 'ca.pem'),
  };
}
