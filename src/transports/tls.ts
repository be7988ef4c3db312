import { X509Certificate, createPrivateKey, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';

export interface TlsMaterial {
  /** the server certificate's private key (PEM) */
  key: string;
  /** the server certificate (PEM) */
  cert: string;
  /** the local certificate authority that signed `cert` (PEM); undefined for a configured certificate */
  ca?: string;
  /** true when the operator configured the certificate (PIGEONHOLE_TLS_CERT / _KEY) */
  configured: boolean;
}

export interface TlsOptions {
  dataDir: string;
  /** names and addresses the server certificate covers: the public host, localhost, 127.0.0.1, ... */
  hosts: string[];
  certFile?: string;
  keyFile?: string;
  now?: Date;
}

const DAY = 24 * 60 * 60 * 1000;
/** the local CA lives ten years: clients trust it once */
const CA_DAYS = 3650;
/**
 * The server certificate: under Apple's 825-day limit for TLS server certificates (which also
 * applies to user-trusted CAs), renewed at start once fewer than 30 days are left.
 */
const SERVER_DAYS = 800;
const RENEW_BEFORE_DAYS = 30;

/** Where the generated material lives, under the data directory. */
export function tlsFiles(dataDir: string) {
  const dir = join(dataDir, 'tls');
  return {
    dir,
    caCert: join(dir, 'ca.pem'),
    caKey: join(dir, 'ca-key.pem'),
    cert: join(dir, 'cert.pem'),
    key: join(dir, 'key.pem'),
  };
}

/**
 * The configured certificate, or one signed by a local certificate authority. The CA is made
 * at first start and kept in <dataDir>/tls, so clients that trust it (NODE_EXTRA_CA_CERTS, a
 * tls.ca option, a browser's certificate store) keep trusting the server across restarts.
 * The server certificate is re-issued from the same CA when it does not cover every host
 * (the public host changed), is close to expiry, or was not signed by that CA (a data
 * directory from before the CA, whose certificate was self-signed).
 */
export async function loadTls(options: TlsOptions): Promise<TlsMaterial> {
  if (options.certFile && options.keyFile) {
    return { cert: readFileSync(options.certFile, 'utf8'), key: readFileSync(options.keyFile, 'utf8'), configured: true };
  }
  const now = options.now ?? new Date();
  const files = tlsFiles(options.dataDir);
  mkdirSync(files.dir, { recursive: true });
  const hosts = [...new Set(options.hosts.map((h) => h.trim().replace(/^\[|\]$/g, '').toLowerCase()).filter(Boolean))];

  let ca = readPair(files.caCert, files.caKey);
  if (!ca || !usable(ca.x509, now, RENEW_BEFORE_DAYS) || !ca.x509.ca) {
    ca = await generateCa(now);
    writeKey(files.caKey, ca.key);
    writeAtomically(files.caCert, ca.cert);
  }

  let server = readPair(files.cert, files.key);
  if (!server || !usable(server.x509, now, RENEW_BEFORE_DAYS) || !issuedBy(server.x509, ca.x509) || !covers(server.x509, hosts)) {
    server = await generateServerCert(hosts, ca, now);
    writeKey(files.key, server.key);
    writeAtomically(files.cert, server.cert);
  }
  return { key: server.key, cert: server.cert, ca: ca.cert, configured: false };
}

interface Pair {
  cert: string;
  key: string;
  x509: X509Certificate;
}

/** A certificate and its key from disk; undefined when either is missing, unreadable or they do not match. */
function readPair(certFile: string, keyFile: string): Pair | undefined {
  if (!existsSync(certFile) || !existsSync(keyFile)) return undefined;
  try {
    const cert = readFileSync(certFile, 'utf8');
    const key = readFileSync(keyFile, 'utf8');
    const x509 = new X509Certificate(cert);
    if (!x509.checkPrivateKey(createPrivateKey(key))) return undefined;
    return { cert, key, x509 };
  } catch {
    return undefined;
  }
}

function usable(cert: X509Certificate, now: Date, marginDays: number): boolean {
  return new Date(cert.validFrom).getTime() <= now.getTime() + DAY && new Date(cert.validTo).getTime() > now.getTime() + marginDays * DAY;
}

function issuedBy(cert: X509Certificate, ca: X509Certificate): boolean {
  return cert.checkIssued(ca) && cert.verify(ca.publicKey);
}

/** selfsigned (and its ASN.1 code), loaded only when a certificate is to be made: most starts reuse the ones on disk. */
const generate: typeof import('selfsigned').generate = async (...args) => (await import('selfsigned')).default.generate(...args);

function covers(cert: X509Certificate, hosts: string[]): boolean {
  return hosts.every((host) => (isIP(host) ? cert.checkIP(host) !== undefined : cert.checkHost(host, { wildcards: false }) !== undefined));
}

async function generateCa(now: Date): Promise<Pair> {
  // A name of its own per installation, so two Pigeonhole CAs in one trust store never clash.
  const name = `Pigeonhole local CA (${hostname()}, ${randomBytes(4).toString('hex')})`;
  const generated = await generate(
    [{ name: 'commonName', value: name }, { name: 'organizationName', value: 'Pigeonhole' }],
    {
      keyType: 'rsa',
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate: new Date(now.getTime() - DAY),
      notAfterDate: new Date(now.getTime() + CA_DAYS * DAY),
      extensions: [
        { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
      ],
    },
  );
  return { cert: generated.cert, key: generated.private, x509: new X509Certificate(generated.cert) };
}

async function generateServerCert(hosts: string[], ca: Pair, now: Date): Promise<Pair> {
  const generated = await generate([{ name: 'commonName', value: hosts[0] ?? 'localhost' }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY),
    notAfterDate: new Date(now.getTime() + SERVER_DAYS * DAY),
    ca: { cert: ca.cert, key: ca.key },
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: hosts.map((host) => (isIP(host) ? { type: 7 as const, ip: host } : { type: 2 as const, value: host })) },
    ],
  });
  return { cert: generated.cert, key: generated.private, x509: new X509Certificate(generated.cert) };
}

/** A private key, readable by the owner only. */
function writeKey(file: string, pem: string): void {
  writeAtomically(file, pem, 0o600);
  chmodSync(file, 0o600);
}

/** Written beside and renamed into place, so a reader never sees half a file. */
function writeAtomically(file: string, content: string, mode = 0o644): void {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content, { mode });
  renameSync(temp, file);
}
