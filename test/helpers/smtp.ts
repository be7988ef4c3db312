import nodemailer from 'nodemailer';
import type { TestServer } from './server.js';

export type SmtpMode = 'plain' | 'starttls' | 'smtps';

/** A nodemailer transport to the test server; the self-signed certificate is accepted. */
export function smtpTransport(server: TestServer, mode: SmtpMode = 'plain') {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: mode === 'smtps' ? server.server.smtpsPort : server.server.smtpPort,
    secure: mode === 'smtps',
    requireTLS: mode === 'starttls',
    ignoreTLS: mode === 'plain',
    tls: { rejectUnauthorized: false },
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
