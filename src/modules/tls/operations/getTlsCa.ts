import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { tlsOperation } from './define.js';

/**
 * The local certificate authority's certificate: PUBLIC, because a client needs it before it
 * has any key (NODE_EXTRA_CA_CERTS, imapflow's tls.ca, a browser's certificate store). It is
 * a certificate, never a key, so handing it to anyone gives away nothing.
 */
export const getTlsCa = tlsOperation({
  operationId: 'getTlsCa', method: 'GET', path: '/tls/ca.pem',
  summary: 'The certificate of the local CA that signs the SMTP and IMAP TLS certificate (PEM); trust it to verify TLS without turning checks off',
  access: 'public',
  response: Type.String({ description: 'PEM certificate (application/x-pem-file)' }),
  handler: (_call, { tls }) =>
    new Content(tls.caPem(), 'application/x-pem-file', { 'content-disposition': 'inline; filename="pigeonhole-ca.pem"' }),
});
