import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import selfsigned from 'selfsigned';
import { loadTls, tlsFiles, type TlsMaterial } from './tls.js';

const HOSTS = ['mail.example.test', 'localhost', '127.0.0.1', '::1'];

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'pigeonhole-tls-'));
}

/** A real TLS handshake: a server with the material, a client that trusts only `ca`. */
async function handshake(material: TlsMaterial, ca: string, target: { host: string; servername?: string }): Promise<{ authorized: boolean; error?: string }> {
  const server = tls.createServer({ key: material.key, cert: material.cert }, (socket) => socket.end());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const socket = tls.connect({ port: (server.address() as AddressInfo).port, host: target.host, servername: target.servername, ca });
    return await new Promise((resolve) => {
      socket.once('secureConnect', () => {
        resolve({ authorized: socket.authorized });
        socket.destroy();
      });
      socket.once('error', (err) => resolve({ authorized: false, error: err.message }));
    });
  } finally {
    server.close();
  }
}

test('first start makes a CA and a server certificate it signs, for every host, kept in <dataDir>/tls', async () => {
  const dataDir = tempDir();
  try {
    const material = await loadTls({ dataDir, hosts: HOSTS });
    assert.equal(material.configured, false);
    assert.ok(material.ca);
    const ca = new X509Certificate(material.ca);
    const cert = new X509Certificate(material.cert);
    assert.equal(ca.ca, true, 'the CA certificate is a CA');
    assert.equal(cert.ca, false, 'the server certificate is not');
    assert.ok(cert.checkIssued(ca) && cert.verify(ca.publicKey), 'signed by the CA');
    for (const host of ['mail.example.test', 'localhost']) assert.equal(cert.checkHost(host), host);
    assert.equal(cert.checkIP('127.0.0.1'), '127.0.0.1');
    assert.equal(cert.checkIP('::1'), '::1');
    assert.match(cert.keyUsage?.join(',') ?? '', /1\.3\.6\.1\.5\.5\.7\.3\.1/, 'extended key usage: TLS server');

    const files = tlsFiles(dataDir);
    assert.equal(readFileSync(files.caCert, 'utf8'), material.ca);
    assert.equal(readFileSync(files.cert, 'utf8'), material.cert);
    assert.equal(statSync(files.caKey).mode & 0o777, 0o600, 'the CA key is readable by the owner only');
    assert.equal(statSync(files.key).mode & 0o777, 0o600);

    // A client that trusts only the CA verifies the server by name and by address.
    assert.deepEqual(await handshake(material, material.ca, { host: '127.0.0.1' }), { authorized: true });
    assert.deepEqual(await handshake(material, material.ca, { host: '127.0.0.1', servername: 'localhost' }), { authorized: true });
    const untrusted = await handshake(material, (await selfsigned.generate([{ name: 'commonName', value: 'other' }])).cert, { host: '127.0.0.1' });
    assert.equal(untrusted.authorized, false, 'a client trusting another CA refuses it');
    assert.match(untrusted.error ?? '', /certificate/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a restart keeps the CA and the certificate; a new public host re-issues the certificate from the same CA', async () => {
  const dataDir = tempDir();
  try {
    const first = await loadTls({ dataDir, hosts: HOSTS });
    const again = await loadTls({ dataDir, hosts: HOSTS });
    assert.equal(again.ca, first.ca);
    assert.equal(again.cert, first.cert);
    assert.equal(again.key, first.key);

    const moved = await loadTls({ dataDir, hosts: ['mail.other.test', 'localhost', '127.0.0.1'] });
    assert.equal(moved.ca, first.ca, 'clients keep trusting the same CA');
    assert.notEqual(moved.cert, first.cert);
    assert.equal(new X509Certificate(moved.cert).checkHost('mail.other.test'), 'mail.other.test');
    assert.deepEqual(await handshake(moved, first.ca!, { host: '127.0.0.1', servername: 'mail.other.test' }), { authorized: true });

    // Close to expiry: renewed at start, still from the same CA.
    const later = await loadTls({ dataDir, hosts: ['mail.other.test', 'localhost', '127.0.0.1'], now: new Date(Date.now() + 790 * 24 * 3600 * 1000) });
    assert.equal(later.ca, first.ca);
    assert.notEqual(later.cert, moved.cert);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a data directory from before the CA (a self-signed certificate) gets a CA-signed certificate', async () => {
  const dataDir = tempDir();
  try {
    const files = tlsFiles(dataDir);
    mkdirSync(files.dir, { recursive: true });
    const old = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' });
    writeFileSync(files.cert, old.cert);
    writeFileSync(files.key, old.private);
    const material = await loadTls({ dataDir, hosts: HOSTS });
    assert.notEqual(material.cert, old.cert);
    assert.deepEqual(await handshake(material, material.ca!, { host: '127.0.0.1' }), { authorized: true });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a configured certificate is used as is: no CA, nothing written', async () => {
  const dataDir = tempDir();
  try {
    const own = await selfsigned.generate([{ name: 'commonName', value: 'mail.example.test' }], { keySize: 2048, algorithm: 'sha256' });
    const certFile = join(dataDir, 'own-cert.pem');
    const keyFile = join(dataDir, 'own-key.pem');
    writeFileSync(certFile, own.cert);
    writeFileSync(keyFile, own.private);
    const material = await loadTls({ dataDir, hosts: HOSTS, certFile, keyFile });
    assert.deepEqual(material, { cert: own.cert, key: own.private, configured: true });
    assert.equal(existsSync(tlsFiles(dataDir).dir), false, 'no local CA is made');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
