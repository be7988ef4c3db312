/** Listener settings for tests. Imports nothing from src/ (the conformance tests use it). */

/** Every listener on a free port, so tests never collide with each other or a running service. */
export const EPHEMERAL_PORTS = {
  PIGEONHOLE_HTTP_PORT: '0',
  PIGEONHOLE_SMTP_PORT: '0',
  PIGEONHOLE_SMTPS_PORT: '0',
  PIGEONHOLE_SMTP_SUBMISSION_PORT: '0',
  PIGEONHOLE_IMAP_PORT: '0',
  PIGEONHOLE_IMAPS_PORT: '0',
} as const;
