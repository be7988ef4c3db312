import nodemailer from 'nodemailer';
import type { RunningServer } from '../../src/main.js';
import type { TestServer } from './server.js';

export type SmtpMode = 'plain' | 'starttls' | 'smtps';

/**
 * A nodemailer transport to a test server (or any running node); its certificate is accepted
 * unchecked (test/integration/smtp-tls.test.ts verifies it against the CA). `plain` is the
 * plain port, `starttls` the submission port (the plain one offers no STARTTLS without a
 * configured certificate), `smtps` the implicit-TLS port. With `auth` the session logs in.
 */
export function smtpTransport(target: TestServer | RunningServer, mode: SmtpMode = 'plain', auth?: { user: string; pass: string }) {
  const ports = 'server' in target ? target.server : target;
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: mode === 'smtps' ? ports.smtpsPort : mode === 'starttls' ? ports.smtpSubmissionPort : ports.smtpPort,
    secure: mode === 'smtps',
    requireTLS: mode === 'starttls',
    ignoreTLS: mode === 'plain',
    tls: { rejectUnauthorized: false },
    ...(auth ? { auth } : {}),
  });
}

/** A small, exact RFC 5322 message with CRLF line endings. */
export function rawMessage(fields: { from?: string; to: string; subject: string; body: string; extraHeaders?: string[] }): Buffer {
  const lines = [
    `From: ${fields.from ?? 'Sender <sender@example.com>'}`,
    `To: ${fields.to}`,
    `Subject: ${fields.subject}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@example.com>`,
    'Date: Mon, 23 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...(fields.extraHeaders ?? []),
    '',
    fields.body,
    '',
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}
