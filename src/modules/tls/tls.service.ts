import { notFound } from '../../core/errors.js';

/**
 * The certificate authority mail clients should trust, as GET /tls/ca.pem serves it. The
 * composition root hands it over once the TLS material is loaded (the transports make it);
 * with a configured certificate (PIGEONHOLE_TLS_CERT) there is no local CA to hand out.
 */
export class TlsCaService {
  private pem: string | undefined;

  /** Called by main.ts: the local CA's certificate, or undefined for a configured certificate. */
  use(caPem: string | undefined): void {
    this.pem = caPem;
  }

  /** The CA certificate (PEM); 404 when the server uses a configured certificate. */
  caPem(): string {
    if (!this.pem) {
      throw notFound('No local certificate authority: this server uses the certificate configured with PIGEONHOLE_TLS_CERT; trust its issuer instead');
    }
    return this.pem;
  }
}
