/** ARF feedback reports (RFC 5965) for tests. */

/** RFC 5965 appendix B.1's example, with CRLF line ends. */
export function sampleReport(options: { messageId?: string; recipient?: string; from?: string } = {}): Buffer {
  const lines = [
    'From: <abusedesk@example.net>',
    'Subject: FW: Earn money',
    'To: <feedback@pigeonhole.test>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report;',
    '     boundary="part1_13d.2e68ed54_boundary"',
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an email abuse report.',
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    'Original-Mail-From: <somespammer@example.net>',
    `Original-Rcpt-To: <${options.recipient ?? 'User@Example.com'}>`,
    'Arrival-Date: Thu, 8 Mar 2005 14:00:00 EDT',
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    `From: <${options.from ?? 'somespammer@example.net'}>`,
    'Subject: Earn money',
    `Message-ID: ${options.messageId ?? '<8787KJKJ3K4J3K4J3K4J3.mail@example.net>'}`,
    '',
    'Spam Spam Spam',
    '--part1_13d.2e68ed54_boundary--',
    '',
  ];
  return Buffer.from(lines.join('\r\n'));
}
