import type { Config } from '../config/config.js';
import { SETTINGS } from '../config/settings.js';
import type { RunningServer } from '../main.js';

const envOf = (key: string) => SETTINGS.find((s) => s.key === key)?.env ?? key;

/**
 * What `pigeonhole serve` prints once every port is bound: each listening address with what
 * it offers and the setting that moves it, the TLS certificate, where the admin key is, and
 * the docs last (whoever reads the banner waits for that line). Written from the server as
 * it started: the ports actually bound, the certificate actually loaded.
 */
export function startupBanner(server: RunningServer, config: Config, version: string): string {
  const lines = [`Pigeonhole ${version} listening on ${server.url} (database: ${server.store.dialect})`];
  const rows: Array<[string, string, string]> = [['Dashboard', `${server.url}/`, '']];
  for (const listener of server.listeners) rows.push([listener.name, listener.url, `${listener.offers} (${envOf(listener.setting)})`]);
  const nameWidth = Math.max(...rows.map(([name]) => name.length));
  const urlWidth = Math.max(...rows.map(([, url]) => url.length));
  for (const [name, url, notes] of rows) lines.push(`  ${name.padEnd(nameWidth)}  ${notes ? `${url.padEnd(urlWidth)}  ${notes}` : url}`.trimEnd());
  if (server.tls.configured) lines.push(`  TLS certificate: ${server.tls.certFile} (PIGEONHOLE_TLS_CERT)`);
  else {
    lines.push(`  TLS certificate: ${server.tls.certFile}`);
    lines.push(`  signed by the local CA ${server.tls.caFile}: trust it with NODE_EXTRA_CA_CERTS (also at ${server.url}/tls/ca.pem)`);
  }
  if (config.host === '0.0.0.0' || config.host === '::') {
    lines.push(`  Every listener binds all interfaces (PIGEONHOLE_HOST=${config.host}); addresses above use the loopback address`);
  }
  lines.push('');
  const key = server.adminKey;
  if (key.kind === 'generated') {
    lines.push(`Generated the admin API key (shown once; also saved to ${key.file}):`, `  ${key.key}`, '');
  } else if (key.kind === 'configured') {
    lines.push('Admin API key: the one set in PIGEONHOLE_API_KEY (or --api-key)');
  } else if (key.saved) {
    lines.push(`Admin API key: in ${key.file} (generated at the first start)`);
  } else {
    lines.push(
      `Admin API key: generated at the first start, but ${key.file} no longer holds it; ` +
        'set PIGEONHOLE_API_KEY to add an admin key of your choice',
    );
  }
  lines.push(`API docs: ${server.url}/docs`);
  return `${lines.join('\n')}\n`;
}
